import { assign, setup } from 'xstate'
import type { NotificationKind, NotificationMessage } from './notification-messages.ts'

/** What a caller asks to show. */
export type Notification = {
  kind: NotificationKind
  message: NotificationMessage
  /** How long it stays; the input's default (NOTIFICATION_DEFAULT_MS in the shop) when absent. */
  durationMs?: number
}

/** A queued or shown notification, with an id the view can key on. */
export type QueuedNotification = Notification & { id: number }

export type Input = {
  /** NOTIFICATION_DEFAULT_MS in the shop. */
  defaultDurationMs: number
}

export type Context = {
  current: QueuedNotification | null
  queue: QueuedNotification[]
  nextId: number
  defaultDurationMs: number
}

export type Event = { type: 'notify.show'; notification: Notification } | { type: 'notify.dismiss' }

export const NOTIFICATIONS_TAGS = ['visible'] as const
export type NotificationsTag = (typeof NOTIFICATIONS_TAGS)[number]

/**
 * The snackbar queue (spec part 1 §8): shows one notification at a time, dismisses it after its duration or on request,
 * then shows the next queued one.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as NotificationsTag,
  },
  actions: {
    showIncoming: assign(({ context, event }) =>
      event.type === 'notify.show'
        ? { current: { ...event.notification, id: context.nextId }, nextId: context.nextId + 1 }
        : {},
    ),
    enqueueIncoming: assign(({ context, event }) =>
      event.type === 'notify.show'
        ? {
            queue: [...context.queue, { ...event.notification, id: context.nextId }],
            nextId: context.nextId + 1,
          }
        : {},
    ),
    showNext: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    clearCurrent: assign({ current: null }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  delays: {
    notificationDuration: ({ context }) => context.current?.durationMs ?? context.defaultDurationMs,
  },
}).createMachine({
  id: 'notifications',
  initial: 'idle',
  context: ({ input }) => ({
    current: null,
    queue: [],
    nextId: 1,
    defaultDurationMs: input.defaultDurationMs,
  }),
  states: {
    idle: {
      on: { 'notify.show': { target: 'showing', actions: 'showIncoming' } },
    },
    showing: {
      tags: 'visible',
      after: { notificationDuration: 'advancing' },
      on: {
        'notify.show': { actions: 'enqueueIncoming' },
        'notify.dismiss': { target: 'advancing' },
      },
    },
    // Transient: show the next queued notification (restarting the timer) or go idle.
    advancing: {
      always: [
        { guard: 'hasQueued', target: 'showing', actions: 'showNext' },
        { target: 'idle', actions: 'clearCurrent' },
      ],
    },
  },
})
