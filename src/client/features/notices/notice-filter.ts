import { type NotificationsRef } from '#client/actors/notify.ts'
import { type NoticesConfig } from './notices-config.ts'

/** The notifications with the ones the configuration switched off dropped (the file-being-repaired notice). */
export function withoutDisabledNotices(
  notifications: NotificationsRef,
  config: NoticesConfig,
): NotificationsRef {
  if (config.fileRepairing) return notifications
  return {
    send: (event) => {
      if (event.type === 'notify.show' && event.notification.message === 'upload-repairing') return
      notifications.send(event)
    },
  }
}
