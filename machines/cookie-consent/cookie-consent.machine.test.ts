import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { CookieChoice } from '#shared/contracts/cookie-choice.contract.ts'
import {
  OUTDATED_BROWSER_WARNING_DELAY_MS,
  OUTDATED_BROWSER_WARNING_DURATION_MS,
} from '#shared/domain/limits.ts'
import { type Input, cookieConsentMachine } from './cookie-consent.machine.ts'

const statisticsOnly: CookieChoice = {
  essentialCookies: true,
  statisticCookies: true,
  marketingCookies: false,
}

const start = async (
  stored: CookieChoice | null | Error,
  input: Input = { hashRequestsDialog: false, isOutdatedBrowser: false },
) => {
  const fakes = { storeChoice: vi.fn(), clearChoice: vi.fn(), setTagManager: vi.fn(), reloadPage: vi.fn() }
  const clock = new SimulatedClock()
  const actor = createActor(
    cookieConsentMachine.provide({
      actors: {
        loadChoice: fromPromise(async () => {
          if (stored instanceof Error) throw stored
          return stored
        }),
      },
      actions: {
        storeChoice: (_, params) => fakes.storeChoice(params),
        clearChoice: () => fakes.clearChoice(),
        setTagManager: (_, params) => fakes.setTagManager(params),
        reloadPage: () => fakes.reloadPage(),
      },
    }),
    { input, clock },
  ).start()
  expect(actor.getSnapshot().hasTag('loading')).toBe(true)
  await waitFor(actor, (snapshot) => !snapshot.hasTag('loading'))
  return { actor, clock, ...fakes }
}

describe('cookieConsentMachine', () => {
  it('opens the dialog with only essential cookies when nothing is stored', async () => {
    const { actor, setTagManager } = await start(null)
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(true)
    expect(actor.getSnapshot().context.draft).toEqual({
      essentialCookies: true,
      statisticCookies: false,
      marketingCookies: false,
    })
    expect(setTagManager).toHaveBeenCalledWith({ enabled: false })
  })

  it('stays closed with a stored choice and switches the tag manager accordingly', async () => {
    const { actor, setTagManager } = await start(statisticsOnly)
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(false)
    expect(setTagManager).toHaveBeenCalledWith({ enabled: true })
  })

  it('opens the dialog with the stored choice when the hash asks for it', async () => {
    const { actor, setTagManager } = await start(statisticsOnly, {
      hashRequestsDialog: true,
      isOutdatedBrowser: false,
    })
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(true)
    expect(actor.getSnapshot().context.draft).toEqual(statisticsOnly)
    // The earlier consent still holds while the dialog is open.
    expect(setTagManager).toHaveBeenCalledWith({ enabled: true })
  })

  it('treats unreadable storage as no choice', async () => {
    const { actor } = await start(new Error('broken JSON'))
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(true)
  })

  it('saves the edited draft and enables the tag manager when statistics or marketing is on', async () => {
    const { actor, storeChoice, setTagManager } = await start(null)
    actor.send({ type: 'cookies.toggleMarketing' })
    actor.send({ type: 'cookies.toggleStatistics' })
    actor.send({ type: 'cookies.toggleStatistics' })
    actor.send({ type: 'cookies.save' })
    const choice = { essentialCookies: true, statisticCookies: false, marketingCookies: true }
    expect(storeChoice).toHaveBeenCalledWith({ choice })
    expect(setTagManager).toHaveBeenCalledWith({ enabled: true })
    expect(actor.getSnapshot().context.stored).toEqual(choice)
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(false)
  })

  it('disables the tag manager when only essential cookies are saved', async () => {
    const { actor, storeChoice, setTagManager } = await start(null)
    actor.send({ type: 'cookies.save' })
    expect(storeChoice).toHaveBeenCalledWith({
      choice: { essentialCookies: true, statisticCookies: false, marketingCookies: false },
    })
    expect(setTagManager).toHaveBeenCalledWith({ enabled: false })
  })

  it('accept all turns statistics and marketing on and saves', async () => {
    const { actor, storeChoice, setTagManager } = await start(null)
    actor.send({ type: 'cookies.acceptAll' })
    expect(storeChoice).toHaveBeenCalledWith({
      choice: { essentialCookies: true, statisticCookies: true, marketingCookies: true },
    })
    expect(setTagManager).toHaveBeenCalledWith({ enabled: true })
  })

  it('reopens with the stored choice as the draft, discarding unsaved edits', async () => {
    const { actor } = await start(statisticsOnly)
    actor.send({ type: 'cookies.open' })
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(true)
    actor.send({ type: 'cookies.toggleMarketing' })
    actor.send({ type: 'cookies.save' })
    actor.send({ type: 'cookies.open' })
    expect(actor.getSnapshot().context.draft).toEqual({ ...statisticsOnly, marketingCookies: true })
  })

  it('revoking clears the choice and reloads the page', async () => {
    const { actor, clearChoice, reloadPage } = await start(statisticsOnly)
    actor.send({ type: 'cookies.revoke' })
    expect(clearChoice).toHaveBeenCalledTimes(1)
    expect(reloadPage).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe('revoked')
  })

  it('shows the outdated-browser warning 2 s after saving, for 20 s', async () => {
    const { actor, clock } = await start(null, { hashRequestsDialog: false, isOutdatedBrowser: true })
    actor.send({ type: 'cookies.save' })
    const warning = () => actor.getSnapshot().hasTag('outdated-browser-warning')
    clock.increment(OUTDATED_BROWSER_WARNING_DELAY_MS - 1)
    expect(warning()).toBe(false)
    clock.increment(1)
    expect(warning()).toBe(true)
    clock.increment(OUTDATED_BROWSER_WARNING_DURATION_MS - 1)
    expect(warning()).toBe(true)
    clock.increment(1)
    expect(warning()).toBe(false)
  })

  it('never shows the warning in a current browser', async () => {
    const { actor, clock } = await start(null)
    actor.send({ type: 'cookies.save' })
    clock.increment(OUTDATED_BROWSER_WARNING_DELAY_MS)
    expect(actor.getSnapshot().hasTag('outdated-browser-warning')).toBe(false)
  })

  it('ignores dialog events while the dialog is closed', async () => {
    const { actor, storeChoice } = await start(statisticsOnly)
    expect(actor.getSnapshot().can({ type: 'cookies.save' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'cookies.toggleStatistics' })).toBe(false)
    actor.send({ type: 'cookies.acceptAll' })
    expect(storeChoice).not.toHaveBeenCalled()
  })
})

