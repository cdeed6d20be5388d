import { createActor, fromPromise, toPromise } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '#shared/errors/app-error.ts'
import { errorCodeOf, httpStatusOf, isForbidden, isNotFound, isSessionRefused } from './api-error.ts'
import { apiCallMachine } from './api-call.machine.ts'
import { forbidden, unauthorized, unavailable } from './api-call.paths.ts'

/** Runs one call whose request answers with `answers` in turn (an Error-like object rejects). */
const run = async (answers: unknown[], refresh: { loggedIn: boolean } | Error = { loggedIn: true }) => {
  const request = vi.fn(async () => {
    const answer = answers.shift()
    if (answer instanceof Error || (typeof answer === 'object' && answer !== null && 'status' in answer))
      throw answer
    return answer
  })
  const refreshCall = vi.fn(async () => {
    if (refresh instanceof Error) throw refresh
    return refresh
  })
  const redirectToLogin = vi.fn()
  const notifySessionExpired = vi.fn()
  const actor = createActor(
    apiCallMachine.provide({
      actors: { request: fromPromise(request), refresh: fromPromise(refreshCall) },
      actions: { redirectToLogin: (_, params) => redirectToLogin(params), notifySessionExpired },
    }),
    { input: { returnTo: '/account' } },
  ).start()
  const output = await toPromise(actor)
  return { output, request, refreshCall, redirectToLogin, notifySessionExpired }
}

describe('apiCallMachine', () => {
  it('hands back the response of a call that succeeds', async () => {
    const { output, refreshCall } = await run([{ _id: 'cart-1' }])
    expect(output).toEqual({ status: 'succeeded', response: { _id: 'cart-1' } })
    expect(refreshCall).not.toHaveBeenCalled()
  })

  it('on a 403 refreshes the session and retries once', async () => {
    const { output, request, refreshCall, redirectToLogin } = await run([forbidden, { ok: true }])
    expect(output).toEqual({ status: 'succeeded', response: { ok: true } })
    expect(refreshCall).toHaveBeenCalledTimes(1)
    expect(request).toHaveBeenCalledTimes(2)
    expect(redirectToLogin).not.toHaveBeenCalled()
  })

  it('treats a 401 like a 403: refresh, retry, then login (a 403 after a 401 is final too)', async () => {
    const retried = await run([unauthorized, { ok: true }])
    expect(retried.output).toEqual({ status: 'succeeded', response: { ok: true } })
    expect(retried.refreshCall).toHaveBeenCalledTimes(1)
    const refused = await run([unauthorized, forbidden])
    expect(refused.output).toEqual({ status: 'loginRequired', returnTo: '/account' })
    expect(refused.refreshCall).toHaveBeenCalledTimes(1)
    expect(refused.redirectToLogin).toHaveBeenCalledExactlyOnceWith({ returnTo: '/account' })
  })

  it('redirects to login, remembering the target, when the retry is refused again', async () => {
    const { output, request, redirectToLogin, notifySessionExpired } = await run([forbidden, forbidden])
    expect(output).toEqual({ status: 'loginRequired', returnTo: '/account' })
    expect(request).toHaveBeenCalledTimes(2)
    expect(redirectToLogin).toHaveBeenCalledExactlyOnceWith({ returnTo: '/account' })
    expect(notifySessionExpired).toHaveBeenCalledTimes(1)
  })

  it('redirects to login without a retry when the refresh says logged out or fails', async () => {
    for (const refresh of [{ loggedIn: false }, new Error('offline')]) {
      const { output, request, redirectToLogin } = await run([forbidden], refresh)
      expect(output.status).toBe('loginRequired')
      expect(request).toHaveBeenCalledTimes(1)
      expect(redirectToLogin).toHaveBeenCalledTimes(1)
    }
  })

  it('fails with the error code for anything but a 403, without refreshing', async () => {
    const { output, refreshCall, redirectToLogin } = await run([unavailable])
    expect(output).toEqual({ status: 'failed', code: 'service_unavailable', error: unavailable })
    expect(refreshCall).not.toHaveBeenCalled()
    expect(redirectToLogin).not.toHaveBeenCalled()
  })

  it('a failure after a successful retry is a plain failure', async () => {
    const { output } = await run([forbidden, new AppError('not_found')])
    expect(output).toMatchObject({ status: 'failed', code: 'not_found' })
  })
})

describe('apiCall cancel', () => {
  it('stops the running request when the caller gives up', async () => {
    let signal: AbortSignal | undefined
    const actor = createActor(
      apiCallMachine.provide({
        actors: {
          request: fromPromise(({ signal: given }) => {
            signal = given
            return new Promise(() => {})
          }),
        },
      }),
      { input: { returnTo: '/' } },
    ).start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    actor.send({ type: 'apiCall.cancel' })
    expect(await toPromise(actor)).toEqual({ status: 'cancelled' })
    expect(signal?.aborted).toBe(true)
  })
})

describe('api errors', () => {
  it('reads code and status from AppError-like failures, internal_error otherwise', () => {
    expect(errorCodeOf(new AppError('forbidden'))).toBe('forbidden')
    expect(errorCodeOf({ code: 'no-such-code' })).toBe('internal_error')
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('internal_error')
    expect(httpStatusOf({ status: 418 })).toBe(418)
    expect(httpStatusOf({ code: 'not_found' })).toBe(404)
    expect(httpStatusOf(null)).toBeNull()
    expect(isForbidden(new AppError('forbidden'))).toBe(true)
    expect(isForbidden(new AppError('unauthorized'))).toBe(false)
    expect(isSessionRefused(new AppError('unauthorized'))).toBe(true)
    expect(isSessionRefused({ status: 403 })).toBe(true)
    expect(isSessionRefused({ status: 404 })).toBe(false)
    expect(isNotFound({ status: 404 })).toBe(true)
  })
})
