import { definePathModel, doneEvent } from '#tests/graph/path-testing.ts'
import { type PricingSelection } from '#machines/pricing/pricing-request.ts'
import { analysedFile } from '#machines/upload/upload.fixtures.ts'
import { checkoutDiscount, ORDER_ID } from '#machines/checkout/checkout.fixtures.ts'
import { orderFlowMachine } from './order-flow.machine.ts'

export const orderFlowTestInput = {
  upload: { maxPolls: 3, pollIntervalMs: 10, createNewDelayMs: 10, demoDelayMs: 10 },
  pricing: { debounceMs: 500, loadingFlagClearMs: 500 },
}

const selection: PricingSelection = {
  objectId: analysedFile._id,
  objectScale: 1,
  objectUnitLength: 'mm',
  objectQuantity: 1,
  printModeId: 'pm-1',
  surfaceFinishId: 'f-1',
  printModeColorId: 'c-1',
}

/**
 * Path model of the order flow. Its children (order process, cart, catalogue, upload, configure, pricing) are stand-ins
 * here: the path replay provides every child as a controllable fake, so a path is what the children tell the flow
 * (their reports and the done events of the upload and the configuration) and the flow's answers are sends to them.
 * The children's own behaviour is covered by their own path models.
 */
export const orderFlowPathModel = definePathModel({
  machine: orderFlowMachine,
  input: orderFlowTestInput,
  events: [
    { type: 'upload.underway' },
    { type: 'upload.failed' },
    doneEvent('upload', { file: analysedFile }),
    { type: 'orderFlow.restore', file: analysedFile },
    { type: 'orderProcess.noOrder' },
    { type: 'orderProcess.leftConfigure' },
    { type: 'cart.emptied' },
    { type: 'printModes.loaded', printModes: [] },
    { type: 'configure.selectionChanged', selection },
    { type: 'configure.selectionChanged', selection: null },
    { type: 'configure.stepChanged', step: 0 },
    { type: 'configure.stepChanged', step: 1 },
    { type: 'configure.stepChanged', step: 2 },
    { type: 'pricing.changed', printable: true },
    doneEvent('configure', { cartItemId: 'item-9', configuration: {} }),
    { type: 'voucher.changed', discount: checkoutDiscount },
    { type: 'checkout.completed', orderId: ORDER_ID },
  ],
  // What the guards read: whether a file is configured and whether a selection is priced.
  serializeContext: ({ file, selection: current, discount }) => ({
    file: file?._id ?? null,
    selection: current !== null,
    discount: discount?._id ?? null,
  }),
})
