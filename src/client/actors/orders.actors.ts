import { type ActorRefFrom, fromPromise } from 'xstate'
import { orderCompleteMachine } from '#machines/order-complete/order-complete.machine.ts'
import { orderDetailsMachine, type OrderTarget } from '#machines/order-details/order-details.machine.ts'
import { orderHistoryMachine } from '#machines/order-history/order-history.machine.ts'
import { type orderFlowMachine } from '#machines/order-flow/order-flow.machine.ts'
import {
  CHECKOUT_CALLBACK_PATH,
  CheckoutCallbackResponseSchema,
  LEGACY_TRACK_ORDER_PATH,
  ORDER_PATH,
  ORDER_PDF_PATH,
  OrderResponseSchema,
  ReorderResponseSchema,
  USER_ORDERS_PATH,
  UserOrdersResponseSchema,
} from '#shared/contracts/checkout.contract.ts'
import { type ApiClient } from '#client/actors/api-client.ts'
import { notify, type NotificationsRef } from '#client/actors/notify.ts'

/** The query parameter that carries a guest's order access token, on the pages and on the API (decision 0100). */
export const ACCESS_PARAM = 'access'

const withAccess = (path: string, access: string | null): string =>
  access === null ? path : `${path}?${new URLSearchParams({ [ACCESS_PARAM]: access }).toString()}`

/** `GET /api/checkout/order/{orderId}`, with `?access=` for a guest. */
export const orderUrl = (orderId: string, access: string | null): string =>
  withAccess(ORDER_PATH.replace('{orderId}', encodeURIComponent(orderId)), access)

/** The confirmation or quote as a PDF (the download link of the order pages). */
export const orderPdfUrl = (orderId: string, access: string | null): string =>
  withAccess(ORDER_PDF_PATH.replace('{orderId}', encodeURIComponent(orderId)), access)

/** A page of this site for an order (`/order-details/{id}?access=…`), as `showPage` takes it. */
const pageFor = (page: string, target: OrderTarget): string =>
  withAccess(`/${page}/${encodeURIComponent(target.orderId)}`, target.access)

export type OrdersDeps = {
  api: ApiClient
  notifications: NotificationsRef
  /** A page of this site (path without locale prefix, maybe with a search) in the current language. */
  showPage: (path: string) => void
  /** Leaves the shop for the payment provider's approval page. */
  leaveFor?: (url: string) => void
  /**
   * The order flow (the root of the shopper's system, decision 0080): told `checkout.completed` when the visitor
   * comes back from the payment provider, so it clears the cart, the voucher and the checkout's storage.
   */
  orderFlow: Pick<ActorRefFrom<typeof orderFlowMachine>, 'send'>
}

const leaveForDefault = (url: string) => window.location.assign(url)

/** Order details and `/track-order` share the view; only the read differs (`loadOrder`). */
function createOrderDetailsLogic(deps: OrdersDeps, loadOrder: ReturnType<typeof orderLoader>) {
  return orderDetailsMachine.provide({
    actors: {
      loadOrder,
      reorder: fromPromise(({ input, signal }) =>
        deps.api.post(
          ORDER_PATH.replace('{orderId}', encodeURIComponent(input.orderId)),
          {},
          ReorderResponseSchema,
          { signal },
        ),
      ),
    },
    actions: {
      showPaymentDetails: (_, target) => deps.showPage(pageFor('payment-details', target)),
      showOrder: (_, target) => deps.showPage(pageFor('order-details', target)),
      goToProvider: (_, { approveUrl }) => (deps.leaveFor ?? leaveForDefault)(approveUrl),
      notifyReordered: () => notify(deps.notifications, 'reorder-success'),
      notifyReorderFailed: () => notify(deps.notifications, 'reorder-failure'),
    },
  })
}

function orderLoader(deps: OrdersDeps) {
  return fromPromise<
    Awaited<ReturnType<typeof readOrder>>,
    { orderId: string | null; access: string | null }
  >(({ input, signal }) => readOrder(deps, input.orderId ?? '', input.access, signal))
}

async function readOrder(deps: OrdersDeps, orderId: string, access: string | null, signal: AbortSignal) {
  const { order } = await deps.api.get(orderUrl(orderId, access), OrderResponseSchema, { signal })
  return order
}

/** `/track-order` (legacy): the page's query goes to the legacy tracking endpoint as it is. */
function trackOrderLoader(deps: OrdersDeps, query: string) {
  return fromPromise<
    Awaited<ReturnType<typeof readOrder>>,
    { orderId: string | null; access: string | null }
  >(async ({ signal }) => {
    const path = query === '' ? LEGACY_TRACK_ORDER_PATH : `${LEGACY_TRACK_ORDER_PATH}?${query}`
    const { order } = await deps.api.get(path, OrderResponseSchema, { signal })
    return order
  })
}

function createOrderCompleteLogic(deps: OrdersDeps) {
  return orderCompleteMachine.provide({
    actors: {
      loadOrder: fromPromise(({ input, signal }) => readOrder(deps, input.orderId, input.access, signal)),
      reportReturn: fromPromise(({ input, signal }) =>
        deps.api.post(
          CHECKOUT_CALLBACK_PATH,
          {
            token: input.token,
            success: input.success,
            ...(input.PayerID === null ? {} : { PayerID: input.PayerID }),
          },
          CheckoutCallbackResponseSchema,
          { signal },
        ),
      ),
    },
    actions: {
      orderReached: (_, { orderId }) => deps.orderFlow.send({ type: 'checkout.completed', orderId }),
    },
  })
}

/**
 * The logic of the order pages (issue 16) with their API calls; each page starts its own actor from it (its state
 * lives as long as the page), as the account forms do.
 */
export function createOrdersLogic(deps: OrdersDeps) {
  return {
    orderDetails: createOrderDetailsLogic(deps, orderLoader(deps)),
    /** `/track-order?…`: the same page, read through the legacy endpoint with the page's query. */
    trackOrder: (query: string) => createOrderDetailsLogic(deps, trackOrderLoader(deps, query)),
    orderComplete: createOrderCompleteLogic(deps),
    orderHistory: orderHistoryMachine.provide({
      actors: {
        loadOrders: fromPromise(async ({ signal }) => {
          const { orders } = await deps.api.get(USER_ORDERS_PATH, UserOrdersResponseSchema, { signal })
          return orders
        }),
      },
    }),
  }
}

export type OrdersLogic = ReturnType<typeof createOrdersLogic>
