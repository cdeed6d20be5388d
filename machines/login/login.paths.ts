import { privateUser } from '../session/session.fixtures.ts'
import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { loginMachine } from './login.machine.ts'

/** Failures as the client's sign-in call rejects with them. */
export const wrongCredentials = { status: 401, code: 'unauthorized' } as const
export const throttled = { status: 429, code: 'sign_in_throttled', retryAfterSeconds: 30 } as const
export const unavailable = { status: 503, code: 'service_unavailable' } as const

/**
 * Path model of the login form: blank and filled fields, a return target or none, a cart with or without items,
 * sign-in that works, is refused (401), throttled (429) or fails otherwise; opening the page again.
 */
export const loginPathModel = definePathModel({
  machine: loginMachine,
  input: undefined,
  events: [
    { type: 'login.open', returnTo: '/profile-update' },
    { type: 'login.open', returnTo: null },
    { type: 'login.setUsername', value: '  ' },
    { type: 'login.setUsername', value: ' erika ' },
    { type: 'login.setPassword', value: 'geheim123' },
    { type: 'login.setPassword', value: '' },
    { type: 'login.submit' },
    { type: 'login.cartChanged', hasItems: true },
    doneEvent('signIn', privateUser),
    errorEvent('signIn', wrongCredentials),
    errorEvent('signIn', throttled),
    errorEvent('signIn', unavailable),
  ],
})
