import { fromPromise } from 'xstate'
import { sessionMachine } from '#machines/session/session.machine.ts'
import { notify, type NotificationsRef } from './notify.ts'

export type SessionDeps = {
  fetch: typeof fetch
  notifications: NotificationsRef
  /** Leaves account pages and order details for the home page (spec part 1 §2). */
  leaveAccountPages: () => void
}

/** The session against the API: `POST /api/auth/refresh` (201 = logged in) and `POST /api/auth/logout`. */
export function createSessionActors(deps: SessionDeps) {
  return sessionMachine.provide({
    actors: {
      refreshSession: fromPromise(async ({ signal }) => {
        const response = await deps.fetch('/api/auth/refresh', {
          method: 'POST',
          credentials: 'same-origin',
          signal,
        })
        return { loggedIn: response.status === 201 }
      }),
      logout: fromPromise(async ({ signal }) => {
        const response = await deps.fetch('/api/auth/logout', {
          method: 'POST',
          credentials: 'same-origin',
          signal,
        })
        if (!response.ok) throw new Error(`logout failed with status ${response.status}`)
      }),
    },
    actions: {
      notifyLoggedOut: () => {
        notify(deps.notifications, 'logout-success')
        deps.leaveAccountPages()
      },
      notifyLogoutFailed: () => notify(deps.notifications, 'generic-warning'),
    },
  })
}
