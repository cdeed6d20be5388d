import { Trans } from '@lingui/react/macro'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { localeParam, stripLocalePrefix } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { type LoginSearch, safeReturnTo } from './return-target.ts'
import './account.css'

type GuardState = 'checking' | 'loggedIn' | 'loggedOut' | 'loggedOutByUser'

/**
 * The route guard of every login-required page (spec part 2 §4): waits while the session is being checked, renders
 * the page when logged in, and otherwise replaces it with `/login`, remembering the page as the return target. After
 * the user's own logout there is no return target (docs/decisions/0088): the next person at this browser starts at
 * the login page, not at the previous user's page.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { session } = useAppActors()
  const locale = useLocale()
  const location = useLocation()
  const state = useSelector(session, (snapshot): GuardState => {
    if (snapshot.hasTag('checking')) return 'checking'
    if (snapshot.hasTag('logged-in')) return 'loggedIn'
    return snapshot.context.endedByLogout ? 'loggedOutByUser' : 'loggedOut'
  })

  const returnTo =
    state === 'loggedOut'
      ? safeReturnTo(`${stripLocalePrefix(location.pathname)}${location.searchStr}`)
      : undefined
  const navigate = useNavigate()
  // While the login page loads, this page is still mounted but the location already is /login: leave it alone.
  const mustLeave =
    (state === 'loggedOut' || state === 'loggedOutByUser') &&
    stripLocalePrefix(location.pathname) !== '/login'
  // Navigate once per target: a <Navigate> re-navigates on every render while the login chunk loads (a loop).
  useEffect(() => {
    if (!mustLeave) return
    const search: LoginSearch = returnTo === undefined ? {} : { returnTo }
    void navigate({ to: '/{-$locale}/login', params: { locale: localeParam(locale) }, search, replace: true })
  }, [mustLeave, returnTo, locale, navigate])

  if (state === 'loggedIn') return children
  return (
    <p className="account-guard" role="status">
      <Trans>Anmeldung wird geprüft …</Trans>
    </p>
  )
}
