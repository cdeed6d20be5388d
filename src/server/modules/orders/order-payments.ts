import type { CheckoutResponse } from '#shared/contracts/checkout.contract.ts'
import {
  type OrderStatus,
  orderStatusChange,
  type PaymentStatus,
  paymentStatusChangeAllowed,
} from '#shared/domain/order-status.ts'
import { paymentRefusal, type PaymentMethodId } from '#shared/domain/payment-methods.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Db } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { OrderPaymentsPort } from '#server/modules/orders/order-ports.ts'
import type { OrderRepo, OrderRow } from '#server/modules/orders/order.repo.ts'

/**
 * Payment and status changes of an existing order (issue 16; statuses of decision 0092): the payments module's
 * port (a verified capture settles, a decline fails), the customer's new payment details (a quote ordered, a PayPal
 * order paid again) and the status change staff will use (issue 17). Every change runs under the order row's lock
 * and writes a history row in the same transaction.
 */

export interface OrderPaymentsDeps {
  db: Db
  repo: OrderRepo
  /** The order as the port hands it out (with its access token). */
  readOrder: OrderPaymentsPort['getOrder']
  wakeOutbox(): void
  paypalAvailable(): boolean
  accounts: { termsOfPaymentDays(userId: string): Promise<number> }
  /** The placement's answer for an order (starts the PayPal approval when it is still to be paid). */
  answerFor(row: OrderRow): Promise<CheckoutResponse>
}

const notFound = () => new AppError(ErrorCode.NotFound, 'Unknown order', { details: { resource: 'order' } })

type PaymentCapture = Parameters<OrderPaymentsPort['recordPaymentReceived']>[1]
type PaymentUpdate = { method: PaymentMethodId; expectedTotalCents: number; loggedIn: boolean }

async function changePayment(
  deps: OrderPaymentsDeps,
  orderId: string,
  to: PaymentStatus,
  by: string,
): Promise<void> {
  const { db, repo } = deps
  await db.transaction(async (tx) => {
    const row = await repo.lockOrder(tx, orderId)
    if (row === undefined || row.payment_status === to) return
    if (!paymentStatusChangeAllowed(row.payment_status, to)) return
    await repo.setPayment(tx, orderId, { status: to })
    await repo.insertHistory(tx, { orderId, kind: 'payment', from: row.payment_status, to, by })
  })
}

/** A verified capture settles the order once, for its exact total in euros; anything else is a mismatch. */
async function recordPaymentReceived(deps: OrderPaymentsDeps, orderId: string, capture: PaymentCapture) {
  const { db, repo } = deps
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.lockOrder(tx, orderId)
    if (row === undefined) throw notFound()
    if (row.payment_status === 'PAYMENT_RECEIVED') return 'already_settled' as const
    if (capture.currency !== 'EUR' || capture.amountCents !== row.total_gross_cents)
      return 'mismatch' as const
    if (!paymentStatusChangeAllowed(row.payment_status, 'PAYMENT_RECEIVED')) return 'mismatch' as const
    await repo.setPayment(tx, orderId, {
      status: 'PAYMENT_RECEIVED',
      provider: capture.provider,
      captureId: capture.captureId,
    })
    await repo.insertHistory(tx, {
      orderId,
      kind: 'payment',
      from: row.payment_status,
      to: 'PAYMENT_RECEIVED',
      by: 'payments',
      note: `${capture.provider} capture ${capture.captureId}`,
    })
    await repo.insertOutbox(tx, newId(), orderId, 'payment_received')
    return 'settled' as const
  })
  if (outcome === 'settled') deps.wakeOutbox()
  return outcome
}

/** A quote becomes an order with this method (prices as quoted; a new invoice number; the confirmation mail). */
async function orderQuote(deps: OrderPaymentsDeps, row: OrderRow, method: PaymentMethodId): Promise<void> {
  const { db, repo } = deps
  const terms =
    method === 'billing' && row.user_id !== null ? await deps.accounts.termsOfPaymentDays(row.user_id) : null
  await db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, row.id)
    if (locked === undefined || !locked.is_quote || locked.status !== 'QUOTE_GENERATED')
      throw new AppError(ErrorCode.Conflict, 'The quote has been ordered already')
    await repo.orderQuote(tx, row.id, { method, termsOfPaymentDays: terms })
    await repo.insertHistory(tx, {
      orderId: row.id,
      kind: 'order',
      from: 'QUOTE_GENERATED',
      to: 'ORDER_RECEIVED',
      by: 'customer',
    })
    await repo.insertOutbox(tx, newId(), row.id, 'order_confirmation')
  })
  deps.wakeOutbox()
}

