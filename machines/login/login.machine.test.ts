import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { type SessionUser } from '#shared/contracts/auth.contract.ts'
import { privateUser } from '../session/session.fixtures.ts'
import { destinationAfterLogin, loginFailureOf, loginMachine, type SignInInput } from './login.machine.ts'
import { throttled, unavailable, wrongCredentials } from './login.paths.ts'

/** A login actor whose sign-in answers with `answer` (an object with `status` rejects). */
const start = (answer: SessionUser | object) => {
  const signIn = vi.fn(async ({ input }: { input: SignInInput }) => {
    void input
    if ('status' in answer) throw answer
    return answer as SessionUser
  })
  const tellSession = vi.fn()
  const navigate = vi.fn()
  const actor = createActor(
    loginMachine.provide({
      actors: { signIn: fromPromise(signIn) },
      actions: {
        tellSession: (_, params) => tellSession(params.user),
        navigate: (_, params) => navigate(params.to),
      },
    }),
  ).start()
  return { actor, signIn, tellSession, navigate }
}

const fill = (actor: ReturnType<typeof start>['actor'], username: string, password: string) => {
  actor.send({ type: 'login.setUsername', value: username })
  actor.send({ type: 'login.setPassword', value: password })
}

describe('loginMachine', () => {
  it('cannot submit while the trimmed username or the password is empty', () => {
    const { actor } = start(privateUser)
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(false)
    fill(actor, '   ', 'geheim123')
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(false)
    fill(actor, 'erika', '   ')
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(false)
    fill(actor, 'erika', 'geheim123')
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(true)
  })

  it('signs in with the trimmed username, tells the session and goes to the account', async () => {
    const { actor, signIn, tellSession, navigate } = start(privateUser)
    fill(actor, '  erika ', ' geheim123')
    actor.send({ type: 'login.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.hasTag('signed-in'))
    expect(signIn.mock.calls[0]?.[0].input).toEqual({ username: 'erika', password: ' geheim123' })
    expect(tellSession).toHaveBeenCalledExactlyOnceWith(privateUser)
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/account')
    expect(actor.getSnapshot().context.password).toBe('')
  })

  it('returns to the remembered target, or continues the checkout when the cart has items', async () => {
    const remembered = start(privateUser)
    remembered.actor.send({ type: 'login.open', returnTo: '/profile-update' })
    fill(remembered.actor, 'erika', 'geheim123')
    remembered.actor.send({ type: 'login.submit' })
    await waitFor(remembered.actor, (snapshot) => snapshot.hasTag('signed-in'))
    expect(remembered.navigate).toHaveBeenCalledExactlyOnceWith('/profile-update')

    const withCart = start(privateUser)
    withCart.actor.send({ type: 'login.open', returnTo: '/profile-update' })
    withCart.actor.send({ type: 'login.cartChanged', hasItems: true })
    fill(withCart.actor, 'erika', 'geheim123')
    withCart.actor.send({ type: 'login.submit' })
    await waitFor(withCart.actor, (snapshot) => snapshot.hasTag('signed-in'))
    expect(withCart.navigate).toHaveBeenCalledExactlyOnceWith('/payment-details')
  })

  it.each([
    [wrongCredentials, { kind: 'wrongCredentials' }],
    [throttled, { kind: 'throttled', retryAfterSeconds: 30 }],
    [unavailable, { kind: 'failed' }],
  ])('shows why a sign-in failed (%o) and stays on the form', async (error, failure) => {
    const { actor, tellSession, navigate } = start(error)
    fill(actor, 'erika', 'falsch')
    actor.send({ type: 'login.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.failure).toEqual(failure)
    expect(tellSession).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('opening the page again clears the form and the failure', async () => {
    const { actor } = start(wrongCredentials)
    fill(actor, 'erika', 'falsch')
    actor.send({ type: 'login.submit' })
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null)
    actor.send({ type: 'login.open', returnTo: null })
    expect(actor.getSnapshot().context).toMatchObject({
      username: '',
      password: '',
      failure: null,
      returnTo: null,
    })
  })
})

describe('login rules', () => {
  it('goes to /payment-details with items, else the target, else /account', () => {
    expect(destinationAfterLogin({ cartHasItems: true, returnTo: '/mail-update' })).toBe('/payment-details')
    expect(destinationAfterLogin({ cartHasItems: false, returnTo: '/mail-update' })).toBe('/mail-update')
    expect(destinationAfterLogin({ cartHasItems: false, returnTo: null })).toBe('/account')
  })

  it('reads a throttle without a usable wait as a minute', () => {
    expect(loginFailureOf({ status: 429 })).toEqual({ kind: 'throttled', retryAfterSeconds: 60 })
    expect(loginFailureOf({ status: 429, retryAfterSeconds: 2.2 })).toEqual({
      kind: 'throttled',
      retryAfterSeconds: 3,
    })
    expect(loginFailureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed' })
  })
})
