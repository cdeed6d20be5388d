import { createActor, fromPromise, waitFor } from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '#shared/contracts/checkout.contract.ts'
import {
  ACCESS_TOKEN,
  ORDER_ID,
  paypalPaidOrder,
  paypalPendingOrder,
  receivedOrder,
} from '#machines/order-details/order-details.fixtures.ts'
import { type Input, orderCompleteMachine, type ReturnReport } from './order-complete.machine.ts'

type Reported = { token: string; PayerID: string | null; success: boolean }

const report: ReturnReport = {
  order: {
    _id: ORDER_ID,
    paymentStatus: 'PAYMENT_RECEIVED',
    orderStatus: 'ORDER_RECEIVED',
  },
}

function start(
  overrides: Partial<Input>,
  fakes: { load?: () => Promise<Order>; report?: () => Promise<ReturnReport> } = {},
) {
  const reported: Reported[] = []
  const loads: Array<{ orderId: string; access: string | null }> = []
  const orderReached = vi.fn()
  const actor = createActor(
    orderCompleteMachine.provide({
      actors: {
        loadOrder: fromPromise(async ({ input }) => {
          loads.push(input)
          return (fakes.load ?? (async () => receivedOrder))()
        }),
        reportReturn: fromPromise(async ({ input }) => {
          reported.push(input)
          return (fakes.report ?? (async () => report))()
        }),
      },
      actions: {
        orderReached: (_, params) => orderReached(params),
      },
    }),
    {
      input: {
        mode: 'complete',
        orderId: ORDER_ID,
        access: ACCESS_TOKEN,
        providerToken: null,
        payerId: null,
        pollIntervalMs: 1_000,
        maxPolls: 3,
        ...overrides,
      },
    },
  ).start()
  return { actor, reported, loads, orderReached }
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (snapshot) => !snapshot.hasTag('loading'))

afterEach(() => {
  vi.useRealTimers()
})

describe('orderCompleteMachine', () => {
  it('reads the order with the access token and reports nothing without a provider return', async () => {
    const { actor, reported, loads, orderReached } = start({})
    await settled(actor)
    expect(reported).toEqual([])
    expect(loads).toEqual([{ orderId: ORDER_ID, access: ACCESS_TOKEN }])
    expect(actor.getSnapshot().hasTag('loaded')).toBe(true)
    expect(actor.getSnapshot().context.order?.orderNumber).toBe(receivedOrder.orderNumber)
    expect(orderReached).not.toHaveBeenCalled()
  })

  it('reports a provider return with token and PayerID as success before reading the order', async () => {
    const { actor, reported, loads, orderReached } = start(
      { providerToken: 'PROVIDER1', payerId: 'PAYER1' },
      { load: async () => paypalPaidOrder },
    )
    await settled(actor)
    expect(reported).toEqual([{ token: 'PROVIDER1', PayerID: 'PAYER1', success: true }])
    expect(loads).toHaveLength(1)
    expect(orderReached).toHaveBeenCalledWith({ orderId: ORDER_ID })
    expect(actor.getSnapshot().hasTag('payment-confirming')).toBe(false)
    expect(actor.getSnapshot().context.order?.paymentStatus).toBe('PAYMENT_RECEIVED')
  })

  it('takes the order id from the callback when the URL has none, and reads it with the session alone', async () => {
    // The callback never hands out an access token (the provider's token must not open the order).
    const { actor, loads } = start({ orderId: null, access: null, providerToken: 'P', payerId: 'Q' })
    await settled(actor)
    expect(loads).toEqual([{ orderId: ORDER_ID, access: null }])
  })

  it('reads a still pending payment again, and says it is being confirmed instead of claiming it paid', async () => {
    vi.useFakeTimers()
    const answers = [paypalPendingOrder, paypalPendingOrder, paypalPaidOrder]
    const { actor, loads } = start(
      { providerToken: 'P', payerId: 'Q' },
      { load: async () => answers.shift() ?? paypalPaidOrder },
    )
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('payment-confirming')).toBe(true))
    expect(actor.getSnapshot().context.order?.paymentStatus).toBe('PAYMENT_PENDING')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(actor.getSnapshot().hasTag('payment-confirming')).toBe(true)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(loads).toHaveLength(3)
    expect(actor.getSnapshot().hasTag('payment-confirming')).toBe(false)
    expect(actor.getSnapshot().context.order?.paymentStatus).toBe('PAYMENT_RECEIVED')
  })

  it('stops reading after the last try and leaves the payment pending', async () => {
    vi.useFakeTimers()
    const { actor, loads } = start(
      { providerToken: 'P', payerId: 'Q', maxPolls: 2 },
      { load: async () => paypalPendingOrder },
    )
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('payment-confirming')).toBe(true))
    await vi.advanceTimersByTimeAsync(3_000)
    expect(loads).toHaveLength(3)
    expect(actor.getSnapshot().hasTag('payment-unconfirmed')).toBe(true)
    expect(actor.getSnapshot().context.order?.paymentStatus).toBe('PAYMENT_PENDING')
  })

  it('reads the order even when the report fails (its status tells where the payment stands)', async () => {
    const { actor, loads } = start(
      { providerToken: 'P', payerId: 'Q' },
      {
        report: async () => {
          throw Object.assign(new Error('capture failed'), { status: 502, code: 'payment_failed' })
        },
        load: async () => paypalPaidOrder,
      },
    )
    await settled(actor)
    expect(loads).toHaveLength(1)
    expect(actor.getSnapshot().hasTag('loaded')).toBe(true)
  })

  it('reports the cancel page token as failure and shows the failed page', async () => {
    const { actor, reported, loads } = start({ mode: 'failed', providerToken: 'P' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('order-failed'))
    expect(reported).toEqual([{ token: 'P', PayerID: null, success: false }])
    expect(loads).toEqual([])
  })

  it('shows the failed page at once without a token', () => {
    const { actor, reported } = start({ mode: 'failed', orderId: null, access: null })
    expect(actor.getSnapshot().hasTag('order-failed')).toBe(true)
    expect(reported).toEqual([])
  })

  it('sends an order it may not read to the not-available page, and retries other failures', async () => {
    const missing = start(
      {},
      {
        load: async () => {
          throw Object.assign(new Error('nf'), { status: 404, code: 'not_found' })
        },
      },
    )
    await settled(missing.actor)
    expect(missing.actor.getSnapshot().hasTag('not-found')).toBe(true)

    let fail = true
    const flaky = start(
      {},
      {
        load: async () => {
          if (fail) throw new Error('offline')
          return receivedOrder
        },
      },
    )
    await settled(flaky.actor)
    expect(flaky.actor.getSnapshot().hasTag('load-failed')).toBe(true)
    fail = false
    flaky.actor.send({ type: 'order.retry' })
    await settled(flaky.actor)
    expect(flaky.actor.getSnapshot().hasTag('loaded')).toBe(true)
  })
})