/** The §4 payment rules again for the method a quote is ordered with; a quote cannot be "ordered" as a quote. */
function assertQuoteMethod(deps: OrderPaymentsDeps, row: OrderRow, request: PaymentUpdate): void {
  const refusal =
    request.method === 'quote'
      ? 'not_configured'
      : paymentRefusal(request.method, {
          loggedIn: request.loggedIn,
          billingCountryCode: row.billing_address.countryCode ?? '',
          hasDrawings: false,
          paypalAvailable: deps.paypalAvailable(),
        })
  if (refusal !== null)
    throw new AppError(ErrorCode.PaymentMethodNotAllowed, 'This payment method is not available here', {
      details: { method: request.method, reason: refusal },
    })
}

/**
 * PUT payment-details: a quote ordered (prepaid, invoice or PayPal, the §4 rules again) or a PayPal order that is to
 * be paid again (a new approval). The expected total must be the order's.
 */
async function updatePayment(
  deps: OrderPaymentsDeps,
  row: OrderRow,
  request: PaymentUpdate,
): Promise<CheckoutResponse> {
  if (request.expectedTotalCents !== row.total_gross_cents)
    throw new AppError(ErrorCode.CartChanged, 'The order total differs', {
      details: { amounts: row.amounts },
    })
  if (row.is_quote && row.status === 'QUOTE_GENERATED') {
    assertQuoteMethod(deps, row, request)
    await orderQuote(deps, row, request.method)
  } else {
    const unpaid = row.payment_status === 'PAYMENT_PENDING' || row.payment_status === 'PAYMENT_FAILED'
    if (row.payment_method !== 'paypal' || request.method !== 'paypal' || !unpaid)
      throw new AppError(ErrorCode.Conflict, 'This order takes no new payment details')
    if (row.payment_status === 'PAYMENT_FAILED')
      await changePayment(deps, row.id, 'PAYMENT_PENDING', 'customer')
  }
  const fresh = await deps.repo.findOrder(row.id)
  if (fresh === undefined) throw notFound()
  return deps.answerFor(fresh)
}

/** A status change by staff or the shop (issue 17 exposes it): the §4 table, then the history row. */
async function changeStatus(
  deps: OrderPaymentsDeps,
  change: { orderId: string; to: OrderStatus; by: string; note: string },
): Promise<void> {
  const { db, repo } = deps
  const { orderId, to, by, note } = change
  await db.transaction(async (tx) => {
    const row = await repo.lockOrder(tx, orderId)
    if (row === undefined) throw notFound()
    const refusal = orderStatusChange(
      { status: row.status, paymentStatus: row.payment_status, paymentMethod: row.payment_method },
      to,
    )
    if (refusal !== null)
      throw new AppError(ErrorCode.Conflict, 'This status change is not allowed', {
        details: { from: row.status, to, reason: refusal },
      })
    await repo.setStatus(tx, orderId, to)
    await repo.insertHistory(tx, { orderId, kind: 'order', from: row.status, to, by, note })
  })
}

export function createOrderPayments(deps: OrderPaymentsDeps) {
  const port: OrderPaymentsPort = {
    getOrder: (orderId) => deps.readOrder(orderId),
    recordPaymentReceived: (orderId, capture) => recordPaymentReceived(deps, orderId, capture),
    recordPaymentFailed: (orderId) => changePayment(deps, orderId, 'PAYMENT_FAILED', 'payments'),
  }
  return {
    port,
    updatePayment: (row: OrderRow, request: PaymentUpdate) => updatePayment(deps, row, request),
    changeStatus: (orderId: string, to: OrderStatus, by: string, note = '') =>
      changeStatus(deps, { orderId, to, by, note }),
  }
}
export type OrderPayments = ReturnType<typeof createOrderPayments>
