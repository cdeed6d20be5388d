import { assign, fromPromise, setup } from 'xstate'
import type { OrderListEntry } from '#shared/contracts/checkout.contract.ts'

export type Context = { orders: readonly OrderListEntry[] }

export type Event = { type: 'orders.retry' }

export const ORDER_HISTORY_TAGS = ['loading', 'loaded', 'load-failed'] as const
export type OrderHistoryTag = (typeof ORDER_HISTORY_TAGS)[number]

/**
 * The order history on `/account` (spec part 2 §2 "Bestellverlauf", §3 "Order list entry", §6 "order history"):
 * the signed-in customer's orders, newest first; a failure shows the generic error with a retry.
 */
export const orderHistoryMachine = setup({
  types: { context: {} as Context, events: {} as Event, tags: {} as OrderHistoryTag },
  actors: {
    /** Client: `GET /api/checkout/order/user`. */
    loadOrders: fromPromise<readonly OrderListEntry[]>(async () => {
      throw new Error('orderHistory: loadOrders is not provided')
    }),
  },
  actions: {
    setOrders: assign((_, params: { orders: readonly OrderListEntry[] }) => ({ orders: params.orders })),
  },
}).createMachine({
  id: 'orderHistory',
  context: { orders: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: {
          target: 'loaded',
          actions: { type: 'setOrders', params: ({ event }) => ({ orders: event.output }) },
        },
        onError: { target: 'loadFailed' },
      },
    },
    loaded: { tags: 'loaded' },
    loadFailed: { tags: 'load-failed', on: { 'orders.retry': { target: 'loading' } } },
  },
})
