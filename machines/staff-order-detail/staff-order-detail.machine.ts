import { assign, fromPromise, setup } from 'xstate'
import {
  PRINTABILITY_NOTE_MAX,
  type PrintabilityNoteResponse,
  STATUS_NOTE_MAX,
  type StaffOrderDetailResponse,
} from '#shared/contracts/staff-orders.contract.ts'
import type { OrderStatus } from '#shared/domain/order-status.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type Input = { orderId: string }

/** What the staff member just did, for the confirmation above the form. */
export type DoneAction = 'status' | 'paid' | 'company' | 'printability'
/** A refused or failed change: which one, and the API's code (422 status_change_refused, 409 conflict, …). */
export type Failure = { action: DoneAction; code: ErrorCode }

export type Context = {
  orderId: string
  detail: StaffOrderDetailResponse | null
  error: ErrorCode | null
  /** The status change form: the chosen next status and the note to the customer. */
  target: OrderStatus | null
  note: string
  /** The printability note form: the line and the message. */
  noteLineId: string | null
  printabilityMessage: string
  /** Whether the last printability note went with the line's wall-thickness picture (null: none sent yet). */
  pictureAttached: boolean | null
  done: DoneAction | null
  failure: Failure | null
}

export type Event =
  | { type: 'order.reload' }
  | { type: 'order.chooseStatus'; to: OrderStatus | null }
  | { type: 'order.changeNote'; note: string }
  | { type: 'order.requestStatusChange' }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' }
  | { type: 'order.markPaid' }
  | { type: 'order.verifyCompany' }
  | { type: 'order.chooseNoteLine'; lineId: string | null }
  | { type: 'order.changePrintabilityMessage'; message: string }
  | { type: 'order.sendPrintabilityNote' }

export const STAFF_ORDER_DETAIL_TAGS = ['loading', 'load-failed', 'ready', 'confirm-status', 'busy'] as const
export type StaffOrderDetailTag = (typeof STAFF_ORDER_DETAIL_TAGS)[number]

/** Prepaid and invoice orders are paid by transfer, which only staff see arrive (decision 0105). */
export function canMarkPaid(detail: StaffOrderDetailResponse | null): boolean {
  if (detail === null) return false
  const { paymentMethod, paymentStatus } = detail.order
  return (
    (paymentMethod === 'prepaid' || paymentMethod === 'billing') &&
    (paymentStatus === 'PAYMENT_PENDING' || paymentStatus === 'PAYMENT_FAILED')
  )
}

/** A business customer's account may be verified as a company once; guests have no account to verify. */
export const canVerifyCompany = (context: Pick<Context, 'detail'>): boolean =>
  context.detail !== null &&
  context.detail.userId !== null &&
  context.detail.order.isBusinessCustomer &&
  !context.detail.isVerifiedCompany

export const isStatusNoteValid = (note: string): boolean => note.length <= STATUS_NOTE_MAX
export const isPrintabilityMessageValid = (message: string): boolean =>
  message.trim().length > 0 && message.length <= PRINTABILITY_NOTE_MAX

const CLEARED_FORMS = { target: null, note: '', noteLineId: null, printabilityMessage: '' } as const

/**
 * One order in the back office (issue 17 "Order back office"): its detail, a status change along the allowed next
 * statuses the server lists (with an optional note to the customer, confirmed before it is sent), "mark paid" for a
 * transfer, the company verification of a business customer and a printability note about one line. Every change
 * answers with the order as it is now; a refused one keeps the form and names the refusal.
 */
