import { describe, expect, it } from 'vitest'
import {
  FINAL_ORDER_STATUSES,
  initialOrderStatus,
  initialPaymentStatus,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderState,
  type OrderStatus,
  orderStatusChange,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  paymentStatusChangeAllowed,
} from './order-status.ts'

function reachableFrom(starts: readonly OrderStatus[]): Set<OrderStatus> {
  const seen = new Set<OrderStatus>(starts)
  const queue = [...starts]
  for (let status = queue.shift(); status !== undefined; status = queue.shift())
    for (const next of ORDER_TRANSITIONS[status])
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
  return seen
}

const order = (patch: Partial<OrderState>): OrderState => ({
  status: 'ORDER_RECEIVED',
  paymentStatus: 'PAYMENT_PENDING',
  paymentMethod: 'prepaid',
  ...patch,
})

describe('order statuses (decision 0092)', () => {
  it('reaches every status from a new order or a quote, except the legacy UNKNOWN', () => {
    const reached = reachableFrom([initialOrderStatus('prepaid'), initialOrderStatus('quote')])
    expect(ORDER_STATUSES.filter((status) => !reached.has(status))).toEqual(['UNKNOWN'])
  })

  it('ends in shipped or cancelled from every status: no order can get stuck', () => {
    for (const status of ORDER_STATUSES) {
      const reached = reachableFrom([status])
      expect(
        FINAL_ORDER_STATUSES.some((final) => reached.has(final)),
        status,
      ).toBe(true)
    }
  })

  it('lets nothing follow a shipped or cancelled order', () => {
    for (const status of FINAL_ORDER_STATUSES) expect(ORDER_TRANSITIONS[status]).toEqual([])
  })

  it('refuses a status outside the table', () => {
    expect(orderStatusChange(order({ status: 'ORDER_RECEIVED' }), 'ORDER_COMPLETED')).toBe('not_allowed')
    expect(orderStatusChange(order({ status: 'ORDER_COMPLETED' }), 'IN_PRODUCTION')).toBe('not_allowed')
  })

  it('starts production only once paid, except on invoice', () => {
    const printable = { status: 'FILES_PRINTABLE' } as const
    expect(orderStatusChange(order(printable), 'IN_PRODUCTION')).toBe('payment_outstanding')
    expect(
      orderStatusChange(order({ ...printable, paymentStatus: 'PAYMENT_RECEIVED' }), 'IN_PRODUCTION'),
    ).toBe(null)
    expect(orderStatusChange(order({ ...printable, paymentMethod: 'billing' }), 'IN_PRODUCTION')).toBe(null)
  })

  it('cancels a paid order only after its refund, and no order in production', () => {
    expect(orderStatusChange(order({ paymentStatus: 'PAYMENT_RECEIVED' }), 'ORDER_CANCELLED')).toBe(
      'refund_first',
    )
    expect(orderStatusChange(order({ paymentStatus: 'PAYMENT_REFUNDED' }), 'ORDER_CANCELLED')).toBe(null)
    expect(orderStatusChange(order({ status: 'IN_PRODUCTION' }), 'ORDER_CANCELLED')).toBe('not_allowed')
  })
})

describe('payment statuses (decision 0092)', () => {
  it('starts a quote as not due and every other order as pending', () => {
    expect(initialPaymentStatus('quote')).toBe('PAYMENT_NOT_DUE')
    for (const method of ['prepaid', 'billing', 'paypal'] as const)
      expect(initialPaymentStatus(method)).toBe('PAYMENT_PENDING')
  })

  it('marks paid only from pending or failed, and refunds only what was received', () => {
    const toReceived = PAYMENT_STATUSES.filter((from) => paymentStatusChangeAllowed(from, 'PAYMENT_RECEIVED'))
    expect(toReceived).toEqual(['PAYMENT_PENDING', 'PAYMENT_FAILED'])
    const toRefunded = PAYMENT_STATUSES.filter((from) => paymentStatusChangeAllowed(from, 'PAYMENT_REFUNDED'))
    expect(toRefunded).toEqual(['PAYMENT_RECEIVED'])
    expect(PAYMENT_TRANSITIONS.PAYMENT_REFUNDED).toEqual([])
  })
})
