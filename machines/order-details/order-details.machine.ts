import { assign, fromPromise, setup } from 'xstate'
import type { CheckoutResponse, Order } from '#shared/contracts/checkout.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, isNotFound } from '#machines/api-call/api-error.ts'

/** Which order to read: by id (guests add their access token), or, on `/track-order`, by the legacy query. */
export type Input = { orderId: string | null; access: string | null }

export type Context = Input & {
  order: Order | null
  /** Why loading failed (not a 404, which is its own state); null otherwise. */
  error: ErrorCode | null
}

export type Event =
  /** Loading failed: try again. */
  | { type: 'order.retry' }
  /** 'Re Order': asks first (the confirm modal). */
  | { type: 'order.reorder' }
  | { type: 'order.confirmReorder' }
  | { type: 'order.cancelReorder' }
  /** 'Pay now' (an open PayPal order) and 'Order now' (a quote) both continue on `/payment-details/{orderId}`. */
  | { type: 'order.payNow' }
  | { type: 'order.orderNow' }
  | { type: 'order.showRepairInfo' }
  | { type: 'order.closeRepairInfo' }

/** Where the page goes for an order: its id and the guest's access token (null for a signed-in owner). */
export type OrderTarget = { orderId: string; access: string | null }

export const ORDER_DETAILS_TAGS = [
  'loading',
  'loaded',
  'not-found',
  'load-failed',
  'reorder-confirm',
  'busy',
  'repair-info',
  'leaving',
] as const
export type OrderDetailsTag = (typeof ORDER_DETAILS_TAGS)[number]

const targetOf = (context: Context): OrderTarget => ({
  orderId: context.order?._id ?? context.orderId ?? '',
  access: context.access,
})

/**
 * Order details and tracking on `/order-details/{orderId}` and `/track-order` (spec part 2 §2 "Order details /
 * tracking", §4, §8): loads the order (a 404 is the not-available page, any other failure the generic error with
 * retry), then offers what the server allows in `order.actions`: re-order with a confirm modal ('Bestellung wurde
 * erneut aufgegeben', then the new order; a failure warns), pay now (PayPal, PAYMENT_PENDING) and order now (a quote),
 * both on `/payment-details/{orderId}`, and the repair-info modal.
 */
export const orderDetailsMachine = setup({
  types: {
    input: {} as Input,
    context: {} as Context,
    events: {} as Event,
    tags: {} as OrderDetailsTag,
  },
  actors: {
    /** Client: `GET /api/checkout/order/{orderId}?access=…` (or the legacy tracking query). */
    loadOrder: fromPromise<Order, Input>(async () => {
      throw new Error('orderDetails: loadOrder is not provided')
    }),
    /** Client: `POST /api/checkout/order/{orderId}` (a new order with the same lines, priced now). */
    reorder: fromPromise<CheckoutResponse, { orderId: string }>(async () => {
      throw new Error('orderDetails: reorder is not provided')
    }),
  },
  actions: {
    /** Client: `/payment-details/{orderId}` (helper H3's existing-order mode). */
    showPaymentDetails: (_, _params: OrderTarget) => {},
    /** Client: the new order's details page. */
    showOrder: (_, _params: OrderTarget) => {},
    /** Client: the payment provider's approval page (a re-ordered PayPal order). */
    goToProvider: (_, _params: { approveUrl: string }) => {},
    /** Client: 'Bestellung wurde erneut aufgegeben' with the e-mail confirmation note. */
    notifyReordered: () => {},
    /** Client: the generic warning. */
    notifyReorderFailed: () => {},
    setOrder: assign((_, params: { order: Order }) => ({ order: params.order, error: null })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    canReorder: ({ context }) => context.order?.actions.reorder === true,
    canPayNow: ({ context }) => context.order?.actions.payNow === true,
    canOrderNow: ({ context }) => context.order?.actions.orderNow === true,
    hasRepairedItem: ({ context }) => context.order?.items.some((item) => item.repaired) === true,
    needsApproval: (_, params: { output: CheckoutResponse }) => params.output.payment !== null,
  },
}).createMachine({
  id: 'orderDetails',
  context: ({ input }) => ({ ...input, order: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId, access: context.access }),
        onDone: {
          target: 'loaded',
          actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
        },
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
    /** The view replaces the page with `/not-available?status=404` (as a failed CMS page does). */
    notFound: { tags: 'not-found' },
    loadFailed: {
      tags: 'load-failed',
      on: { 'order.retry': { target: 'loading' } },
    },
    loaded: {
      tags: 'loaded',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'order.reorder': { guard: 'canReorder', target: 'confirmingReorder' },
            'order.payNow': {
              guard: 'canPayNow',
              target: 'leaving',
              actions: { type: 'showPaymentDetails', params: ({ context }) => targetOf(context) },
            },
            'order.orderNow': {
              guard: 'canOrderNow',
              target: 'leaving',
              actions: { type: 'showPaymentDetails', params: ({ context }) => targetOf(context) },
            },
            'order.showRepairInfo': { guard: 'hasRepairedItem', target: 'repairInfo' },
          },
        },
        confirmingReorder: {
          tags: 'reorder-confirm',
          on: {
            'order.confirmReorder': { target: 'reordering' },
            'order.cancelReorder': { target: 'idle' },
          },
        },
        reordering: {
          tags: ['reorder-confirm', 'busy'],
          invoke: {
            id: 'reorder',
            src: 'reorder',
            input: ({ context }) => ({ orderId: targetOf(context).orderId }),
            onDone: [
              {
                guard: { type: 'needsApproval', params: ({ event }) => ({ output: event.output }) },
                target: 'leaving',
                actions: {
                  type: 'goToProvider',
                  params: ({ event }) => ({ approveUrl: event.output.payment?.approveUrl ?? '' }),
                },
              },
              {
                target: 'leaving',
                actions: [
                  'notifyReordered',
                  {
                    type: 'showOrder',
                    // The owner re-orders: the session reads the new order, the token only matters to a guest.
                    params: ({ event, context }) => ({
                      orderId: event.output.order._id,
                      access: context.access === null ? null : event.output.order.accessToken,
                    }),
                  },
                ],
              },
            ],
            onError: { target: 'idle', actions: 'notifyReorderFailed' },
          },
        },
        repairInfo: {
          tags: 'repair-info',
          on: { 'order.closeRepairInfo': { target: 'idle' } },
        },
        /** The page is on its way elsewhere (payment details, the new order, the provider). */
        leaving: { tags: 'leaving' },
      },
    },
  },
})
