import { assign, fromPromise, setup } from 'xstate'
import { isAcceptableNewPassword } from '#shared/domain/forms/new-password.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { isWrongPasswordFailure } from '#machines/reset-password/account-failures.ts'

export type Input = {
  /** How long the success notice stays before the login page: REDIRECT_AFTER_PASSWORD_CHANGE_MS (3 s). */
  redirectDelayMs: number
}

export type PasswordChangeField = 'oldPassword' | 'newPassword' | 'repeat'

export type Context = Record<PasswordChangeField, string> & {
  redirectDelayMs: number
  /** The old password was wrong (its own message); a generic failure keeps `error` only. */
  wrongPassword: boolean
  /** Why the last change failed; null otherwise. */
  error: ErrorCode | null
}

export type Event =
  { type: 'form.change'; field: PasswordChangeField; value: string } | { type: 'form.submit' }

export const PASSWORD_CHANGE_TAGS = ['busy', 'form', 'changed', 'done'] as const
export type PasswordChangeTag = (typeof PASSWORD_CHANGE_TAGS)[number]

/**
 * The password change (spec part 2 §2 `/password-update`, §4 "Password change success shows a notice, logs the user
 * out and redirects to /login after 3 s", §5, §7 `POST /auth/password … then logout`): old, new and repeat; submit
 * only for a new password of 8–20 characters repeated identically; success notifies and after `redirectDelayMs`
 * logs out and is done (the view goes to `/login`); a wrong old password has its own message.
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as PasswordChangeTag,
  },
  actors: {
    /** Client: `POST /api/auth/password` with the old and the new password. */
    changePassword: fromPromise<unknown, { oldPassword: string; newPassword: string }>(async () => {
      throw new Error('passwordChange: changePassword is not provided')
    }),
  },
  actions: {
    /** Client: the password-change-success notification. */
    notifyPasswordChanged: () => {},
    /**
     * Client: the session logs out (the spec's "then logout"; the server already dropped the session cookie with the
     * change, and its logout call is idempotent), so the login guard leaves for `/login` without a return target.
     */
    endSession: () => {},
    setField: assign((_, params: { field: PasswordChangeField; value: string }) =>
      params.field === 'oldPassword'
        ? { oldPassword: params.value }
        : params.field === 'newPassword'
          ? { newPassword: params.value }
          : { repeat: params.value },
    ),
    clearFields: assign({ oldPassword: '', newPassword: '', repeat: '' }),
    clearOldPassword: assign({ oldPassword: '' }),
    clearError: assign({ error: null, wrongPassword: false }),
    setError: assign((_, params: { error: ErrorCode; wrongPassword: boolean }) => params),
  },
  guards: {
    canSubmit: ({ context }) =>
      context.oldPassword !== '' && isAcceptableNewPassword(context.newPassword, context.repeat),
    isWrongPassword: (_, params: { error: unknown }) => isWrongPasswordFailure(params.error),
  },
  delays: {
    redirectAfterPasswordChange: ({ context }) => context.redirectDelayMs,
  },
}).createMachine({
  id: 'passwordChange',
  initial: 'editing',
  context: ({ input }) => ({
    oldPassword: '',
    newPassword: '',
    repeat: '',
    redirectDelayMs: input.redirectDelayMs,
    wrongPassword: false,
    error: null,
  }),
  states: {
    editing: {
      tags: 'form',
      on: {
        'form.change': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': { guard: 'canSubmit', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: context.oldPassword, newPassword: context.newPassword }),
        onDone: { target: 'changed', actions: ['clearFields', 'notifyPasswordChanged'] },
        onError: [
          {
            guard: { type: 'isWrongPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              'clearOldPassword',
              {
                type: 'setError',
                params: ({ event }) => ({ error: errorCodeOf(event.error), wrongPassword: true }),
              },
            ],
          },
          {
            target: 'editing',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: errorCodeOf(event.error), wrongPassword: false }),
            },
          },
        ],
      },
    },
    changed: {
      tags: 'changed',
      after: { redirectAfterPasswordChange: { target: 'done' } },
    },
    /** The session logs out and the view goes to `/login`. */
    done: { type: 'final', tags: ['changed', 'done'], entry: 'endSession' },
  },
})
