import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type MouseEvent, type ReactNode } from 'react'
import { isSafeHref } from '#shared/contracts/cms.contract.ts'
import { isSuspiciousHref } from '#shared/domain/cms-html.ts'
import { opensElsewhere } from '#client/common/link-clicks.ts'

/**
 * A link the view renders: a safe URL by the contract (relative, http(s) or mailto) that, like the server's sanitiser,
 * holds no markup characters and names no script or data scheme anywhere (`/x?javascript:…`).
 */
export const isRenderableHref = (href: string): boolean => isSafeHref(href) && !isSuspiciousHref(href)

/** A shop path (`/kontakt`, `/en/kontakt#contact-form`): followed inside the app. */
export const isInternalHref = (href: string): boolean => href.startsWith('/') && !/^\/[/\\]/.test(href)
export const isExternalHref = (href: string): boolean => /^https?:\/\//i.test(href)

/** A path without its hash and query, for comparing with the current location. */
export const pathOf = (href: string): string => {
  const path = href.replace(/[?#].*$/, '')
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * A link from CMS data (navigation, breadcrumbs, header links, bodytext): shop paths navigate in the app, other sites
 * open in a new window, `mailto:` and in-page anchors are plain links. An unsafe URL (which the contract already
 * refuses) renders its text only.
 */
export function CmsLink(props: {
  href: string
  children: ReactNode
  className?: string
  'aria-current'?: 'page' | 'true' | undefined
  'aria-describedby'?: string | undefined
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { href, children, ...rest } = props
  if (!isRenderableHref(href)) return <>{children}</>
  if (isInternalHref(href)) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      // New tabs and windows are the browser's business.
      if (opensElsewhere(event)) return
      event.preventDefault()
      void navigate({ href })
    }
    return (
      <a href={href} onClick={onClick} {...rest}>
        {children}
      </a>
    )
  }
  if (isExternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span className="visually-hidden"> {t`(öffnet in neuem Fenster)`}</span>
      </a>
    )
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  )
}
