import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { orderList } from '#machines/order-details/order-details.fixtures.ts'
import { orderHistoryMachine } from './order-history.machine.ts'

/** Orders or none, a failure and its retry. */
export const orderHistoryPathModel = definePathModel({
  machine: orderHistoryMachine,
  input: undefined,
  events: [
    doneEvent('loadOrders', orderList),
    doneEvent('loadOrders', []),
    errorEvent('loadOrders'),
    { type: 'orders.retry' },
  ],
})
