import { assign, fromPromise, setup } from 'xstate'
import { LinkCodeSchema } from '#shared/contracts/account.contract.ts'
import { isAcceptableNewPassword, mailIssue } from '#shared/domain/forms/new-password.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { isInvalidLinkFailure } from './account-failures.ts'

export type Input = {
  /** The code of the reset link (`/reset-password/{code}`); null: the request mode. */
  code: string | null
  /** How long the success stays before the login page: REDIRECT_AFTER_RESET_MS (3 s) in the shop. */
  redirectDelayMs: number
}

export type Context = {
  code: string | null
  redirectDelayMs: number
  email: string
  password: string
  repeat: string
  /** Why the last call failed (shown as the generic warning); null otherwise. */
  error: ErrorCode | null
}

export type PasswordField = 'password' | 'repeat'

export type Event =
  | { type: 'form.changeEmail'; value: string }
  | { type: 'form.changePassword'; field: PasswordField; value: string }
  | { type: 'form.submit' }

export const RESET_PASSWORD_TAGS = [
  'busy',
  'request',
  'choose',
  'sent',
  'succeeded',
  'link-invalid',
  'done',
] as const
export type ResetPasswordTag = (typeof RESET_PASSWORD_TAGS)[number]

/**
 * The password reset (spec part 2 §2 `/reset-password/{resetId?}`, §4 "Password reset", §5, §8, §9): without a code
 * it asks for the e-mail and always answers with the one neutral text (no account enumeration); with a code it asks
 * for the new password twice, notifies on success and ends (the view goes to `/login`) after `redirectDelayMs`; a
 * failure empties both password fields, and a used or expired link says so.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as ResetPasswordTag,
  },
  actors: {
    /** Client: `POST /api/auth/reset-password` with the e-mail (one neutral answer). */
    requestResetLink: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('resetPassword: requestResetLink is not provided')
    }),
    /** Client: `POST /api/auth/reset-password/callback` with the link's code and the new password. */
    setNewPassword: fromPromise<unknown, { uuid: string; password: string }>(async () => {
      throw new Error('resetPassword: setNewPassword is not provided')
    }),
  },
  actions: {
    /** Client: the password-reset-success notification. */
    notifyResetSuccess: () => {},
    setEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    setPassword: assign((_, params: { field: PasswordField; value: string }) =>
      params.field === 'password' ? { password: params.value } : { repeat: params.value },
    ),
    clearPasswords: assign({ password: '', repeat: '' }),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
  },
  guards: {
    hasCode: ({ context }) => context.code !== null,
    isCodeWellFormed: ({ context }) => LinkCodeSchema.safeParse(context.code).success,
    canRequest: ({ context }) => mailIssue(context.email) === null,
    canChoose: ({ context }) => isAcceptableNewPassword(context.password, context.repeat),
    isInvalidLink: (_, params: { error: unknown }) => isInvalidLinkFailure(params.error),
  },
  delays: {
    redirectAfterReset: ({ context }) => context.redirectDelayMs,
  },
}).createMachine({
  id: 'resetPassword',
  initial: 'start',
  context: ({ input }) => ({
    code: input.code,
    redirectDelayMs: input.redirectDelayMs,
    email: '',
    password: '',
    repeat: '',
    error: null,
  }),
  states: {
    start: {
      always: [
        { guard: 'isCodeWellFormed', target: 'choosing' },
        { guard: 'hasCode', target: 'linkInvalid' },
        { target: 'requesting' },
      ],
    },
    requesting: {
      tags: 'request',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.changeEmail': {
              actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) },
            },
            'form.submit': { guard: 'canRequest', target: 'sending', actions: 'clearError' },
          },
        },
        sending: {
          tags: 'busy',
          invoke: {
            id: 'requestResetLink',
            src: 'requestResetLink',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: { target: 'sent' },
            onError: {
              target: 'editing',
              actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
            },
          },
        },
        sent: { tags: 'sent' },
      },
    },
    choosing: {
      tags: 'choose',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.changePassword': {
              actions: {
                type: 'setPassword',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
            'form.submit': { guard: 'canChoose', target: 'saving', actions: 'clearError' },
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            id: 'setNewPassword',
            src: 'setNewPassword',
            input: ({ context }) => ({ uuid: context.code ?? '', password: context.password }),
            onDone: { target: 'succeeded', actions: ['notifyResetSuccess', 'clearPasswords'] },
            onError: [
              {
                guard: { type: 'isInvalidLink', params: ({ event }) => ({ error: event.error }) },
                target: '#resetPassword.linkInvalid',
                actions: 'clearPasswords',
              },
              {
                target: 'editing',
                actions: [
                  'clearPasswords',
                  { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
                ],
              },
            ],
          },
        },
        succeeded: {
          tags: 'succeeded',
          after: { redirectAfterReset: { target: '#resetPassword.done' } },
        },
      },
    },
    linkInvalid: { tags: 'link-invalid' },
    /** The view goes to `/login`. */
    done: { type: 'final', tags: 'done' },
  },
})
