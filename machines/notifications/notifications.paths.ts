import { afterEvents, definePathModel } from '#tests/graph/path-testing.ts'
import { NOTIFICATION_DEFAULT_MS, VAT_ID_NOTICE_MS } from '#shared/domain/limits.ts'
import { notificationsMachine } from './notifications.machine.ts'

/** The longest queue the model builds: enough to show queueing, small enough to keep the graph finite. */
const MAX_QUEUE = 2

/** Path model of the snackbar queue: a default-duration and a custom-duration notification, queues up to two. */
export const notificationsPathModel = definePathModel({
  machine: notificationsMachine,
  input: { defaultDurationMs: NOTIFICATION_DEFAULT_MS },
  events: (snapshot) => [
    ...(snapshot.context.queue.length < MAX_QUEUE
      ? [
          { type: 'notify.show', notification: { kind: 'success', message: 'logout-success' } } as const,
          {
            type: 'notify.show',
            notification: { kind: 'success', message: 'vat-id-success', durationMs: VAT_ID_NOTICE_MS },
          } as const,
        ]
      : []),
    { type: 'notify.dismiss' },
    ...afterEvents(notificationsMachine),
  ],
  // Ids only count up: leave them out, or every notification would be a new graph node.
  serializeContext: ({ current, queue }) => ({
    current: current && { ...current, id: undefined },
    queue: queue.map((notification) => ({ ...notification, id: undefined })),
  }),
})
