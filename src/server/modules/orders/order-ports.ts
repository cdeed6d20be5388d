import type { Order } from '#shared/contracts/checkout.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import type { OrderStatus } from '#shared/domain/order-status.ts'

/**
 * The seams between the orders module and the two modules that act on an order after it is committed: payments
 * (PayPal Orders v2 or the local test provider) and order documents (confirmation/quote/payment mails with PDFs).
 * Each side depends only on these types; app.ts wires them (issue 16).
 */

/** What payments need of orders (implemented by the orders module, used by the payments module). */
export interface OrderPaymentsPort {
  /** The order as the customer reads it, and its guest access token; undefined for an unknown id. */
  getOrder(orderId: string): Promise<{ order: Order; accessToken: string } | undefined>
  /**
   * A capture verified with the provider (amount, currency and our order id checked by the payments module):
   * PAYMENT_PENDING/PAYMENT_FAILED → PAYMENT_RECEIVED exactly once (idempotent on captureId), and the
   * payment-received mail is queued in the same transaction. 'mismatch' when the amount is not the order's total.
   */
  recordPaymentReceived(
    orderId: string,
    capture: { provider: 'paypal' | 'test'; captureId: string; amountCents: number; currency: string },
  ): Promise<'settled' | 'already_settled' | 'mismatch'>
  /** The provider declined, the customer cancelled, or the approval expired: PAYMENT_PENDING → PAYMENT_FAILED. */
  recordPaymentFailed(orderId: string): Promise<void>
}

/** What orders need of payments (implemented by the payments module). */
export interface PaymentStarter {
  /** PayPal is configured (PAYPAL_*), or the test provider is switched on (PAYMENT_TEST_PROVIDER=1). */
  available(): boolean
  /**
   * Called after the order's commit (never inside a transaction): creates the provider's order for this amount, or
   * finds the one created before (idempotent on orderId through PayPal-Request-Id), and says where the browser
   * approves it. Return URL: `${origin}/order-complete/${orderId}?access=${accessToken}`; cancel URL:
   * `${origin}/order-failed?orderId=${orderId}&access=${accessToken}` (the provider appends `token`, `PayerID`).
   */
  startPayment(input: {
    orderId: string
    orderNumber: string
    amountCents: number
    locale: Locale
    accessToken: string
  }): Promise<{ approveUrl: string }>
}

export type OrderMailKind =
  'order_confirmation' | 'quote' | 'payment_received' | 'status_changed' | 'printability_note'

/** A status_changed mail's subject (issue 17): the status staff set and their note to the customer. */
export interface OrderStatusMail {
  status: OrderStatus
  note: string
}

/**
 * A printability_note mail (issue 17, decision 0107): staff's message about one line and that line's wall-thickness
 * picture (PNG) as drawn when the note was sent; null when the object has no wall-thickness analysis.
 */
export interface PrintabilityNoteMail {
  lineId: string
  message: string
  picture: Uint8Array | null
}

/** What orders need of order documents (implemented by the order-documents module). */
export interface OrderDocuments {
  /** The confirmation (or, for a quote, the quote) as a PDF; a quote carries each file's SHA-256 and sheet version. */
  renderPdf(order: Order): Promise<Uint8Array>
  /**
   * Sends the mail to the order's e-mail (and the separate invoice e-mail when given) in the order's language,
   * with the PDF attached for the confirmation and the quote and the wall-thickness picture for a printability note.
   * Called by the orders module's outbox after commit.
   */
  sendOrderMail(
    kind: OrderMailKind,
    order: Order,
    statusMail?: OrderStatusMail,
    printabilityNote?: PrintabilityNoteMail,
  ): Promise<void>
}
