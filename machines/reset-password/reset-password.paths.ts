import { REDIRECT_AFTER_RESET_MS } from '#shared/domain/limits.ts'
import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { resetPasswordMachine, type Event } from './reset-password.machine.ts'

/** A code as the server makes them: 32 random bytes, base64url (43 characters). */
export const RESET_STORY_CODE = 'q3JzVx0Yb8d6Wn2KpL5tRm9AcE1fGh4iJk7oPu_sT-w'

/** The server's answer to a used or expired link (the code may be newer than the client's list). */
export const linkInvalidError = Object.assign(new Error('link_invalid'), {
  code: 'link_invalid',
  status: 410,
})

const requestEvents: Event[] = [
  { type: 'form.changeEmail', value: 'ada@example.org' },
  { type: 'form.changeEmail', value: 'ada@' },
  { type: 'form.submit' },
]

const chooseEvents: Event[] = [
  { type: 'form.changePassword', field: 'password', value: 'neues-Passwort-1' },
  { type: 'form.changePassword', field: 'repeat', value: 'neues-Passwort-1' },
  { type: 'form.changePassword', field: 'repeat', value: 'anderes-Passwort' },
  { type: 'form.submit' },
]

const input = (code: string | null) => ({ code, redirectDelayMs: REDIRECT_AFTER_RESET_MS })

/** Request mode: an e-mail typed (valid or not), the neutral answer, a failure. */
export const resetPasswordRequestPathModel = definePathModel({
  machine: resetPasswordMachine,
  input: input(null),
  events: [
    ...requestEvents,
    doneEvent('requestResetLink', { status: 'accepted' }),
    errorEvent('requestResetLink'),
  ],
})

/** Choose mode: the two fields (equal or not), success and the redirect, a failure, a used link. */
export const resetPasswordChoosePathModel = definePathModel({
  machine: resetPasswordMachine,
  input: input(RESET_STORY_CODE),
  events: [
    ...chooseEvents,
    doneEvent('setNewPassword', { status: 'ok' }),
    errorEvent('setNewPassword'),
    errorEvent('setNewPassword', linkInvalidError),
    ...afterEvents(resetPasswordMachine),
  ],
})

/** A link whose code is not even well-formed: the used-or-expired message right away. */
export const resetPasswordMalformedPathModel = definePathModel({
  machine: resetPasswordMachine,
  input: input('kaputt'),
  events: [],
})
