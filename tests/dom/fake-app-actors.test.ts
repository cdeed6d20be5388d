import { describe, expect, it } from 'vitest'
import {
  cookieConsentHashPathModel,
  cookieConsentPathModel,
} from '#machines/cookie-consent/cookie-consent.paths.ts'
import { notificationsPathModel } from '#machines/notifications/notifications.paths.ts'
import { orderProcessPathModel } from '#machines/order-process/order-process.paths.ts'
import { preferencesPathModel } from '#machines/preferences/preferences.paths.ts'
import { sessionPathModel } from '#machines/session/session.paths.ts'
import { loginStateName, sessionStateName } from '#client/testing/account-story-states.ts'
import { statesOf } from '#tests/graph/path-testing.ts'
import { createFakeAppActors, FAKE_STATES, preferencesStateName } from '#client/testing/fake-app-actors.ts'
import { cartStateName, CONFIGURE_STORY_STATES, uploadStateName } from '#client/testing/story-states.ts'

const names = (states: Array<{ name: string }>) => [...new Set(states.map((state) => state.name))].sort()

// Stories and tests pick machine states by these names: when a machine gains or loses a state, this fails and the
// stories get updated with it.
describe('fake app actors know every reachable state', () => {
  it('order process', () => {
    expect(names(statesOf(orderProcessPathModel))).toEqual([...FAKE_STATES.orderProcess].sort())
  })

  it('cookie consent', () => {
    const reachable = names([...statesOf(cookieConsentPathModel), ...statesOf(cookieConsentHashPathModel)])
    expect(reachable).toEqual([...FAKE_STATES.cookieConsent].sort())
  })

  it('session', () => {
    expect(names(statesOf(sessionPathModel, { key: sessionStateName }))).toEqual(
      [...FAKE_STATES.session].sort(),
    )
  })

  it.each(FAKE_STATES.login)('starts the login form in %s', (login) => {
    const { actors } = createFakeAppActors({ states: { login } })
    expect(loginStateName(actors.login.getSnapshot())).toBe(login)
  })

  it('notifications', () => {
    expect(names(statesOf(notificationsPathModel))).toEqual([...FAKE_STATES.notifications].sort())
  })

  it('preferences', () => {
    const reachable = statesOf(preferencesPathModel, { key: preferencesStateName })
    expect(names(reachable)).toEqual([...FAKE_STATES.preferences].sort())
  })

  it.each(FAKE_STATES.orderProcess)('starts the order process in %s', (orderProcess) => {
    const { actors } = createFakeAppActors({ states: { orderProcess } })
    expect(actors.orderProcess.getSnapshot().value).toBe(orderProcess)
  })

  it.each(FAKE_STATES.session)('starts the session in %s', (session) => {
    const { actors } = createFakeAppActors({ states: { session } })
    expect(sessionStateName(actors.session.getSnapshot())).toBe(session)
  })
})

describe('fake app actors: upload, cart, print modes and configuration', () => {
  it.each(FAKE_STATES.upload)('starts the upload in %s', (upload) => {
    const { actors } = createFakeAppActors({ states: { upload } })
    expect(uploadStateName(actors.upload.get().getSnapshot())).toBe(upload)
  })

  it.each(FAKE_STATES.cart)('starts the cart in %s with the given items', (cart) => {
    const { actors } = createFakeAppActors({ states: { cart }, cartItemCount: 2 })
    const snapshot = actors.cart.getSnapshot()
    expect(cartStateName(snapshot)).toBe(cart)
    if (cart !== 'loading') expect(snapshot.context.items).toHaveLength(2)
  })

  it.each(FAKE_STATES.printModes)('starts the print modes in %s', (printModes) => {
    const { actors } = createFakeAppActors({ states: { printModes } })
    // 'loading' starts the actor as the app does: idle until something needs the catalogue (decision 0111).
    expect(actors.printModes.getSnapshot().value).toBe(printModes === 'loading' ? 'idle' : printModes)
  })

  it.each(CONFIGURE_STORY_STATES)('configures a file in %s', (state) => {
    const { actors } = createFakeAppActors({ configure: { state, pricing: 'printable' } })
    const session = actors.configuration.get()
    expect(session).not.toBeNull()
    expect(actors.orderProcess.getSnapshot().value).toBe('configureModel')
    expect(session?.pricing.getSnapshot().value).toBe('ready')
  })
})
