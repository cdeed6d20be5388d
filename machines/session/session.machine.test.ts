import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { sessionMachine } from './session.machine.ts'

const start = async (refresh: { loggedIn: boolean } | Error, logoutFails = false) => {
  const notifyLoggedOut = vi.fn()
  const notifyLogoutFailed = vi.fn()
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
      actions: { notifyLoggedOut, notifyLogoutFailed },
    }),
  ).start()
  expect(actor.getSnapshot().hasTag('checking')).toBe(true)
  await waitFor(actor, (snapshot) => !snapshot.hasTag('checking'))
  return { actor, notifyLoggedOut, notifyLogoutFailed }
}

describe('sessionMachine', () => {
  it('is logged in when the refresh call says so', async () => {
    const { actor } = await start({ loggedIn: true })
    expect(actor.getSnapshot().value).toBe('loggedIn')
    expect(actor.getSnapshot().hasTag('logged-in')).toBe(true)
  })

  it('is logged out when the refresh call says not, or fails', async () => {
    expect((await start({ loggedIn: false })).actor.getSnapshot().value).toBe('loggedOut')
    const { actor } = await start(new Error('offline'))
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(actor.getSnapshot().hasTag('logged-in')).toBe(false)
  })

  it('logs out through the server and notifies', async () => {
    const { actor, notifyLoggedOut } = await start({ loggedIn: true })
    actor.send({ type: 'session.logout' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().hasTag('logged-in')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.matches('loggedOut'))
    expect(notifyLoggedOut).toHaveBeenCalledTimes(1)
  })

  it('stays logged in and warns when the logout call fails', async () => {
    const { actor, notifyLoggedOut, notifyLogoutFailed } = await start({ loggedIn: true }, true)
    actor.send({ type: 'session.logout' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(actor.getSnapshot().value).toBe('loggedIn')
    expect(notifyLogoutFailed).toHaveBeenCalledTimes(1)
    expect(notifyLoggedOut).not.toHaveBeenCalled()
  })

  it('is logged in after a login form, and out when the session expires', async () => {
    const { actor } = await start({ loggedIn: false })
    actor.send({ type: 'session.loggedIn' })
    expect(actor.getSnapshot().value).toBe('loggedIn')
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().value).toBe('loggedOut')
  })

  it('cannot log out when logged out, nor log in while checking', async () => {
    const { actor } = await start({ loggedIn: false })
    expect(actor.getSnapshot().can({ type: 'session.logout' })).toBe(false)
    const checking = createActor(
      sessionMachine.provide({
        actors: { refreshSession: fromPromise(() => new Promise<{ loggedIn: boolean }>(() => {})) },
      }),
    ).start()
    expect(checking.getSnapshot().can({ type: 'session.loggedIn' })).toBe(false)
    checking.stop()
  })
})
