import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_PREFERENCES, type Preferences } from '#shared/contracts/preferences.contract.ts'
import { type AccountPreferences, preferencesMachine } from './preferences.machine.ts'

/** A save the test settles by hand. */
type PendingSave = { input: AccountPreferences; resolve: () => void; reject: (error: Error) => void }

const start = async (stored: Preferences | null | Error) => {
  const storePreferences = vi.fn()
  const notifySaveFailed = vi.fn()
  const saves: PendingSave[] = []
  const actor = createActor(
    preferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise(async () => {
          if (stored instanceof Error) throw stored
          return stored
        }),
        saveAccountPreferences: fromPromise<unknown, AccountPreferences>(
          ({ input }) =>
            new Promise<void>((resolve, reject) => {
              saves.push({ input, resolve, reject })
            }),
        ),
      },
      actions: {
        storePreferences: (_, params) => storePreferences(params),
        notifySaveFailed: () => notifySaveFailed(),
      },
    }),
  ).start()
  expect(actor.getSnapshot().hasTag('loading')).toBe(true)
  await waitFor(actor, (snapshot) => snapshot.matches('ready'))
  return { actor, storePreferences, notifySaveFailed, saves }
}

const LOCAL_ONLY = { ...DEFAULT_PREFERENCES, accountKnown: false }

describe('preferencesMachine', () => {
  it('starts unset when nothing is stored', async () => {
    const { actor } = await start(null)
    expect(actor.getSnapshot().context).toEqual(LOCAL_ONLY)
  })

  it('loads the stored preferences', async () => {
    const stored: Preferences = {
      isBusinessCustomer: { value: true, isSet: true },
      acceptAttachmentDisclaimer: { value: true, isSet: true },
    }
    const { actor } = await start(stored)
    expect(actor.getSnapshot().context).toEqual({ ...stored, accountKnown: false })
  })

  it('keeps the defaults when storage cannot be read', async () => {
    const { actor } = await start(new Error('broken JSON'))
    expect(actor.getSnapshot().context).toEqual(LOCAL_ONLY)
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

  it('takes the customer type of a logged-in account and keeps it on the device', async () => {
    const { actor, storePreferences, saves } = await start(null)
    actor.send({ type: 'preferences.accountLoaded', isBusinessCustomer: true })
    expect(actor.getSnapshot().context).toMatchObject({
      isBusinessCustomer: { value: true, isSet: true },
      accountKnown: true,
    })
    expect(storePreferences).toHaveBeenLastCalledWith({
      preferences: { ...DEFAULT_PREFERENCES, isBusinessCustomer: { value: true, isSet: true } },
    })
    expect(saves).toHaveLength(0)
  })

  it('lets an account that arrives while loading win over the stored customer type', async () => {
    let finishLoad: (stored: Preferences) => void = () => {}
    const actor = createActor(
      preferencesMachine.provide({
        actors: {
          loadPreferences: fromPromise(
            () => new Promise<Preferences | null>((resolve) => (finishLoad = resolve)),
          ),
        },
      }),
    ).start()
    actor.send({ type: 'preferences.accountLoaded', isBusinessCustomer: false })
    finishLoad({
      isBusinessCustomer: { value: true, isSet: true },
      acceptAttachmentDisclaimer: { value: true, isSet: true },
    })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(actor.getSnapshot().context).toEqual({
      isBusinessCustomer: { value: false, isSet: true },
      acceptAttachmentDisclaimer: { value: true, isSet: true },
      accountKnown: true,
    })
  })

  it('saves a change of the customer type on the account while a user is logged in, the last one winning', async () => {
    const { actor, storePreferences, saves } = await start(null)
    actor.send({ type: 'preferences.accountLoaded', isBusinessCustomer: false })
    actor.send({ type: 'preferences.setBusinessCustomer', value: true })
    expect(actor.getSnapshot().hasTag('saving')).toBe(true)
    expect(storePreferences).toHaveBeenCalledTimes(2)
    actor.send({ type: 'preferences.setBusinessCustomer', value: false })
    expect(saves.map((save) => save.input)).toEqual([
      { isBusinessCustomer: true },
      { isBusinessCustomer: false },
    ])
    saves[1]!.resolve()
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'))
    expect(actor.getSnapshot().context.isBusinessCustomer).toEqual({ value: false, isSet: true })
  })

  it('keeps the chosen customer type and warns when the account cannot store it', async () => {
    const { actor, notifySaveFailed, saves } = await start(null)
    actor.send({ type: 'preferences.accountLoaded', isBusinessCustomer: false })
    actor.send({ type: 'preferences.setBusinessCustomer', value: true })
    saves[0]!.reject(new Error('503'))
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'))
    expect(notifySaveFailed).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.isBusinessCustomer).toEqual({ value: true, isSet: true })
  })

  it('is local only again after logout, also when it happens during a save', async () => {
    const { actor, notifySaveFailed, saves } = await start(null)
    actor.send({ type: 'preferences.accountLoaded', isBusinessCustomer: true })
    actor.send({ type: 'preferences.setBusinessCustomer', value: false })
    actor.send({ type: 'preferences.accountCleared' })
    expect(actor.getSnapshot().hasTag('saving')).toBe(false)
    expect(actor.getSnapshot().context).toMatchObject({
      isBusinessCustomer: { value: false },
      accountKnown: false,
    })
    actor.send({ type: 'preferences.setBusinessCustomer', value: true })
    expect(saves).toHaveLength(1)
    saves[0]!.reject(new Error('aborted'))
    await Promise.resolve()
    expect(notifySaveFailed).not.toHaveBeenCalled()
    actor.send({ type: 'preferences.accountCleared' })
    expect(actor.getSnapshot().context.accountKnown).toBe(false)
  })
})
