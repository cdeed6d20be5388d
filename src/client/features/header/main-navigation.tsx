import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'

/** The main navigation (part 2 §2: portfolio, about, contact, downloads); the CMS fills it in a later issue. */
export function MainNavigation() {
  const { t } = useLingui()
  const locale = useLocale()
  const params = { locale: localeParam(locale) }
  return (
    <nav className="main-navigation" aria-label={t`Hauptnavigation`}>
      <ul>
        <li>
          <Link to="/{-$locale}/$" params={{ ...params, _splat: 'portfolio' }}>
            {t`Portfolio`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/$" params={{ ...params, _splat: 'ueber-uns' }}>
            {t`Über uns`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/kontakt" params={params}>
            {t`Kontakt`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/$" params={{ ...params, _splat: 'downloads' }}>
            {t`Downloads`}
          </Link>
        </li>
      </ul>
    </nav>
  )
}
