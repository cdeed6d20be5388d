import { Trans } from '@lingui/react/macro'
import { Navigate, useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode } from 'react'
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

  if (state === 'checking')
    return (
      <p className="account-guard" role="status">
        <Trans>Anmeldung wird geprüft …</Trans>
      </p>
    )
  if (state === 'loggedIn') return children
  const returnTo =
    state === 'loggedOut'
      ? safeReturnTo(`${stripLocalePrefix(location.pathname)}${location.searchStr}`)
      : undefined
  const search: LoginSearch = returnTo === undefined ? {} : { returnTo }
  return <Navigate to="/{-$locale}/login" params={{ locale: localeParam(locale) }} search={search} replace />
}
