import { useLingui } from '@lingui/react/macro'
import { CmsLink } from '#client/common/cms-link.tsx'
import { useCmsNavigationList, useIsCurrentLink } from '#client/common/use-cms-navigation.ts'

/** The main navigation (part 2 §2: portfolio, about, contact, downloads) from the CMS list `main`. */
export function MainNavigation() {
  const { t } = useLingui()
  const entries = useCmsNavigationList('main')
  const isCurrent = useIsCurrentLink()
  return (
    <nav className="main-navigation" aria-label={t`Hauptnavigation`}>
      <ul>
        {entries.map((entry) => (
          <li key={`${entry.link}:${entry.title}`}>
            <CmsLink href={entry.link} aria-current={isCurrent(entry.link) ? 'page' : undefined}>
              {entry.title}
            </CmsLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
