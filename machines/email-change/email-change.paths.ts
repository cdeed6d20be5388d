import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { linkInvalidError, RESET_STORY_CODE } from '#machines/reset-password/reset-password.paths.ts'
import { emailChangeMachine } from './email-change.machine.ts'

/** The form: an address typed (valid, invalid, blank), sent, a failure. */
export const emailChangeFormPathModel = definePathModel({
  machine: emailChangeMachine,
  input: { confirmCode: null },
  events: [
    { type: 'form.changeEmail', value: 'neu@example.org' },
    { type: 'form.changeEmail', value: 'neu@' },
    { type: 'form.changeEmail', value: '  ' },
    { type: 'form.submit' },
    doneEvent('requestEmailChange', { status: 'accepted' }),
    errorEvent('requestEmailChange'),
  ],
})

/** The confirmation link: confirmed, invalid or expired, a failure and its retry. */
export const emailChangeConfirmPathModel = definePathModel({
  machine: emailChangeMachine,
  input: { confirmCode: RESET_STORY_CODE },
  events: [
    doneEvent('confirmEmailChange', { status: 'ok' }),
    errorEvent('confirmEmailChange', linkInvalidError),
    errorEvent('confirmEmailChange'),
    { type: 'confirm.retry' },
  ],
})

/** A link whose code is malformed. */
export const emailChangeMalformedPathModel = definePathModel({
  machine: emailChangeMachine,
  input: { confirmCode: 'kaputt' },
  events: [],
})