describe('cookieConsentMachine: only necessary, close and revoke (issue 14, item 7)', () => {
  const onlyNecessary: CookieChoice = {
    essentialCookies: true,
    statisticCookies: false,
    marketingCookies: false,
  }

  it('"Nur notwendige" stores statistics and marketing off, whatever the draft had', async () => {
    const { actor, storeChoice, setTagManager } = await start(null)
    actor.send({ type: 'cookies.toggleStatistics' })
    actor.send({ type: 'cookies.onlyNecessary' })
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    expect(storeChoice).toHaveBeenLastCalledWith({ choice: onlyNecessary })
    expect(setTagManager).toHaveBeenLastCalledWith({ enabled: false })
  })

  it('closing without a stored choice stores only the necessary cookies (decision 0091)', async () => {
    const { actor, storeChoice } = await start(null)
    actor.send({ type: 'cookies.toggleMarketing' })
    actor.send({ type: 'cookies.close' })
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(false)
    expect(storeChoice).toHaveBeenLastCalledWith({ choice: onlyNecessary })
  })

  it('closing with a stored choice keeps it and drops the edits', async () => {
    const { actor, storeChoice, setTagManager } = await start(statisticsOnly, {
      hashRequestsDialog: true,
      isOutdatedBrowser: false,
    })
    setTagManager.mockClear()
    actor.send({ type: 'cookies.toggleMarketing' })
    actor.send({ type: 'cookies.close' })
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    expect(storeChoice).not.toHaveBeenCalled()
    expect(setTagManager).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context).toMatchObject({ stored: statisticsOnly, draft: statisticsOnly })
  })

  it('revoking from the reopened dialog clears the choice and reloads', async () => {
    const { actor, clearChoice, reloadPage } = await start(statisticsOnly)
    actor.send({ type: 'cookies.open' })
    actor.send({ type: 'cookies.revoke' })
    expect(clearChoice).toHaveBeenCalledTimes(1)
    expect(reloadPage).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().can({ type: 'cookies.close' })).toBe(false)
  })
})
