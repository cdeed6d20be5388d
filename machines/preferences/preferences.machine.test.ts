import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_PREFERENCES, type Preferences } from '#shared/contracts/preferences.contract.ts'
import { preferencesMachine } from './preferences.machine.ts'

const start = async (stored: Preferences | null | Error) => {
  const storePreferences = vi.fn()
  const actor = createActor(
    preferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise(async () => {
          if (stored instanceof Error) throw stored
          return stored
        }),
      },
      actions: { storePreferences: (_, params) => storePreferences(params) },
    }),
  ).start()
  expect(actor.getSnapshot().hasTag('loading')).toBe(true)
  await waitFor(actor, (snapshot) => snapshot.matches('ready'))
  return { actor, storePreferences }
}

describe('preferencesMachine', () => {
  it('starts unset when nothing is stored', async () => {
    const { actor } = await start(null)
    expect(actor.getSnapshot().context).toEqual(DEFAULT_PREFERENCES)
  })

  it('loads the stored preferences', async () => {
    const stored: Preferences = {
      isBusinessCustomer: { value: true, isSet: true },
      acceptAttachmentDisclaimer: { value: true, isSet: true },
    }
    const { actor } = await start(stored)
    expect(actor.getSnapshot().context).toEqual(stored)
  })

  it('keeps the defaults when storage cannot be read', async () => {
    const { actor } = await start(new Error('broken JSON'))
    expect(actor.getSnapshot().context).toEqual(DEFAULT_PREFERENCES)
  })

  it('sets the customer type and stores all preferences', async () => {
    const { actor, storePreferences } = await start(null)
    actor.send({ type: 'preferences.setBusinessCustomer', value: true })
    expect(actor.getSnapshot().context.isBusinessCustomer).toEqual({ value: true, isSet: true })
    expect(storePreferences).toHaveBeenLastCalledWith({
      preferences: { ...DEFAULT_PREFERENCES, isBusinessCustomer: { value: true, isSet: true } },
    })
    actor.send({ type: 'preferences.setBusinessCustomer', value: false })
    expect(actor.getSnapshot().context.isBusinessCustomer).toEqual({ value: false, isSet: true })
  })

  it('remembers the accepted attachment disclaimer', async () => {
    const { actor, storePreferences } = await start(null)
    actor.send({ type: 'preferences.acceptAttachmentDisclaimer' })
    expect(actor.getSnapshot().context.acceptAttachmentDisclaimer).toEqual({ value: true, isSet: true })
    expect(storePreferences).toHaveBeenCalledTimes(1)
  })

  it('ignores edits before the stored preferences are loaded', () => {
    const actor = createActor(
      preferencesMachine.provide({
        actors: { loadPreferences: fromPromise(() => new Promise<Preferences | null>(() => {})) },
      }),
    ).start()
    expect(actor.getSnapshot().can({ type: 'preferences.setBusinessCustomer', value: true })).toBe(false)
    actor.stop()
  })
})
