import { REDIRECT_AFTER_PASSWORD_CHANGE_MS } from '#shared/domain/limits.ts'
import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { passwordChangeMachine } from './password-change.machine.ts'

/** The old password's answer when it was wrong (the code may be newer than the client's list). */
export const wrongPasswordError = Object.assign(new Error('wrong_password'), {
  code: 'wrong_password',
  status: 422,
})

/** The three fields (matching or not), success, the redirect with logout, a wrong old password, a failure. */
export const passwordChangePathModel = definePathModel({
  machine: passwordChangeMachine,
  input: { redirectDelayMs: REDIRECT_AFTER_PASSWORD_CHANGE_MS },
  events: [
    { type: 'form.change', field: 'oldPassword', value: 'altes-Passwort' },
    { type: 'form.change', field: 'newPassword', value: 'neues-Passwort-1' },
    { type: 'form.change', field: 'repeat', value: 'neues-Passwort-1' },
    { type: 'form.change', field: 'repeat', value: 'anderes' },
    { type: 'form.submit' },
    doneEvent('changePassword', { status: 'ok' }),
    errorEvent('changePassword', wrongPasswordError),
    errorEvent('changePassword'),
    ...afterEvents(passwordChangeMachine),
  ],
})
