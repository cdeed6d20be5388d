import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { OrderListEntry } from '#shared/contracts/checkout.contract.ts'
import { orderList } from '#machines/order-details/order-details.fixtures.ts'
import { orderHistoryMachine } from './order-history.machine.ts'

const start = (load: () => Promise<readonly OrderListEntry[]>) =>
  createActor(orderHistoryMachine.provide({ actors: { loadOrders: fromPromise(load) } })).start()

describe('orderHistoryMachine', () => {
  it('loads the orders as the server lists them', async () => {
    const actor = start(async () => orderList)
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    expect(actor.getSnapshot().context.orders.map((order) => order.orderNumber)).toEqual([
      'SW-2026-000124',
      'SW-2026-000123',
    ])
  })

  it('shows the failure and loads again on retry', async () => {
    let calls = 0
    const actor = start(async () => {
      calls += 1
      if (calls === 1) throw new Error('offline')
      return []
    })
    await waitFor(actor, (snapshot) => snapshot.hasTag('load-failed'))
    expect(actor.getSnapshot().can({ type: 'orders.retry' })).toBe(true)
    actor.send({ type: 'orders.retry' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    expect(calls).toBe(2)
    expect(actor.getSnapshot().context.orders).toEqual([])
  })
})
