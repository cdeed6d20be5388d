import { useLingui } from '@lingui/react/macro'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { type MouseEvent } from 'react'
import { LOCALES, type Locale } from '#shared/domain/limits.ts'
import { usePageLanguageLinks } from '#client/common/use-cms-navigation.ts'
import { LOCALE_AUTONYMS, localizePathname } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { opensElsewhere } from '#client/common/link-clicks.ts'

/**
 * Same page, other language: only the locale prefix of the path changes; search and hash stay. On a CMS page the
 * page's own language links are used.
 */
export function LanguageSwitch() {
  const { t } = useLingui()
  const current = useLocale()
  const navigate = useNavigate()
  const location = useLocation({
    select: (loc) => ({ pathname: loc.pathname, searchStr: loc.searchStr, hash: loc.hash }),
  })
  // A CMS page names its own translations (its slug may differ per language).
  const pageLanguages = usePageLanguageLinks()
  const hrefFor = (locale: Locale) =>
    `${pageLanguages?.[locale] ?? localizePathname(location.pathname, locale)}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`

  const onClick = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    // Let the browser handle new tabs and windows.
    if (opensElsewhere(event)) return
    event.preventDefault()
    void navigate({ href })
  }

  return (
    <nav className="language-switch" aria-label={t`Sprache wählen`}>
      <ul>
        {LOCALES.map((locale) => {
          const href = hrefFor(locale)
          return (
            <li key={locale}>
              <a
                href={href}
                hrefLang={locale}
                lang={locale}
                aria-current={locale === current ? 'true' : undefined}
                onClick={(event) => onClick(event, href)}
              >
                <span aria-hidden="true">{locale.toUpperCase()}</span>
                <span className="visually-hidden">{LOCALE_AUTONYMS[locale]}</span>
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
