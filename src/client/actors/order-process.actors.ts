import { orderProcessMachine } from '#machines/order-process/order-process.machine.ts'
import { notify, type NotificationsRef } from './notify.ts'

export type OrderProcessDeps = {
  notifications: NotificationsRef
  /** Scrolls to the top and navigates to the home page in the current language. */
  scrollToTopAndGoHome: () => void
}

/** The order process with its client edges: the snackbar and navigation. */
export function createOrderProcessActors(deps: OrderProcessDeps) {
  return orderProcessMachine.provide({
    actions: {
      notifyUploadFailed: () => notify(deps.notifications, 'upload-failed'),
      scrollToTopAndGoHome: () => deps.scrollToTopAndGoHome(),
    },
  })
}
