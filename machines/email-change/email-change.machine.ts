import { assign, fromPromise, setup } from 'xstate'
import { LinkCodeSchema } from '#shared/contracts/account.contract.ts'
import { mailIssue } from '#shared/domain/forms/new-password.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { isInvalidLinkFailure } from '#machines/reset-password/account-failures.ts'

export type Input = {
  /** The code of the confirmation link (`/mail-update?confirm={code}`); null: the form for a new address. */
  confirmCode: string | null
}

export type Context = {
  confirmCode: string | null
  email: string
  /** Why the last call failed (the generic warning); null otherwise. */
  error: ErrorCode | null
}

export type Event =
  | { type: 'form.changeEmail'; value: string }
  | { type: 'form.submit' }
  /** Try the confirmation again after a failure that was not an invalid link. */
  | { type: 'confirm.retry' }

export const EMAIL_CHANGE_TAGS = [
  'busy',
  'form',
  'sent',
  'confirming',
  'confirmed',
  'link-invalid',
  'failed',
] as const
export type EmailChangeTag = (typeof EMAIL_CHANGE_TAGS)[number]

/**
 * The e-mail change (spec part 2 §2 `/mail-update`, §5 "E-mail change: required e-mail, submit disabled when blank",
 * §8; issue 15): the form sends the new address, which gets a confirmation link, and the success screen says the
 * change happens only when that link is opened. Opened with the link's code, it confirms: changed, or the link is
 * invalid or expired.
 */
export const emailChangeMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as EmailChangeTag,
  },
  actors: {
    /** Client: `POST /api/auth/email` with the new address (the session names the account). */
    requestEmailChange: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('emailChange: requestEmailChange is not provided')
    }),
    /** Client: `POST /api/auth/email/confirm` with the link's code. */
    confirmEmailChange: fromPromise<unknown, { uuid: string }>(async () => {
      throw new Error('emailChange: confirmEmailChange is not provided')
    }),
  },
  actions: {
    setEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
  },
  guards: {
    hasCode: ({ context }) => context.confirmCode !== null,
    isCodeWellFormed: ({ context }) => LinkCodeSchema.safeParse(context.confirmCode).success,
    canSubmit: ({ context }) => mailIssue(context.email) === null,
    isInvalidLink: (_, params: { error: unknown }) => isInvalidLinkFailure(params.error),
  },
}).createMachine({
  id: 'emailChange',
  initial: 'start',
  context: ({ input }) => ({ confirmCode: input.confirmCode, email: '', error: null }),
  states: {
    start: {
      always: [
        { guard: 'isCodeWellFormed', target: 'confirming' },
        { guard: 'hasCode', target: 'linkInvalid' },
        { target: 'editing' },
      ],
    },
    editing: {
      tags: 'form',
      on: {
        'form.changeEmail': {
          actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) },
        },
        'form.submit': { guard: 'canSubmit', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'requestEmailChange',
        src: 'requestEmailChange',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'sent' },
        onError: {
          target: 'editing',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    sent: { tags: 'sent' },
    confirming: {
      tags: ['confirming', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'confirmEmailChange',
        src: 'confirmEmailChange',
        input: ({ context }) => ({ uuid: context.confirmCode ?? '' }),
        onDone: { target: 'confirmed' },
        onError: [
          {
            guard: { type: 'isInvalidLink', params: ({ event }) => ({ error: event.error }) },
            target: 'linkInvalid',
          },
          {
            target: 'confirmFailed',
            actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
          },
        ],
      },
    },
    confirmed: { tags: 'confirmed' },
    confirmFailed: {
      tags: 'failed',
      on: { 'confirm.retry': { target: 'confirming' } },
    },
    linkInvalid: { tags: 'link-invalid' },
  },
})
