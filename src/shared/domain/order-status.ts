/**
 * The order's life on the server (spec part 2 §4; decision 0092): the order statuses with the transitions staff and
 * the shop may make, and the payment statuses with theirs. The spec names the statuses but "allowed transitions: not
 * shown"; this table is the shop's answer, read by the order service (every status change is checked here) and by
 * the staff workspace (only allowed targets are offered).
 */

export const ORDER_STATUSES = [
  'QUOTE_GENERATED',
  'ORDER_RECEIVED',
  'READY_FOR_PROCESSING',
  'CUSTOMER_CONTACTED',
  'FILES_PRINTABLE',
  'FILES_NOT_PRINTABLE',
  'SUPPLIER_REQUEST_SENT',
  'IN_PRODUCTION',
  'PARTS_DEFECTIVE',
  'PARTS_REVIEWED',
  'ORDER_CANCELLED',
  'ORDER_COMPLETED',
  'UNKNOWN',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** PAYMENT_PENDING and PAYMENT_RECEIVED are the spec's; the others close the gaps it leaves (decision 0092). */
export const PAYMENT_STATUSES = [
  /** A quote: nothing is owed until the customer orders it. */
  'PAYMENT_NOT_DUE',
  'PAYMENT_PENDING',
  'PAYMENT_RECEIVED',
  /** The provider declined or the approval expired; the customer may pay again ("pay now"). */
  'PAYMENT_FAILED',
  /** Paid, then cancelled: the money went back. */
  'PAYMENT_REFUNDED',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Where nothing more happens. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['ORDER_CANCELLED', 'ORDER_COMPLETED']

const CANCEL = 'ORDER_CANCELLED'

/** Allowed next statuses. Cancelling is possible until production starts; after that only a review decides. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  QUOTE_GENERATED: ['ORDER_RECEIVED', CANCEL],
  ORDER_RECEIVED: [
    'READY_FOR_PROCESSING',
    'CUSTOMER_CONTACTED',
    'FILES_PRINTABLE',
    'FILES_NOT_PRINTABLE',
    CANCEL,
  ],
  READY_FOR_PROCESSING: ['CUSTOMER_CONTACTED', 'FILES_PRINTABLE', 'FILES_NOT_PRINTABLE', CANCEL],
  CUSTOMER_CONTACTED: ['READY_FOR_PROCESSING', 'FILES_PRINTABLE', 'FILES_NOT_PRINTABLE', CANCEL],
  FILES_NOT_PRINTABLE: ['CUSTOMER_CONTACTED', 'FILES_PRINTABLE', CANCEL],
  FILES_PRINTABLE: ['SUPPLIER_REQUEST_SENT', 'IN_PRODUCTION', 'CUSTOMER_CONTACTED', CANCEL],
  SUPPLIER_REQUEST_SENT: ['IN_PRODUCTION', 'CUSTOMER_CONTACTED', CANCEL],
  IN_PRODUCTION: ['PARTS_REVIEWED', 'PARTS_DEFECTIVE'],
  PARTS_DEFECTIVE: ['IN_PRODUCTION', 'CUSTOMER_CONTACTED', CANCEL],
  PARTS_REVIEWED: ['ORDER_COMPLETED', 'PARTS_DEFECTIVE'],
  ORDER_CANCELLED: [],
  ORDER_COMPLETED: [],
  // Legacy orders of the former system: staff put them where they belong.
  UNKNOWN: ['READY_FOR_PROCESSING', 'IN_PRODUCTION', 'ORDER_COMPLETED', CANCEL],
}

export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  PAYMENT_NOT_DUE: ['PAYMENT_PENDING'],
  PAYMENT_PENDING: ['PAYMENT_RECEIVED', 'PAYMENT_FAILED'],
  PAYMENT_FAILED: ['PAYMENT_PENDING', 'PAYMENT_RECEIVED'],
  PAYMENT_RECEIVED: ['PAYMENT_REFUNDED'],
  PAYMENT_REFUNDED: [],
}

export type OrderState = {
  status: OrderStatus
  paymentStatus: PaymentStatus
  /** Invoice orders go into production before the money arrives (terms of payment). */
  paymentMethod: 'prepaid' | 'billing' | 'quote' | 'paypal'
}

export type StatusChangeRefusal = 'not_allowed' | 'payment_outstanding' | 'refund_first'

/**
 * Whether `to` may follow the order's status: along ORDER_TRANSITIONS; production starts only once paid (except on
 * invoice); a paid order is cancelled only after its refund is recorded.
 */
export function orderStatusChange(order: OrderState, to: OrderStatus): StatusChangeRefusal | null {
  if (!ORDER_TRANSITIONS[order.status].includes(to)) return 'not_allowed'
  const paid = order.paymentStatus === 'PAYMENT_RECEIVED'
  if (to === 'IN_PRODUCTION' && order.paymentMethod !== 'billing' && !paid) return 'payment_outstanding'
  if (to === CANCEL && paid) return 'refund_first'
  return null
}

export const paymentStatusChangeAllowed = (from: PaymentStatus, to: PaymentStatus): boolean =>
  PAYMENT_TRANSITIONS[from].includes(to)

/** The payment status an order starts with. */
export const initialPaymentStatus = (method: OrderState['paymentMethod']): PaymentStatus =>
  method === 'quote' ? 'PAYMENT_NOT_DUE' : 'PAYMENT_PENDING'

/** The order status an order starts with. */
export const initialOrderStatus = (method: OrderState['paymentMethod']): OrderStatus =>
  method === 'quote' ? 'QUOTE_GENERATED' : 'ORDER_RECEIVED'
