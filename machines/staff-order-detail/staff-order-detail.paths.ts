import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import {
  completedGuestDetail,
  FIRST_LINE_ID,
  noteSentDetail,
  printableDetail,
  receivedDetail,
  verifiedDetail,
  STAFF_ORDER_ID,
} from './staff-order-detail.fixtures.ts'
import { type Context, staffOrderDetailMachine } from './staff-order-detail.machine.ts'

/** The forms count only as "filled" or not, and the detail by its status, so typing does not grow the graph. */
const serializeContext = (context: Context) => ({
  status: context.detail?.order.orderStatus ?? null,
  payment: context.detail?.order.paymentStatus ?? null,
  error: context.error,
  target: context.target,
  note: context.note === '' ? 'none' : context.note.length > 1000 ? 'too long' : 'some',
  noteLine: context.noteLineId,
  message: context.printabilityMessage === '' ? 'none' : 'some',
  companyVerified: context.detail?.isVerifiedCompany ?? null,
  pictureAttached: context.pictureAttached,
  done: context.done,
  failure: context.failure?.action ?? null,
})

const input = { orderId: STAFF_ORDER_ID }

/**
 * Load (failure and retry), reload; mark paid and verify the company (answered or refused); an order whose
 * customer is verified already offers no verification.
 */
export const staffOrderDetailPathModel = definePathModel({
  machine: staffOrderDetailMachine,
  input,
  serializeContext,
  events: [
    doneEvent('loadOrder', receivedDetail),
    errorEvent('loadOrder'),
    { type: 'order.reload' },
    { type: 'order.markPaid' },
    doneEvent('markPaid', printableDetail),
    errorEvent('markPaid'),
    { type: 'order.verifyCompany' },
    doneEvent('verifyCompany', { userId: receivedDetail.userId, isVerifiedCompany: true }),
    errorEvent('verifyCompany'),
  ],
})

/** The customer's company was verified before (the detail says so): nothing to verify. */
export const staffOrderDetailVerifiedPathModel = definePathModel({
  machine: staffOrderDetailMachine,
  input,
  serializeContext,
  events: [doneEvent('loadOrder', verifiedDetail), { type: 'order.verifyCompany' }],
})

/** The status change: a target and a note, confirm or cancel, answered or refused; a too-long note is held back. */
export const staffOrderDetailStatusPathModel = definePathModel({
  machine: staffOrderDetailMachine,
  input,
  serializeContext,
  events: (snapshot) => [
    doneEvent('loadOrder', receivedDetail),
    ...(snapshot.context.done === null
      ? ([
          { type: 'order.chooseStatus', to: 'FILES_PRINTABLE' },
          { type: 'order.chooseStatus', to: 'IN_PRODUCTION' },
          { type: 'order.changeNote', note: 'Ihre Dateien sind druckbar.' },
          { type: 'order.changeNote', note: 'x'.repeat(1001) },
          { type: 'order.requestStatusChange' },
          { type: 'order.confirm' },
          { type: 'order.cancel' },
          doneEvent('changeStatus', printableDetail),
          errorEvent('changeStatus', { code: 'status_change_refused', status: 422 }),
        ] as const)
      : []),
  ],
})

/** The printability note: a line and a message, sent or refused. */
export const staffOrderDetailPrintabilityPathModel = definePathModel({
  machine: staffOrderDetailMachine,
  input,
  serializeContext,
  events: (snapshot) => [
    doneEvent('loadOrder', receivedDetail),
    ...(snapshot.context.done === null
      ? ([
          { type: 'order.chooseNoteLine', lineId: FIRST_LINE_ID },
          { type: 'order.changePrintabilityMessage', message: 'Die Wand ist an zwei Stellen zu dünn.' },
          { type: 'order.sendPrintabilityNote' },
          doneEvent('sendPrintabilityNote', { ...noteSentDetail, pictureAttached: true }),
          doneEvent('sendPrintabilityNote', { ...noteSentDetail, pictureAttached: false }),
          errorEvent('sendPrintabilityNote'),
        ] as const)
      : []),
  ],
})

/** A completed guest order: no next status, nothing to mark or verify. */
export const staffOrderDetailCompletedPathModel = definePathModel({
  machine: staffOrderDetailMachine,
  input,
  serializeContext,
  events: [
    doneEvent('loadOrder', completedGuestDetail),
    { type: 'order.markPaid' },
    { type: 'order.verifyCompany' },
  ],
})
