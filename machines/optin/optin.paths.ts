import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { optinMachine } from './optin.machine.ts'

/** A well-formed code as the opt-in mail carries it (32 random bytes, base64url). */
export const SAMPLE_OPTIN_CODE = 'A'.repeat(43)

const events = [
  doneEvent('confirmOptin', { status: 'confirmed' }),
  errorEvent('confirmOptin', { code: 'not_found', status: 404 }),
  errorEvent('confirmOptin', { code: 'service_unavailable', status: 503 }),
  { type: 'optin.retry' } as const,
]

/** A well-formed code: confirmed, unknown (404, final) or the server away (503, tried again). */
export const optinPathModel = definePathModel({
  machine: optinMachine,
  input: { code: SAMPLE_OPTIN_CODE },
  events,
})

/** A code that is not one of ours fails without a call. */
export const optinMalformedPathModel = definePathModel({
  machine: optinMachine,
  input: { code: 'not-a-code' },
  events,
})
