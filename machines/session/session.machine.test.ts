import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { businessUser, privateUser } from './session.fixtures.ts'
import { type RefreshOutput, sessionMachine } from './session.machine.ts'

const start = async (refresh: RefreshOutput | Error, logoutFails = false) => {
  const notifyLoggedOut = vi.fn()
  const notifyLogoutFailed = vi.fn()
  const userChanges: unknown[] = []
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        refreshSession: fromPromise(async () => {
          if (refresh instanceof Error) throw refresh
          return refresh
        }),
        logout: fromPromise(async () => {
          if (logoutFails) throw new Error('offline')
        }),
      },
      actions: {
        notifyLoggedOut,
        notifyLogoutFailed,
        notifyUserChanged: (_, params) => userChanges.push(params.user),
      },
    }),
  ).start()
  expect(actor.getSnapshot().hasTag('checking')).toBe(true)
  await waitFor(actor, (snapshot) => !snapshot.hasTag('checking'))
  return { actor, notifyLoggedOut, notifyLogoutFailed, userChanges }
}

describe('sessionMachine', () => {
  it("is logged in with the refresh answer's user", async () => {
    const { actor } = await start({ user: privateUser })
    expect(actor.getSnapshot().value).toBe('loggedIn')
    expect(actor.getSnapshot().hasTag('logged-in')).toBe(true)
    expect(actor.getSnapshot().context.user).toEqual(privateUser)
  })

  it('is logged out when the refresh call says not, or fails', async () => {
    expect((await start({ user: null })).actor.getSnapshot().value).toBe('loggedOut')
    const { actor } = await start(new Error('offline'))
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(actor.getSnapshot().hasTag('logged-in')).toBe(false)
  })

  it('logs out through the server and notifies', async () => {
    const { actor, notifyLoggedOut } = await start({ user: privateUser })
    actor.send({ type: 'session.logout' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().hasTag('logged-in')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.matches('loggedOut'))
    expect(notifyLoggedOut).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context).toEqual({ user: null, endedByLogout: true })
  })

  it('stays logged in and warns when the logout call fails', async () => {
    const { actor, notifyLoggedOut, notifyLogoutFailed } = await start({ user: privateUser }, true)
    actor.send({ type: 'session.logout' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(actor.getSnapshot().value).toBe('loggedIn')
    expect(notifyLogoutFailed).toHaveBeenCalledTimes(1)
    expect(notifyLoggedOut).not.toHaveBeenCalled()
  })

  it('is logged in after a login form, and out when the session expires', async () => {
    const { actor } = await start({ user: null })
    actor.send({ type: 'session.loggedIn', user: businessUser })
    expect(actor.getSnapshot().value).toBe('loggedIn')
    expect(actor.getSnapshot().context.user).toEqual(businessUser)
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().value).toBe('loggedOut')
    // Expired, not logged out by the user: the login page remembers where the user was.
    expect(actor.getSnapshot().context).toEqual({ user: null, endedByLogout: false })
  })

  it('cannot log out when logged out, nor log in while checking', async () => {
    const { actor } = await start({ user: null })
    expect(actor.getSnapshot().can({ type: 'session.logout' })).toBe(false)
    const checking = createActor(
      sessionMachine.provide({
        actors: { refreshSession: fromPromise(() => new Promise<RefreshOutput>(() => {})) },
      }),
    ).start()
    expect(checking.getSnapshot().can({ type: 'session.loggedIn', user: privateUser })).toBe(false)
    checking.stop()
  })

  it('tells when its user appears or goes (the preferences follow the account)', async () => {
    const { actor, userChanges } = await start({ user: businessUser })
    expect(userChanges).toEqual([businessUser])
    actor.send({ type: 'session.logout' })
    await waitFor(actor, (snapshot) => snapshot.matches('loggedOut'))
    actor.send({ type: 'session.loggedIn', user: privateUser })
    actor.send({ type: 'session.expired' })
    expect(userChanges).toEqual([businessUser, null, privateUser, null])
    expect((await start({ user: null })).userChanges).toEqual([])
  })
})
