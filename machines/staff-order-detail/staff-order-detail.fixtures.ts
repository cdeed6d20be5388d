import type { StaffOrderDetailResponse } from '#shared/contracts/staff-orders.contract.ts'
import { paidOrder, receivedOrder } from '#machines/order-details/order-details.fixtures.ts'

/** Plain answers of `GET /api/staff/orders/{orderId}` the detail's paths, tests and stories share. */

export const STAFF_ORDER_ID = receivedOrder._id
export const STAFF_CUSTOMER_ID = 'VXNlcjFBQUFBQUFBQUFBQU'
export const FIRST_LINE_ID = receivedOrder.items[0]!._id

/** A fresh prepaid order of a business customer: transfer outstanding, the company not yet verified. */
export const receivedDetail: StaffOrderDetailResponse = {
  order: { ...receivedOrder, isBusinessCustomer: true },
  userId: STAFF_CUSTOMER_ID,
  isVerifiedCompany: false,
  history: [
    {
      kind: 'order',
      from: null,
      to: 'ORDER_RECEIVED',
      at: '2026-11-20T09:30:00.000Z',
      by: 'customer',
      note: '',
    },
  ],
  mails: [
    { kind: 'order_confirmation', createdAt: '2026-11-20T09:30:01.000Z', doneAt: '2026-11-20T09:30:03.000Z' },
  ],
  allowedNextStatuses: [
    'READY_FOR_PROCESSING',
    'CUSTOMER_CONTACTED',
    'FILES_PRINTABLE',
    'FILES_NOT_PRINTABLE',
    'ORDER_CANCELLED',
  ],
}

/** The same order after the transfer arrived and the files were checked: production may start. */
export const printableDetail: StaffOrderDetailResponse = {
  ...receivedDetail,
  order: { ...paidOrder, orderStatus: 'FILES_PRINTABLE', isBusinessCustomer: true },
  history: [
    ...receivedDetail.history,
    {
      kind: 'payment',
      from: 'PAYMENT_PENDING',
      to: 'PAYMENT_RECEIVED',
      at: '2026-11-21T08:00:00.000Z',
      by: 'U3RhZmYxQUFBQUFBQUFBQU',
      note: 'transfer received',
    },
    {
      kind: 'order',
      from: 'ORDER_RECEIVED',
      to: 'FILES_PRINTABLE',
      at: '2026-11-21T08:05:00.000Z',
      by: 'U3RhZmYxQUFBQUFBQUFBQU',
      note: 'Alles druckbar.',
    },
  ],
  mails: [
    ...receivedDetail.mails,
    { kind: 'payment_received', createdAt: '2026-11-21T08:00:01.000Z', doneAt: '2026-11-21T08:00:02.000Z' },
    { kind: 'status_changed', createdAt: '2026-11-21T08:05:01.000Z', doneAt: null },
  ],
  allowedNextStatuses: ['SUPPLIER_REQUEST_SENT', 'IN_PRODUCTION', 'CUSTOMER_CONTACTED'],
}

/** The fresh order after a printability note about its first line (the timeline and the mails show it). */
export const noteSentDetail: StaffOrderDetailResponse = {
  ...receivedDetail,
  history: [
    ...receivedDetail.history,
    {
      kind: 'printability_note',
      from: null,
      to: FIRST_LINE_ID,
      at: '2026-11-20T10:15:00.000Z',
      by: 'U3RhZmYxQUFBQUFBQUFBQU',
      note: 'Die Wand am Hals ist stellenweise dünner als 0,8 mm.',
    },
  ],
  mails: [
    ...receivedDetail.mails,
    { kind: 'printability_note', createdAt: '2026-11-20T10:15:01.000Z', doneAt: null },
  ],
}

/** The same business customer after the company was verified (in an earlier session). */
export const verifiedDetail: StaffOrderDetailResponse = { ...receivedDetail, isVerifiedCompany: true }

/** A guest's completed order: nothing more to do. */
export const completedGuestDetail: StaffOrderDetailResponse = {
  ...printableDetail,
  order: { ...paidOrder, orderStatus: 'ORDER_COMPLETED', isBusinessCustomer: false },
  userId: null,
  allowedNextStatuses: [],
}
