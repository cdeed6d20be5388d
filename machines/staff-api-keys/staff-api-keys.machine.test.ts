import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import {
  afterRevoke,
  apiKeys,
  created,
  liveKey,
  rotated,
  SECRET,
  WHITE_LABEL_ID,
} from './staff-api-keys.fixtures.ts'
import { staffApiKeysMachine } from './staff-api-keys.machine.ts'

const start = () => {
  const calls: string[] = []
  const copied: string[] = []
  const actor = createActor(
    staffApiKeysMachine.provide({
      actors: {
        loadKeys: fromPromise(async () => apiKeys),
        createKey: fromPromise(async ({ input }) => {
          calls.push(`create ${JSON.stringify(input.body)}`)
          return created
        }),
        rotateKey: fromPromise(async ({ input }) => {
          calls.push(`rotate ${input.keyId}`)
          return rotated
        }),
        revokeKey: fromPromise(async ({ input }) => {
          calls.push(`revoke ${input.keyId}`)
          return afterRevoke
        }),
      },
      actions: { copySecret: (_, params) => copied.push(params.key) },
    }),
    { input: { whiteLabelId: WHITE_LABEL_ID } },
  ).start()
  return { actor, calls, copied }
}
type Actor = ReturnType<typeof start>['actor']
const idle = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.matches({ shown: 'idle' }))

describe('staffApiKeysMachine', () => {
  it('creates a key and shows its secret once, with copy, until dismissed', async () => {
    const { actor, calls, copied } = start()
    await idle(actor)
    actor.send({ type: 'keys.changeLabel', value: 'x'.repeat(101) })
    expect(actor.getSnapshot().can({ type: 'keys.create' })).toBe(false)
    actor.send({ type: 'keys.changeLabel', value: ' Staging ' })
    actor.send({ type: 'keys.create' })
    await idle(actor)
    expect(calls).toEqual(['create {"label":"Staging"}'])
    expect(actor.getSnapshot().context.secret).toEqual({ key: SECRET, label: 'Staging', rotated: false })
    actor.send({ type: 'keys.copy' })
    expect(copied).toEqual([SECRET])
    expect(actor.getSnapshot().context.copied).toBe(true)
    actor.send({ type: 'keys.dismissSecret' })
    expect(actor.getSnapshot().context.secret).toBeNull()
  })

  it('rotates a live key and revokes only after the confirmation', async () => {
    const { actor, calls } = start()
    await idle(actor)
    actor.send({ type: 'keys.rotate', keyId: liveKey.id })
    await idle(actor)
    expect(actor.getSnapshot().context.secret?.rotated).toBe(true)
    // The rotated key now has an end: it cannot be rotated again.
    expect(actor.getSnapshot().can({ type: 'keys.rotate', keyId: liveKey.id })).toBe(false)
    actor.send({ type: 'keys.askRevoke', keyId: liveKey.id })
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
    actor.send({ type: 'keys.cancelRevoke' })
    actor.send({ type: 'keys.askRevoke', keyId: liveKey.id })
    actor.send({ type: 'keys.confirmRevoke' })
    await idle(actor)
    expect(calls).toEqual([`rotate ${liveKey.id}`, `revoke ${liveKey.id}`])
    expect(actor.getSnapshot().context.apiKeys[0]?.active).toBe(false)
  })
})
