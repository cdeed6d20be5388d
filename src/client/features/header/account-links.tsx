import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'

/** Account and logout when logged in, login when logged out, nothing while the session is being checked. */
export function AccountLinks() {
  const { session } = useAppActors()
  const locale = useLocale()
  const params = { locale: localeParam(locale) }
  const isChecking = useSelector(session, (snapshot) => snapshot.hasTag('checking'))
  const isLoggedIn = useSelector(session, (snapshot) => snapshot.hasTag('logged-in'))
  const canLogout = useSelector(session, (snapshot) => snapshot.can({ type: 'session.logout' }))

  if (isChecking) return null
  return (
    <ul className="account-links">
      {isLoggedIn ? (
        <>
          <li>
            <Link to="/{-$locale}/account" params={params}>
              <Trans>Mein Konto</Trans>
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="link-button"
              disabled={!canLogout}
              onClick={() => session.send({ type: 'session.logout' })}
            >
              <Trans>Abmelden</Trans>
            </button>
          </li>
        </>
      ) : (
        <li>
          <Link to="/{-$locale}/login" params={params}>
            <Trans>Anmelden</Trans>
          </Link>
        </li>
      )}
    </ul>
  )
}
