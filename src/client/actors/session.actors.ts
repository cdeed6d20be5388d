import { fromPromise } from 'xstate'
import { sessionMachine } from '#machines/session/session.machine.ts'
import {
  LOGOUT_PATH,
  REFRESH_PATH,
  SessionResponseSchema,
  type SessionUser,
} from '#shared/contracts/auth.contract.ts'
import { notify, type NotificationsRef } from './notify.ts'

export type SessionDeps = {
  fetch: typeof fetch
  notifications: NotificationsRef
  /** The session's user appeared or went (the app tells the preferences, which follow the account). */
  onUserChanged: (user: SessionUser | null) => void
}

/**
 * `POST /api/auth/refresh`: 201 with the session's user means logged in; any other status, or a body that is not a
 * session, counts as logged out (the session machine then treats the visitor as a guest).
 */
export async function refreshSessionUser(fetchFn: typeof fetch, signal: AbortSignal) {
  const response = await fetchFn(REFRESH_PATH, { method: 'POST', credentials: 'same-origin', signal })
  if (response.status !== 201) return { user: null }
  const parsed = SessionResponseSchema.safeParse(await response.json().catch(() => null))
  return { user: parsed.success ? parsed.data.user : null }
}

/**
 * The session against the API: refresh (201 = logged in, with the user) and `POST /api/auth/logout`. Leaving a
 * login-required page after logout is the login guard's part (RequireLogin, docs/decisions/0088).
 */
export function createSessionActors(deps: SessionDeps) {
  return sessionMachine.provide({
    actors: {
      refreshSession: fromPromise(({ signal }) => refreshSessionUser(deps.fetch, signal)),
      logout: fromPromise(async ({ signal }) => {
        const response = await deps.fetch(LOGOUT_PATH, {
          method: 'POST',
          credentials: 'same-origin',
          signal,
        })
        if (!response.ok) throw new Error(`logout failed with status ${response.status}`)
      }),
    },
    actions: {
      notifyLoggedOut: () => notify(deps.notifications, 'logout-success'),
      notifyLogoutFailed: () => notify(deps.notifications, 'generic-warning'),
      notifyUserChanged: (_, params) => deps.onUserChanged(params.user),
    },
  })
}
