import type { CookieChoice } from '#shared/contracts/cookie-choice.contract.ts'
import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { cookieConsentMachine } from './cookie-consent.machine.ts'

const storedChoice: CookieChoice = { essentialCookies: true, statisticCookies: true, marketingCookies: false }

const events = [
  doneEvent('loadChoice', null),
  doneEvent('loadChoice', storedChoice),
  errorEvent('loadChoice'),
  { type: 'cookies.toggleStatistics' },
  { type: 'cookies.toggleMarketing' },
  { type: 'cookies.save' },
  { type: 'cookies.acceptAll' },
  { type: 'cookies.onlyNecessary' },
  { type: 'cookies.close' },
  { type: 'cookies.open' },
  { type: 'cookies.revoke' },
  ...afterEvents(cookieConsentMachine),
] as const

/** Path model of the cookie consent in an outdated browser, without the `#cookie-consent` hash. */
export const cookieConsentPathModel = definePathModel({
  machine: cookieConsentMachine,
  input: { hashRequestsDialog: false, isOutdatedBrowser: true },
  events,
})

/** Path model of the cookie consent in a current browser opened with the `#cookie-consent` hash. */
export const cookieConsentHashPathModel = definePathModel({
  machine: cookieConsentMachine,
  input: { hashRequestsDialog: true, isOutdatedBrowser: false },
  events,
})
