import { definePathModel } from '#tests/graph/path-testing.ts'
import { orderProcessMachine } from './order-process.machine.ts'

/** Path model of the order process: every event, with an uploaded object id. */
export const orderProcessPathModel = definePathModel({
  machine: orderProcessMachine,
  input: undefined,
  events: [
    { type: 'order.startUpload' },
    { type: 'order.reset' },
    { type: 'order.closeUpload' },
    { type: 'order.completed' },
    { type: 'upload.succeeded', objectId: 'object-1' },
    { type: 'upload.failed' },
    { type: 'configure.next' },
    { type: 'configure.chooseFinishes' },
    { type: 'configure.back' },
    { type: 'cart.open' },
    { type: 'cart.itemAdded' },
    { type: 'cart.emptied' },
    { type: 'cart.addAnotherFile' },
    { type: 'checkout.proceed' },
    { type: 'checkout.review' },
    { type: 'checkout.back' },
  ],
})