export const staffOrderDetailMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as StaffOrderDetailTag,
  },
  actors: {
    /** Client: `GET /api/staff/orders/{orderId}`. */
    loadOrder: fromPromise<StaffOrderDetailResponse, { orderId: string }>(async () => {
      throw new Error('staffOrderDetail: loadOrder is not provided')
    }),
    /** Client: `POST …/status` `{to, note}`. */
    changeStatus: fromPromise<StaffOrderDetailResponse, { orderId: string; to: OrderStatus; note: string }>(
      async () => {
        throw new Error('staffOrderDetail: changeStatus is not provided')
      },
    ),
    /** Client: `POST …/mark-paid`. */
    markPaid: fromPromise<StaffOrderDetailResponse, { orderId: string }>(async () => {
      throw new Error('staffOrderDetail: markPaid is not provided')
    }),
    /** Client: `POST /api/staff/customers/{userId}/verify-company`. */
    verifyCompany: fromPromise<unknown, { userId: string }>(async () => {
      throw new Error('staffOrderDetail: verifyCompany is not provided')
    }),
    /** Client: `POST …/printability-note` `{lineId, message}`. */
    sendPrintabilityNote: fromPromise<
      PrintabilityNoteResponse,
      { orderId: string; lineId: string; message: string }
    >(async () => {
      throw new Error('staffOrderDetail: sendPrintabilityNote is not provided')
    }),
  },
  actions: {
    setDetail: assign((_, params: { detail: StaffOrderDetailResponse }) => ({
      detail: params.detail,
      error: null,
    })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    setTarget: assign((_, params: { to: OrderStatus | null }) => ({
      target: params.to,
      done: null,
      failure: null,
    })),
    setNote: assign((_, params: { note: string }) => ({ note: params.note })),
    setNoteLine: assign((_, params: { lineId: string | null }) => ({
      noteLineId: params.lineId,
      done: null,
      failure: null,
    })),
    setPrintabilityMessage: assign((_, params: { message: string }) => ({
      printabilityMessage: params.message,
    })),
    clearOutcome: assign({ done: null, failure: null }),
    succeeded: assign((_, params: { action: DoneAction; detail: StaffOrderDetailResponse }) => ({
      ...CLEARED_FORMS,
      detail: params.detail,
      done: params.action,
      failure: null,
    })),
    // The account's flag as the server now holds it: the answer of a reload says the same.
    companyVerified: assign(({ context }) => ({
      detail: context.detail === null ? null : { ...context.detail, isVerifiedCompany: true },
      done: 'company' as const,
      failure: null,
    })),
    notePictureAttached: assign((_, params: { attached: boolean }) => ({ pictureAttached: params.attached })),
    failed: assign((_, params: { action: DoneAction; error: unknown }) => ({
      failure: { action: params.action, code: errorCodeOf(params.error) },
      done: null,
    })),
  },
  guards: {
    canRequestStatusChange: ({ context }) =>
      context.target !== null &&
      context.detail !== null &&
      context.detail.allowedNextStatuses.includes(context.target) &&
      isStatusNoteValid(context.note),
    canMarkPaid: ({ context }) => canMarkPaid(context.detail),
    canVerifyCompany: ({ context }) => canVerifyCompany(context),
    canSendPrintabilityNote: ({ context }) =>
      context.noteLineId !== null &&
      context.detail !== null &&
      context.detail.order.items.some((item) => item._id === context.noteLineId) &&
      isPrintabilityMessageValid(context.printabilityMessage),
  },
}).createMachine({
  id: 'staffOrderDetail',
  initial: 'loading',
  context: ({ input }) => ({
    orderId: input.orderId,
    detail: null,
    error: null,
    ...CLEARED_FORMS,
    pictureAttached: null,
    done: null,
    failure: null,
  }),
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'ready',
          actions: { type: 'setDetail', params: ({ event }) => ({ detail: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'load-failed',
      on: { 'order.reload': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          tags: 'ready',
          on: {
            'order.reload': { target: '#staffOrderDetail.loading', actions: 'clearOutcome' },
            'order.chooseStatus': {
              actions: { type: 'setTarget', params: ({ event }) => ({ to: event.to }) },
            },
            'order.changeNote': {
              actions: { type: 'setNote', params: ({ event }) => ({ note: event.note }) },
            },
            'order.requestStatusChange': { guard: 'canRequestStatusChange', target: 'confirmingStatus' },
            'order.markPaid': { guard: 'canMarkPaid', target: 'markingPaid', actions: 'clearOutcome' },
            'order.verifyCompany': {
              guard: 'canVerifyCompany',
              target: 'verifyingCompany',
              actions: 'clearOutcome',
            },
            'order.chooseNoteLine': {
              actions: { type: 'setNoteLine', params: ({ event }) => ({ lineId: event.lineId }) },
            },
            'order.changePrintabilityMessage': {
              actions: {
                type: 'setPrintabilityMessage',
                params: ({ event }) => ({ message: event.message }),
              },
            },
            'order.sendPrintabilityNote': {
              guard: 'canSendPrintabilityNote',
              target: 'sendingPrintabilityNote',
              actions: 'clearOutcome',
            },
          },
        },
        confirmingStatus: {
          tags: ['ready', 'confirm-status'],
          on: {
            'order.confirm': 'changingStatus',
            'order.cancel': 'idle',
          },
        },
        changingStatus: {
          tags: ['ready', 'busy'],
          invoke: {
            id: 'changeStatus',
            src: 'changeStatus',
            // The guard into confirmingStatus made sure a target is chosen.
            input: ({ context }) => ({
              orderId: context.orderId,
              to: context.target ?? 'UNKNOWN',
              note: context.note.trim(),
            }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'succeeded',
                params: ({ event }) => ({ action: 'status' as const, detail: event.output }),
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'failed',
                params: ({ event }) => ({ action: 'status' as const, error: event.error }),
              },
            },
          },
        },
        markingPaid: {
          tags: ['ready', 'busy'],
          invoke: {
            id: 'markPaid',
            src: 'markPaid',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'succeeded',
                params: ({ event }) => ({ action: 'paid' as const, detail: event.output }),
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'failed',
                params: ({ event }) => ({ action: 'paid' as const, error: event.error }),
              },
            },
          },
        },
        verifyingCompany: {
          tags: ['ready', 'busy'],
          invoke: {
            id: 'verifyCompany',
            src: 'verifyCompany',
            input: ({ context }) => ({ userId: context.detail?.userId ?? '' }),
            onDone: { target: 'idle', actions: 'companyVerified' },
            onError: {
              target: 'idle',
              actions: {
                type: 'failed',
                params: ({ event }) => ({ action: 'company' as const, error: event.error }),
              },
            },
          },
        },
        sendingPrintabilityNote: {
          tags: ['ready', 'busy'],
          invoke: {
            id: 'sendPrintabilityNote',
            src: 'sendPrintabilityNote',
            input: ({ context }) => ({
              orderId: context.orderId,
              lineId: context.noteLineId ?? '',
              message: context.printabilityMessage.trim(),
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'succeeded',
                  params: ({ event }) => ({ action: 'printability' as const, detail: event.output }),
                },
                {
                  type: 'notePictureAttached',
                  params: ({ event }) => ({ attached: event.output.pictureAttached }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'failed',
                params: ({ event }) => ({ action: 'printability' as const, error: event.error }),
              },
            },
          },
        },
      },
    },
  },
})
