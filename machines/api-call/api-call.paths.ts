import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { apiCallMachine } from './api-call.machine.ts'

/** A 403 as the client's API layer rejects with it. */
export const forbidden = { status: 403, code: 'forbidden' } as const
/** A 401 (no or an expired session cookie): treated as a 403. */
export const unauthorized = { status: 401, code: 'unauthorized' } as const
/** Any other failure. */
export const unavailable = { status: 503, code: 'service_unavailable' } as const

/**
 * Path model of one API call: success, other failures, 401 and 403 with a refresh that works, is refused or fails;
 * cancel.
 */
export const apiCallPathModel = definePathModel({
  machine: apiCallMachine,
  input: { returnTo: '/payment-details' },
  events: [
    doneEvent('request', { items: [] }),
    errorEvent('request', forbidden),
    errorEvent('request', unauthorized),
    errorEvent('request', unavailable),
    doneEvent('refresh', { loggedIn: true }),
    doneEvent('refresh', { loggedIn: false }),
    errorEvent('refresh'),
    { type: 'apiCall.cancel' },
  ],
})
