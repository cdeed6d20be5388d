import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useAppActors } from '#client/app/app-actors.tsx'
import './outdated-browser-warning.css'

/** Shown for a while after the cookie choice when the browser is outdated (spec part 1 §4). */
export function OutdatedBrowserWarning() {
  const { cookieConsent } = useAppActors()
  const isShown = useSelector(cookieConsent, (snapshot) => snapshot.hasTag('outdated-browser-warning'))
  if (!isShown) return null
  return (
    <div className="outdated-browser-warning" role="alert">
      <p>
        <strong>
          <Trans>Ihr Browser ist veraltet.</Trans>
        </strong>{' '}
        <Trans>
          Einige Funktionen unseres Shops funktionieren darin nicht. Bitte nutzen Sie einen aktuellen Browser
          wie Firefox, Chrome, Edge oder Safari.
        </Trans>
      </p>
    </div>
  )
}
