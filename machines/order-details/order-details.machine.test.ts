import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { CheckoutResponse, Order } from '#shared/contracts/checkout.contract.ts'
import {
  ACCESS_TOKEN,
  legacyOrder,
  ORDER_ID,
  paidOrder,
  paypalPendingOrder,
  quoteOrder,
  REORDERED_ID,
} from './order-details.fixtures.ts'
import { type Input, orderDetailsMachine } from './order-details.machine.ts'

const placed = (payment: CheckoutResponse['payment'] = null): CheckoutResponse => ({
  order: {
    _id: REORDERED_ID,
    orderNumber: 'SW-2026-000200',
    accessToken: ACCESS_TOKEN,
    orderStatus: 'ORDER_RECEIVED',
    paymentStatus: 'PAYMENT_PENDING',
  },
  payment,
})

function start(options: {
  load?: (input: Input) => Promise<Order>
  reorder?: () => Promise<CheckoutResponse>
  input?: Input
}) {
  const calls = { loads: [] as Input[], reorders: [] as string[] }
  const actions = {
    showPaymentDetails: vi.fn(),
    showOrder: vi.fn(),
    goToProvider: vi.fn(),
    notifyReordered: vi.fn(),
    notifyReorderFailed: vi.fn(),
  }
  const actor = createActor(
    orderDetailsMachine.provide({
      actors: {
        loadOrder: fromPromise(async ({ input }) => {
          calls.loads.push(input)
          return (options.load ?? (async () => paidOrder))(input)
        }),
        reorder: fromPromise(async ({ input }) => {
          calls.reorders.push(input.orderId)
          return (options.reorder ?? (async () => placed()))()
        }),
      },
      actions: {
        showPaymentDetails: (_, params) => actions.showPaymentDetails(params),
        showOrder: (_, params) => actions.showOrder(params),
        goToProvider: (_, params) => actions.goToProvider(params),
        notifyReordered: () => actions.notifyReordered(),
        notifyReorderFailed: () => actions.notifyReorderFailed(),
      },
    }),
    { input: options.input ?? { orderId: ORDER_ID, access: null } },
  ).start()
  return { actor, calls, actions }
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (snapshot) => !snapshot.hasTag('loading') && !snapshot.hasTag('busy'))

const rejectWith = (status: number, code: string) => async () => {
  throw Object.assign(new Error(code), { status, code })
}

describe('orderDetailsMachine', () => {
  it('loads the order with the guest access token and shows it', async () => {
    const { actor, calls } = start({ input: { orderId: ORDER_ID, access: ACCESS_TOKEN } })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await settled(actor)
    expect(calls.loads).toEqual([{ orderId: ORDER_ID, access: ACCESS_TOKEN }])
    expect(actor.getSnapshot().hasTag('loaded')).toBe(true)
    expect(actor.getSnapshot().context.order?.orderNumber).toBe('SW-2026-000123')
  })

  it('tells an unknown or foreign order (404) apart, for the not-available page', async () => {
    const { actor } = start({ load: rejectWith(404, 'not_found') })
    await settled(actor)
    expect(actor.getSnapshot().hasTag('not-found')).toBe(true)
    expect(actor.getSnapshot().context.order).toBeNull()
  })

  it('shows the generic error on any other failure and loads again on retry', async () => {
    let fail = true
    const { actor, calls } = start({
      load: async () => {
        if (fail) throw Object.assign(new Error('down'), { status: 503, code: 'service_unavailable' })
        return paidOrder
      },
    })
    await settled(actor)
    expect(actor.getSnapshot().hasTag('load-failed')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('service_unavailable')
    fail = false
    actor.send({ type: 'order.retry' })
    await settled(actor)
    expect(actor.getSnapshot().hasTag('loaded')).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(calls.loads).toHaveLength(2)
  })

  it('re-orders only after the confirmation, then says so and opens the new order', async () => {
    const { actor, calls, actions } = start({})
    await settled(actor)
    actor.send({ type: 'order.reorder' })
    expect(actor.getSnapshot().hasTag('reorder-confirm')).toBe(true)
    actor.send({ type: 'order.cancelReorder' })
    expect(actor.getSnapshot().hasTag('reorder-confirm')).toBe(false)
    expect(calls.reorders).toEqual([])

    actor.send({ type: 'order.reorder' })
    actor.send({ type: 'order.confirmReorder' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await settled(actor)
    expect(calls.reorders).toEqual([ORDER_ID])
    expect(actions.notifyReordered).toHaveBeenCalledTimes(1)
    // A signed-in owner reads the new order through the session, so no token goes into the URL.
    expect(actions.showOrder).toHaveBeenCalledWith({ orderId: REORDERED_ID, access: null })
    expect(actor.getSnapshot().hasTag('leaving')).toBe(true)
  })

  it('sends a re-ordered PayPal order to the provider instead', async () => {
    const approveUrl = 'https://www.sandbox.paypal.com/checkoutnow?token=X'
    const { actor, actions } = start({ reorder: async () => placed({ approveUrl }) })
    await settled(actor)
    actor.send({ type: 'order.reorder' })
    actor.send({ type: 'order.confirmReorder' })
    await settled(actor)
    expect(actions.goToProvider).toHaveBeenCalledWith({ approveUrl })
    expect(actions.notifyReordered).not.toHaveBeenCalled()
  })

  it('warns when the re-order fails and stays on the order', async () => {
    const { actor, actions } = start({ reorder: rejectWith(409, 'conflict') })
    await settled(actor)
    actor.send({ type: 'order.reorder' })
    actor.send({ type: 'order.confirmReorder' })
    await settled(actor)
    expect(actions.notifyReorderFailed).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().hasTag('loaded')).toBe(true)
    expect(actor.getSnapshot().hasTag('reorder-confirm')).toBe(false)
  })

  it('offers only what the server allows', async () => {
    const { actor } = start({ load: async () => legacyOrder })
    await settled(actor)
    const snapshot = actor.getSnapshot()
    expect(snapshot.can({ type: 'order.reorder' })).toBe(false)
    expect(snapshot.can({ type: 'order.payNow' })).toBe(false)
    expect(snapshot.can({ type: 'order.orderNow' })).toBe(false)
  })

  it('pays an open PayPal order and orders a quote on the payment details page', async () => {
    const paypal = start({ load: async () => paypalPendingOrder })
    await settled(paypal.actor)
    expect(paypal.actor.getSnapshot().can({ type: 'order.reorder' })).toBe(false)
    paypal.actor.send({ type: 'order.payNow' })
    expect(paypal.actions.showPaymentDetails).toHaveBeenCalledWith({ orderId: ORDER_ID, access: null })

    const quote = start({ load: async () => quoteOrder, input: { orderId: ORDER_ID, access: ACCESS_TOKEN } })
    await settled(quote.actor)
    expect(quote.actor.getSnapshot().can({ type: 'order.payNow' })).toBe(false)
    quote.actor.send({ type: 'order.orderNow' })
    expect(quote.actions.showPaymentDetails).toHaveBeenCalledWith({ orderId: ORDER_ID, access: ACCESS_TOKEN })
  })

  it('opens and closes the repair info for an order with a repaired file', async () => {
    const { actor } = start({})
    await settled(actor)
    actor.send({ type: 'order.showRepairInfo' })
    expect(actor.getSnapshot().hasTag('repair-info')).toBe(true)
    actor.send({ type: 'order.closeRepairInfo' })
    expect(actor.getSnapshot().hasTag('repair-info')).toBe(false)
  })
})
