import { definePathModel, doneEvent, errorEvent, type PathEvent } from '#tests/graph/path-testing.ts'
import {
  ACCESS_TOKEN,
  legacyOrder,
  ORDER_ID,
  paidOrder,
  paypalPendingOrder,
  quoteOrder,
  REORDERED_ID,
} from './order-details.fixtures.ts'
import { orderDetailsMachine } from './order-details.machine.ts'

const notFound = Object.assign(new Error('not found'), { code: 'not_found', status: 404 })
const placed = (approveUrl: string | null) => ({
  order: {
    _id: REORDERED_ID,
    orderNumber: 'SW-2026-000200',
    accessToken: ACCESS_TOKEN,
    orderStatus: 'ORDER_RECEIVED',
    paymentStatus: 'PAYMENT_PENDING',
  },
  payment: approveUrl === null ? null : { approveUrl },
})

const pageEvents: PathEvent<typeof orderDetailsMachine>[] = [
  errorEvent('loadOrder', notFound),
  errorEvent('loadOrder'),
  { type: 'order.retry' },
  { type: 'order.reorder' },
  { type: 'order.cancelReorder' },
  { type: 'order.confirmReorder' },
  doneEvent('reorder', placed(null)),
  doneEvent('reorder', placed('https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T')),
  errorEvent('reorder'),
  { type: 'order.payNow' },
  { type: 'order.orderNow' },
  { type: 'order.showRepairInfo' },
  { type: 'order.closeRepairInfo' },
]

/** A signed-in owner's paid order (re-order, repair info) and a PayPal order still to pay (pay now). */
export const orderDetailsPathModel = definePathModel({
  machine: orderDetailsMachine,
  input: { orderId: ORDER_ID, access: null },
  events: [doneEvent('loadOrder', paidOrder), doneEvent('loadOrder', paypalPendingOrder), ...pageEvents],
})

/** A guest with the access token: a quote to order now, and a legacy order where nothing is offered. */
export const orderDetailsGuestPathModel = definePathModel({
  machine: orderDetailsMachine,
  input: { orderId: ORDER_ID, access: ACCESS_TOKEN },
  events: [
    doneEvent('loadOrder', quoteOrder),
    doneEvent('loadOrder', legacyOrder),
    doneEvent('loadOrder', paidOrder),
    ...pageEvents,
  ],
})
