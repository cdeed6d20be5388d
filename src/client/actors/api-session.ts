import { createActor, fromPromise, toPromise } from 'xstate'
import { apiCallMachine } from '#machines/api-call/api-call.machine.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { abortError, ApiRequestError, type SessionRunner } from './api-client.ts'

export type SessionGuardDeps = {
  /** `POST /api/auth/refresh`: 201 means the session was refreshed. */
  refresh: (signal: AbortSignal) => Promise<{ loggedIn: boolean }>
  /** Go to the login page, coming back to `returnTo` afterwards. */
  redirectToLogin: (returnTo: string) => void
  /** Tell the session machine (`session.expired`). */
  notifySessionExpired: () => void
  /** Where the user is now (the login page returns there). */
  returnTo: () => string
}

/** The session refresh call as the session actors make it: 201 = logged in. */
export function refreshSessionCall(fetchFn: typeof fetch) {
  return async (signal: AbortSignal) => {
    const response = await fetchFn('/api/auth/refresh', {
      method: 'POST',
      credentials: 'same-origin',
      signal,
    })
    return { loggedIn: response.status === 201 }
  }
}

/**
 * Runs each API request in an `apiCall` actor (spec part 1 §8, part 2 §4): a 403 triggers one session refresh and one
 * retry; a refused refresh or a second 403 sends the user to the login page. Aborting `signal` cancels the call.
 */
export function createSessionGuard(deps: SessionGuardDeps): SessionRunner {
  const logic = (request: (signal: AbortSignal) => Promise<unknown>) =>
    apiCallMachine.provide({
      actors: {
        request: fromPromise(({ signal }) => request(signal)),
        refresh: fromPromise(({ signal }) => deps.refresh(signal)),
      },
      actions: {
        redirectToLogin: (_, params) => deps.redirectToLogin(params.returnTo),
        notifySessionExpired: () => deps.notifySessionExpired(),
      },
    })

  return async <T>(request: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> => {
    if (signal?.aborted) throw abortError()
    const actor = createActor(logic(request), { input: { returnTo: deps.returnTo() } })
    const cancel = () => actor.send({ type: 'apiCall.cancel' })
    signal?.addEventListener('abort', cancel, { once: true })
    try {
      actor.start()
      const output = await toPromise(actor)
      switch (output.status) {
        case 'succeeded':
          return output.response as T
        case 'failed':
          throw output.error
        case 'loginRequired':
          throw new ApiRequestError(ErrorCode.Forbidden, 403, 'the session has expired')
        case 'cancelled':
          throw abortError()
      }
    } finally {
      signal?.removeEventListener('abort', cancel)
    }
  }
}
