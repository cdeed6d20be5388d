import { checkoutMachine } from '#machines/checkout/checkout.machine.ts'
import { orderFlowMachine } from '#machines/order-flow/order-flow.machine.ts'
import { type NotificationMessage } from '#machines/notifications/notification-messages.ts'
import { type ApiClient } from './api-client.ts'
import { createCartActors } from './cart.actors.ts'
import { type CheckoutDeps, createCheckoutActors } from './checkout.actors.ts'
import { createConfigureActors } from './configure.actors.ts'
import { type NotificationsRef } from './notify.ts'
import { createOrderProcessActors } from './order-process.actors.ts'
import { type PreviewStores } from './preview-store.ts'
import { createPricingActors } from './pricing.actors.ts'
import { createPrintModesActors } from './print-modes.actors.ts'
import { createUploadActors } from './upload.actors.ts'
import { createVoucherActors } from './voucher.actors.ts'

export type OrderFlowDeps = {
  api: ApiClient
  storage: Storage
  /** The snackbar for the app-level warnings (order process, cart). */
  notifications: NotificationsRef
  /** The snackbar for the upload and configure notices (some notices can be switched off). */
  flowNotifications: NotificationsRef
  previews: PreviewStores
  scrollToTopAndGoHome: () => void
  /** Clicks the visible file input. */
  openFilePicker: () => void
  /** The configure view is on the home page: go there (keeps the scroll position). */
  showConfigure: () => void
  /** After "add to cart": the cart page. */
  showCart: () => void
  /** Takes a notice off the snackbar if it is the one showing (nothing else is dismissed). */
  dismissNotice?: (message: NotificationMessage) => void
  /** The checkout's edges besides the API (session, preferences, navigation, this tab's storage); none in stories. */
  checkout?: Omit<CheckoutDeps, 'api' | 'notifications'>
  /** A placed order clears local storage except these keys (cookies, preferences, the welcome notice). */
  keepAfterOrder?: readonly string[]
}

/** Part 2 §4 "Reaching order complete clears local storage except cookies, session id and user preferences". */
function clearOrderStorage(storage: Storage, keep: readonly string[]) {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
  for (const key of keys) if (key !== null && !keep.includes(key)) storage.removeItem(key)
}

/**
 * The order flow with every child's real edges (docs/decisions/0080): the machines talk to each other by events
 * inside the flow; this only provides their I/O.
 */
export function createOrderFlowActors(deps: OrderFlowDeps) {
  const { api } = deps
  return orderFlowMachine.provide({
    actors: {
      // A failed upload is said once, by the upload panel with its cause and what to do (issue 14, item 8): the
      // order process still goes back to no order, without the generic snackbar on top.
      orderProcess: createOrderProcessActors({
        notifications: deps.notifications,
        scrollToTopAndGoHome: deps.scrollToTopAndGoHome,
      }).provide({ actions: { notifyUploadFailed: () => {} } }),
      cart: createCartActors({ api, storage: deps.storage, notifications: deps.notifications }),
      printModes: createPrintModesActors({ api }),
      upload: createUploadActors({
        api,
        notifications: deps.flowNotifications,
        openFilePicker: deps.openFilePicker,
      }),
      configure: createConfigureActors({
        api,
        notifications: deps.flowNotifications,
        previews: deps.previews,
      }),
      pricing: createPricingActors({ api }),
      checkout: deps.checkout
        ? createCheckoutActors({ api, notifications: deps.notifications, ...deps.checkout })
        : checkoutMachine,
      voucher: createVoucherActors({ api, storage: deps.storage }),
    },
    actions: {
      showConfigure: () => {
        deps.showConfigure()
        // The configure view shows the repair itself (notice and report): "Ihre Datei wird repariert …" is over.
        deps.dismissNotice?.('upload-repairing')
      },
      showCart: () => deps.showCart(),
      clearOrderStorage: () => clearOrderStorage(deps.storage, deps.keepAfterOrder ?? []),
    },
  })
}
