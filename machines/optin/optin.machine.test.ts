import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { optinLoginTarget, optinMachine } from './optin.machine.ts'
import { SAMPLE_OPTIN_CODE } from './optin.paths.ts'

function start(confirm: (uuid: string) => Promise<unknown>, code = SAMPLE_OPTIN_CODE) {
  const calls: string[] = []
  const actor = createActor(
    optinMachine.provide({
      actors: {
        confirmOptin: fromPromise(async ({ input }) => {
          calls.push(input.uuid)
          return confirm(input.uuid)
        }),
      },
    }),
    { input: { code } },
  ).start()
  return { actor, calls }
}

describe('optinMachine', () => {
  it('confirms the code of the link as it starts', async () => {
    const { actor, calls } = start(async () => ({ status: 'confirmed' }))
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.hasTag('confirmed'))
    expect(calls).toEqual([SAMPLE_OPTIN_CODE])
  })

  it('fails for an unknown, used or expired code, with no retry offered', async () => {
    const { actor } = start(async () => Promise.reject({ code: 'not_found', status: 404 }))
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'))
    expect(actor.getSnapshot().context).toMatchObject({ error: 'not_found', retryable: false })
    expect(actor.getSnapshot().can({ type: 'optin.retry' })).toBe(false)
  })

  it('offers another try when the server was away, and confirms then', async () => {
    let calls = 0
    const { actor } = start(async () => {
      calls += 1
      if (calls === 1) throw { code: 'service_unavailable', status: 503 }
      return { status: 'confirmed' }
    })
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'))
    expect(actor.getSnapshot().context.retryable).toBe(true)
    actor.send({ type: 'optin.retry' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('confirmed'))
    expect(calls).toBe(2)
  })

  it('fails a malformed code without calling the server', () => {
    const { actor, calls } = start(async () => ({}), 'nope')
    expect(actor.getSnapshot().hasTag('failed')).toBe(true)
    expect(calls).toEqual([])
  })

  it('sends the Login button to the checkout only with items in the cart and a session (part 2 §2)', () => {
    expect(optinLoginTarget({ cartHasItems: true, loggedIn: true })).toBe('/payment-details')
    expect(optinLoginTarget({ cartHasItems: true, loggedIn: false })).toBe('/login')
    expect(optinLoginTarget({ cartHasItems: false, loggedIn: true })).toBe('/login')
    expect(optinLoginTarget({ cartHasItems: false, loggedIn: false })).toBe('/login')
  })
})
