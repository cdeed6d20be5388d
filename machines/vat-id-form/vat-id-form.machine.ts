import { assign, fromPromise, setup } from 'xstate'
import type { ContactResponse, VatIdRequest } from '#shared/contracts/contact.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { parseVatIdValue, type VatIdAccount } from '#shared/domain/forms/vat-id-form.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type Input = {
  /** The logged-in customer's e-mail and name, sent with the VAT-ID. */
  account: VatIdAccount
  /** How long the success notice stays: VAT_ID_NOTICE_MS (15 s) in the shop. */
  noticeDurationMs: number
}

export type Context = {
  /** The VAT-ID as typed; emptied after it was sent, kept when sending failed. */
  value: string
  account: VatIdAccount
  noticeDurationMs: number
  /** Why the last send failed; null otherwise. */
  error: ErrorCode | null
}

export type Event = { type: 'form.change'; value: string } | { type: 'form.submit' }

export const VAT_ID_FORM_TAGS = ['busy'] as const
export type VatIdFormTag = (typeof VAT_ID_FORM_TAGS)[number]

/** The request of a value the `canSubmit` guard let through. */
function requestOf(context: Context): VatIdRequest {
  const request = parseVatIdValue(context.value, context.account)
  if (request === null) throw new Error('vatIdForm: submitting an invalid value')
  return request
}

/**
 * The VAT-ID form (spec part 2 §5 "VAT-ID form needs a non-empty value", §7 VAT-ID submission, §8 VAT-ID messages):
 * sends a non-empty value with the account's name and e-mail; success shows the notice for `noticeDurationMs`.
 */
export const vatIdFormMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as VatIdFormTag,
  },
  actors: {
    /** Client: `POST /api/contact` with the request (`kind: 'vat-id'`). */
    submitVatId: fromPromise<ContactResponse, { request: VatIdRequest }>(async () => {
      throw new Error('vatIdForm: submitVatId is not provided')
    }),
  },
  actions: {
    /** Client: the vat-id-success notification, shown for `durationMs`. */
    notifyVatIdSuccess: (_, _params: { durationMs: number }) => {},
    /** Client: the vat-id-failure warning. */
    notifyVatIdFailure: () => {},
    setValue: assign((_, params: { value: string }) => ({ value: params.value })),
    clearValue: assign({ value: '' }),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
  },
  guards: {
    canSubmit: ({ context }) => parseVatIdValue(context.value, context.account) !== null,
  },
}).createMachine({
  id: 'vatIdForm',
  initial: 'editing',
  context: ({ input }) => ({
    value: '',
    account: input.account,
    noticeDurationMs: input.noticeDurationMs,
    error: null,
  }),
  states: {
    editing: {
      on: {
        'form.change': { actions: { type: 'setValue', params: ({ event }) => ({ value: event.value }) } },
        'form.submit': { guard: 'canSubmit', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submitVatId',
        src: 'submitVatId',
        input: ({ context }) => ({ request: requestOf(context) }),
        onDone: {
          target: 'editing',
          actions: [
            {
              type: 'notifyVatIdSuccess',
              params: ({ context }) => ({ durationMs: context.noticeDurationMs }),
            },
            'clearValue',
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            'notifyVatIdFailure',
            { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
          ],
        },
      },
    },
  },
})
