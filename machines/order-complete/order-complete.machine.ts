import { assign, fromPromise, setup } from 'xstate'
import type { Order } from '#shared/contracts/checkout.contract.ts'
import type { OrderStatus, PaymentStatus } from '#shared/domain/order-status.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, isNotFound } from '#machines/api-call/api-error.ts'

/**
 * What the URL says: `/order-complete/{orderId}?access=…` (plus the provider's `token` and `PayerID` after a PayPal
 * approval), `/quote-generated?orderId=…&access=…`, `/order-failed?orderId=…&access=…&token=…` (the provider's
 * cancel URL). `access` is the guest's access token, `providerToken` the provider's order id.
 */
export type Input = {
  mode: 'complete' | 'failed'
  orderId: string | null
  access: string | null
  providerToken: string | null
  payerId: string | null
  /** How often and how many times to read a PayPal order again whose payment is still being confirmed. */
  pollIntervalMs: number
  maxPolls: number
}

export type Context = Input & {
  order: Order | null
  error: ErrorCode | null
  /** Reads made while the payment was being confirmed. */
  polls: number
  /** The visitor came back from the payment provider (the return was reported). */
  returned: boolean
}

export type Event = { type: 'order.retry' }

/** The callback's answer (`CheckoutCallbackResponse`): which order the provider's token belongs to. */
export type ReturnReport = {
  order: { _id: string; paymentStatus: PaymentStatus; orderStatus: OrderStatus }
}

export const ORDER_COMPLETE_TAGS = [
  'loading',
  'loaded',
  'payment-confirming',
  'payment-unconfirmed',
  'load-failed',
  'not-found',
  'order-failed',
  'no-order',
] as const
export type OrderCompleteTag = (typeof ORDER_COMPLETE_TAGS)[number]

const isPaymentOpen = (order: Order): boolean =>
  order.paymentMethod === 'paypal' && order.paymentStatus === 'PAYMENT_PENDING'

/**
 * The pages after placing an order (spec part 2 §2 "Order complete", §4 "Create order", §8): a provider return with
 * `token` and `PayerID` is reported as success first (the server captures and verifies; the return itself never
 * marks paid), the cancel page's `token` as failure; then the order is read. A PayPal payment still pending after the
 * return is read again a few times ("payment is being confirmed") and then left as pending, never shown as paid
 * unless the server says PAYMENT_RECEIVED. Loading failures: 404 → not-available page, else the generic error.
 */
