import {
  afterEvents,
  definePathModel,
  doneEvent,
  errorEvent,
  type PathEvent,
} from '#tests/graph/path-testing.ts'
import {
  ACCESS_TOKEN,
  invoiceOrder,
  ORDER_ID,
  paypalPaidOrder,
  paypalPendingOrder,
  quoteOrder,
  receivedOrder,
} from '#machines/order-details/order-details.fixtures.ts'
import { type Input, orderCompleteMachine, type ReturnReport } from './order-complete.machine.ts'

const notFound = Object.assign(new Error('not found'), { code: 'not_found', status: 404 })
const report = (paymentStatus: ReturnReport['order']['paymentStatus']): ReturnReport => ({
  order: { _id: ORDER_ID, paymentStatus, orderStatus: 'ORDER_RECEIVED' },
})

const input = (overrides: Partial<Input>): Input => ({
  mode: 'complete',
  orderId: ORDER_ID,
  access: ACCESS_TOKEN,
  providerToken: null,
  payerId: null,
  pollIntervalMs: 2_000,
  maxPolls: 2,
  ...overrides,
})

const loadEvents: PathEvent<typeof orderCompleteMachine>[] = [
  errorEvent('loadOrder', notFound),
  errorEvent('loadOrder'),
  { type: 'order.retry' },
]

/** The PayPal return (`token`, `PayerID`): reported, then read; a pending payment is read again twice. */
export const orderCompleteReturnPathModel = definePathModel({
  machine: orderCompleteMachine,
  input: input({ providerToken: '5O190127TN364715T', payerId: 'TESTPAYER' }),
  events: [
    doneEvent('reportReturn', report('PAYMENT_RECEIVED')),
    errorEvent('reportReturn'),
    doneEvent('loadOrder', paypalPendingOrder),
    doneEvent('loadOrder', paypalPaidOrder),
    doneEvent('pollOrder', paypalPendingOrder),
    doneEvent('pollOrder', paypalPaidOrder),
    errorEvent('pollOrder'),
    ...loadEvents,
    ...afterEvents(orderCompleteMachine),
  ],
})

/** `/order-complete/{orderId}?access=…` after a prepaid or invoice order, `/quote-generated` after a quote. */
export const orderCompletePathModel = definePathModel({
  machine: orderCompleteMachine,
  input: input({}),
  events: [
    doneEvent('loadOrder', receivedOrder),
    doneEvent('loadOrder', invoiceOrder),
    doneEvent('loadOrder', quoteOrder),
    ...loadEvents,
  ],
})

/** A return whose order the URL does not name: a failed report cannot read any order. */
export const orderCompleteUnknownReturnPathModel = definePathModel({
  machine: orderCompleteMachine,
  input: input({ orderId: null, access: null, providerToken: '5O190127TN364715T', payerId: 'TESTPAYER' }),
  events: [errorEvent('reportReturn'), { type: 'order.retry' }],
})

/** `/order-failed?orderId=…&access=…&token=…` (the provider's cancel URL): reported as failure either way. */
export const orderFailedPathModel = definePathModel({
  machine: orderCompleteMachine,
  input: input({ mode: 'failed', providerToken: '5O190127TN364715T' }),
  events: [doneEvent('reportReturn', report('PAYMENT_FAILED')), errorEvent('reportReturn')],
})

/** `/order-failed` without a token, and `/order-complete` without an order. */
export const orderFailedPlainPathModel = definePathModel({
  machine: orderCompleteMachine,
  input: input({ mode: 'failed', orderId: null, access: null }),
  events: [],
})

export const orderCompleteWithoutOrderPathModel = definePathModel({
  machine: orderCompleteMachine,
  input: input({ orderId: null, access: null }),
  events: [],
})
