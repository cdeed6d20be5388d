import { describe, expect, it } from 'vitest'
import { OrderListEntrySchema, OrderSchema } from '#shared/contracts/checkout.contract.ts'
import {
  invoiceOrder,
  legacyOrder,
  orderList,
  paidOrder,
  paypalPaidOrder,
  paypalPendingOrder,
  quoteOrder,
  receivedOrder,
} from './order-details.fixtures.ts'

describe('order fixtures', () => {
  it('are answers the API could give (stories and DOM tests parse them like the client)', () => {
    const orders = [
      paidOrder,
      receivedOrder,
      paypalPendingOrder,
      paypalPaidOrder,
      invoiceOrder,
      quoteOrder,
      legacyOrder,
    ]
    for (const order of orders) expect(OrderSchema.parse(order)).toEqual(order)
    for (const entry of orderList) expect(OrderListEntrySchema.parse(entry)).toEqual(entry)
  })
})
