import { describe, expect, it } from 'vitest'
import {
  cookieConsentHashPathModel,
  cookieConsentPathModel,
} from '#machines/cookie-consent/cookie-consent.paths.ts'
import { notificationsPathModel } from '#machines/notifications/notifications.paths.ts'
import { orderProcessPathModel } from '#machines/order-process/order-process.paths.ts'
import { preferencesPathModel } from '#machines/preferences/preferences.paths.ts'
import { sessionPathModel } from '#machines/session/session.paths.ts'
import { statesOf } from '#tests/graph/path-testing.ts'
import { createFakeAppActors, FAKE_STATES } from '#client/testing/fake-app-actors.ts'

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
    expect(names(statesOf(sessionPathModel))).toEqual([...FAKE_STATES.session].sort())
  })

  it('notifications', () => {
    expect(names(statesOf(notificationsPathModel))).toEqual([...FAKE_STATES.notifications].sort())
  })

  it('preferences', () => {
    const reachable = statesOf(preferencesPathModel, {
      key: (snapshot) =>
        snapshot.value === 'ready'
          ? `ready:${snapshot.context.isBusinessCustomer.value ? 'business' : 'private'}`
          : String(snapshot.value),
    })
    expect(names(reachable)).toEqual([...FAKE_STATES.preferences].sort())
  })

  it.each(FAKE_STATES.orderProcess)('starts the order process in %s', (orderProcess) => {
    const { actors } = createFakeAppActors({ states: { orderProcess } })
    expect(actors.orderProcess.getSnapshot().value).toBe(orderProcess)
  })

  it.each(FAKE_STATES.session)('starts the session in %s', (session) => {
    const { actors } = createFakeAppActors({ states: { session } })
    expect(actors.session.getSnapshot().value).toBe(session)
  })
})
