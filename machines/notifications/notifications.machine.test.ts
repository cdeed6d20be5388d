import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { NOTIFICATION_DEFAULT_MS, VAT_ID_NOTICE_MS } from '#shared/domain/limits.ts'
import { NOTIFICATION_MESSAGES, notificationKindOf } from './notification-messages.ts'
import { notificationsMachine } from './notifications.machine.ts'

const start = () => {
  const clock = new SimulatedClock()
  const actor = createActor(notificationsMachine, {
    input: { defaultDurationMs: NOTIFICATION_DEFAULT_MS },
    clock,
  }).start()
  const current = () => actor.getSnapshot().context.current
  return { actor, clock, current }
}

describe('notificationsMachine', () => {
  it('shows a notification and hides it after the default 10 s', () => {
    const { actor, clock, current } = start()
    expect(actor.getSnapshot().hasTag('visible')).toBe(false)
    actor.send({ type: 'notify.show', notification: { kind: 'success', message: 'logout-success' } })
    expect(actor.getSnapshot().hasTag('visible')).toBe(true)
    expect(current()).toEqual({ id: 1, kind: 'success', message: 'logout-success' })
    clock.increment(NOTIFICATION_DEFAULT_MS - 1)
    expect(current()?.message).toBe('logout-success')
    clock.increment(1)
    expect(current()).toBeNull()
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('keeps a notification for its own duration', () => {
    const { actor, clock, current } = start()
    actor.send({
      type: 'notify.show',
      notification: { kind: 'success', message: 'vat-id-success', durationMs: VAT_ID_NOTICE_MS },
    })
    clock.increment(VAT_ID_NOTICE_MS - 1)
    expect(current()?.message).toBe('vat-id-success')
    clock.increment(1)
    expect(current()).toBeNull()
  })

  it('shows one at a time: the next follows when the current one times out', () => {
    const { actor, clock, current } = start()
    actor.send({ type: 'notify.show', notification: { kind: 'warning', message: 'generic-warning' } })
    clock.increment(4_000)
    actor.send({ type: 'notify.show', notification: { kind: 'danger', message: 'server-unreachable' } })
    expect(current()?.message).toBe('generic-warning')
    expect(actor.getSnapshot().context.queue.map((notification) => notification.message)).toEqual([
      'server-unreachable',
    ])
    clock.increment(NOTIFICATION_DEFAULT_MS - 4_000)
    expect(current()).toEqual({ id: 2, kind: 'danger', message: 'server-unreachable' })
    expect(actor.getSnapshot().context.queue).toEqual([])
    // The next one gets its full duration.
    clock.increment(NOTIFICATION_DEFAULT_MS - 1)
    expect(current()?.id).toBe(2)
    clock.increment(1)
    expect(current()).toBeNull()
  })

  it('dismissing closes the current one and shows the next at once', () => {
    const { actor, current } = start()
    actor.send({ type: 'notify.show', notification: { kind: 'info', message: 'upload-repairing' } })
    actor.send({ type: 'notify.show', notification: { kind: 'success', message: 'contact-success' } })
    actor.send({ type: 'notify.dismiss' })
    expect(current()?.message).toBe('contact-success')
    actor.send({ type: 'notify.dismiss' })
    expect(current()).toBeNull()
    expect(actor.getSnapshot().can({ type: 'notify.dismiss' })).toBe(false)
  })

  it('has a kind for every message code', () => {
    expect(Object.keys(notificationKindOf).sort()).toEqual([...NOTIFICATION_MESSAGES].sort())
  })
})