export const orderCompleteMachine = setup({
  types: {
    input: {} as Input,
    context: {} as Context,
    events: {} as Event,
    tags: {} as OrderCompleteTag,
  },
  actors: {
    /** Client: `GET /api/checkout/order/{orderId}?access=…`. */
    loadOrder: fromPromise<Order, { orderId: string; access: string | null }>(async () => {
      throw new Error('orderComplete: loadOrder is not provided')
    }),
    /** Client: `POST /api/checkout/order/checkout/callback` with `{ token, PayerID, success }`. */
    reportReturn: fromPromise<ReturnReport, { token: string; PayerID: string | null; success: boolean }>(
      async () => {
        throw new Error('orderComplete: reportReturn is not provided')
      },
    ),
  },
  actions: {
    /**
     * Client: the order is placed and the visitor is back from the provider in a fresh page: the order flow clears
     * what the order used (cart, voucher, the checkout's local storage) as after any placement (decision 0100).
     */
    orderReached: (_, _params: { orderId: string }) => {},
    setReported: assign((_, params: { report: ReturnReport }) => ({
      orderId: params.report.order._id,
      returned: true,
    })),
    setReturned: assign({ returned: true }),
    setOrder: assign((_, params: { order: Order }) => ({ order: params.order, error: null })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
  },
  guards: {
    isProviderReturn: ({ context }) =>
      context.mode === 'complete' && context.providerToken !== null && context.payerId !== null,
    isCancelReturn: ({ context }) => context.mode === 'failed' && context.providerToken !== null,
    isFailedPage: ({ context }) => context.mode === 'failed',
    knowsOrder: ({ context }) => context.orderId !== null,
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    awaitsPayment: ({ context }, params: { order: Order }) => context.returned && isPaymentOpen(params.order),
    pollsLeft: ({ context }) => context.polls < context.maxPolls,
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
  },
}).createMachine({
  id: 'orderComplete',
  context: ({ input }) => ({ ...input, order: null, error: null, polls: 0, returned: false }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'isProviderReturn', target: 'reportingReturn' },
        { guard: 'isCancelReturn', target: 'reportingCancel' },
        { guard: 'isFailedPage', target: 'orderFailed' },
        { guard: 'knowsOrder', target: 'loading' },
        { target: 'noOrder' },
      ],
    },
    reportingReturn: {
      tags: 'loading',
      invoke: {
        id: 'reportReturn',
        src: 'reportReturn',
        input: ({ context }) => ({
          token: context.providerToken ?? '',
          PayerID: context.payerId,
          success: true,
        }),
        onDone: {
          target: 'loading',
          actions: [
            { type: 'setReported', params: ({ event }) => ({ report: event.output }) },
            { type: 'orderReached', params: ({ event }) => ({ orderId: event.output.order._id }) },
          ],
        },
        onError: [
          {
            // The report failed (the capture too, maybe): the order's own status says where the payment stands.
            guard: 'knowsOrder',
            target: 'loading',
            actions: [
              'setReturned',
              { type: 'orderReached', params: ({ context }) => ({ orderId: context.orderId ?? '' }) },
            ],
          },
          {
            target: 'loadFailed',
            actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
          },
        ],
      },
    },
    reportingCancel: {
      tags: 'loading',
      invoke: {
        id: 'reportReturn',
        src: 'reportReturn',
        input: ({ context }) => ({ token: context.providerToken ?? '', PayerID: null, success: false }),
        onDone: {
          target: 'orderFailed',
          actions: [
            { type: 'setReported', params: ({ event }) => ({ report: event.output }) },
            { type: 'orderReached', params: ({ event }) => ({ orderId: event.output.order._id }) },
          ],
        },
        onError: { target: 'orderFailed' },
      },
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? '', access: context.access }),
        onDone: [
          {
            guard: { type: 'awaitsPayment', params: ({ event }) => ({ order: event.output }) },
            target: 'confirmingPayment',
            actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            target: 'loaded',
            actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
          },
        ],
      },
    },
    confirmingPayment: {
      tags: ['loaded', 'payment-confirming'],
      initial: 'waiting',
      states: {
        waiting: {
          after: {
            pollInterval: [
              { guard: 'pollsLeft', target: 'reading', actions: 'countPoll' },
              { target: '#orderComplete.paymentUnconfirmed' },
            ],
          },
        },
        reading: {
          invoke: {
            id: 'pollOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '', access: context.access }),
            onDone: [
              {
                guard: { type: 'awaitsPayment', params: ({ event }) => ({ order: event.output }) },
                target: 'waiting',
                actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
              },
              {
                target: '#orderComplete.loaded',
                actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
              },
            ],
            // A failed read is one try less; the order shown stays the last one read.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    /** Still pending after every read: say what happens next (a mail once the payment arrives). */
    paymentUnconfirmed: { tags: ['loaded', 'payment-unconfirmed'] },
    loaded: { tags: 'loaded' },
    /** The view replaces the page with `/not-available?status=404` (as a failed CMS page does). */
    notFound: { tags: 'not-found' },
    loadFailed: {
      tags: 'load-failed',
      on: {
        'order.retry': [{ guard: 'knowsOrder', target: 'loading' }, { target: 'deciding' }],
      },
    },
    orderFailed: { tags: 'order-failed' },
    noOrder: { tags: 'no-order' },
  },
})
