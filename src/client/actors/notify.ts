import { type ActorRefFrom } from 'xstate'
import {
  notificationKindOf,
  type NotificationMessage,
} from '#machines/notifications/notification-messages.ts'
import { type notificationsMachine } from '#machines/notifications/notifications.machine.ts'

export type NotificationsRef = Pick<ActorRefFrom<typeof notificationsMachine>, 'send'>

/** Shows a message in the snackbar with the kind the spec gives it. */
export function notify(notifications: NotificationsRef, message: NotificationMessage): void {
  notifications.send({ type: 'notify.show', notification: { kind: notificationKindOf[message], message } })
}
