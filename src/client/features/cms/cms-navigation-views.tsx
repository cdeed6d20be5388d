import { useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { type CSSProperties } from 'react'
import { type CmsBreadcrumb, type CmsStoryEntry } from '#shared/contracts/cms.contract.ts'
import { STORY_NAV_STICKY_PX } from '#shared/domain/limits.ts'
import { CmsLink, pathOf } from '#client/common/cms-link.tsx'

/** The breadcrumbs of a CMS page (spec part 1 §3, part 2 §2); the last one is the page itself. */
export function Breadcrumbs({ items }: { items: readonly CmsBreadcrumb[] }) {
  const { t } = useLingui()
  if (items.length < 2) return null
  return (
    <nav className="cms-breadcrumbs" aria-label={t`Brotkrümelnavigation`}>
      <ol>
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li key={`${item.link}-${index}`} aria-current="page">
              {item.title}
            </li>
          ) : (
            <li key={`${item.link}-${index}`}>
              <CmsLink href={item.link}>{item.title}</CmsLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  )
}

/** The sticky offsets of part 1 §9 as CSS variables; `cms.css` picks one per viewport and header size. */
const STICKY_OFFSETS = {
  '--story-nav-top-desktop': `${STORY_NAV_STICKY_PX.desktop}px`,
  '--story-nav-top-compact': `${STORY_NAV_STICKY_PX.desktopCompact}px`,
  '--story-nav-top-mobile': `${STORY_NAV_STICKY_PX.mobile}px`,
} as CSSProperties

/**
 * The story (content) navigation (spec part 2 §2: consulting, construction, production with their sections): sticks
 * below the header with `position: sticky` at 178 px on desktop (112 px with the compact header) and 56 px on
 * mobile. The entry of the current page is marked.
 */
export function StoryNavigation({ entries }: { entries: readonly CmsStoryEntry[] }) {
  const { t } = useLingui()
  const pathname = useLocation({ select: (location) => location.pathname })
  if (entries.length === 0) return null
  const isCurrent = (link: string) => !link.includes('#') && pathOf(link) === pathOf(pathname)
  return (
    <nav className="cms-story-nav" aria-label={t`Themen`} style={STICKY_OFFSETS}>
      <ul className="cms-story-nav__list">
        {entries.map((entry) => (
          <li key={entry.link} className="cms-story-nav__item">
            <CmsLink href={entry.link} aria-current={isCurrent(entry.link) ? 'page' : undefined}>
              {entry.title}
            </CmsLink>
            {entry.children.length > 0 && (
              <ul className="cms-story-nav__children">
                {entry.children.map((child) => (
                  <li key={child.link}>
                    <CmsLink href={child.link} aria-current={isCurrent(child.link) ? 'page' : undefined}>
                      {child.title}
                    </CmsLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
