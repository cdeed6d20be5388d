import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'

/** The way back from an update page to the account dashboard, in the current language. */
export function BackToAccountLink() {
  const params = { locale: localeParam(useLocale()) }
  return (
    <p>
      <Link to="/{-$locale}/account" params={params}>
        <Trans>Zurück zu Ihrem Konto</Trans>
      </Link>
    </p>
  )
}
