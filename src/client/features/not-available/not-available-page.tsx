import { Trans } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import './not-available-page.css'

/** 4xx: the page moved or is gone; 5xx: the server could not process the request (spec part 2 §2). */
export function NotAvailablePage({ status }: { status: number | undefined }) {
  const locale = useLocale()
  const isServerError = status !== undefined && status >= 500
  return (
    <section className="not-available" aria-labelledby="not-available-title">
      <h1 id="not-available-title">
        {isServerError ? (
          <Trans>Da ist etwas schiefgelaufen</Trans>
        ) : (
          <Trans>Diese Seite ist nicht verfügbar</Trans>
        )}
      </h1>
      <p>
        {isServerError ? (
          <Trans>
            Der Server konnte Ihre Anfrage gerade nicht verarbeiten. Bitte versuchen Sie es zu einem späteren
            Zeitpunkt erneut.
          </Trans>
        ) : (
          <Trans>Die Seite wurde verschoben oder existiert nicht mehr.</Trans>
        )}
      </p>
      {status !== undefined && (
        <p className="not-available__status">
          <Trans>Fehlercode: {status}</Trans>
        </p>
      )}
      <p>
        <Link to="/{-$locale}" params={{ locale: localeParam(locale) }} className="button button--primary">
          <Trans>Zurück zur Startseite</Trans>
        </Link>
      </p>
    </section>
  )
}

const notAvailableRoute = getRouteApi('/{-$locale}/not-available')

/** The `/not-available` route: the wording follows its validated `status` search param. */
export function NotAvailableRoutePage() {
  const status = notAvailableRoute.useSearch({ select: (search) => search.status })
  return <NotAvailablePage status={status} />
}
