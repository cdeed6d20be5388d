import type { OrderPaymentsPort } from '#server/modules/orders/order-ports.ts'
import { checkCapture, type CaptureVerdict } from '#server/modules/payments/capture-check.ts'
import type { CaptureAnswer, PaymentProvider } from '#server/modules/payments/payment-provider.ts'
import type { CaptureRecord, PaymentRow, PaymentsRepo } from '#server/modules/payments/payments.repo.ts'

/**
 * The one settle step (decision 0096): the buyer's return and PayPal's webhook both end here, with the provider's
 * order id. It captures (or reads the capture made before), checks amount, currency and our order id, and tells
 * the orders module once. Two settles of one payment never run at the same time: in one process they share one
 * promise, across processes a lease on the payments row lets one through and the other waits for its result.
 * No database transaction is open while the provider is asked.
 */

/** `unavailable`: the provider did not answer in time (or failed); nothing is decided, a retry may settle. */
export type SettleOutcome =
  'settled' | 'already_settled' | 'pending' | 'failed' | 'mismatch' | 'unknown' | 'unavailable'

export interface SettleDeps {
  repo: PaymentsRepo
  provider: PaymentProvider
  orders: OrderPaymentsPort
  log: { warn: (object: object, message: string) => void }
  /** How long one settle may hold a payment (longer than a provider call's timeout). */
  leaseMs?: number
  /** How often a waiting settle looks whether the other one finished. */
  pollMs?: number
}

/** Reasons that wait for staff: money moved, but not as ordered. */
const FLAGGED = new Set(['amount_mismatch', 'currency_mismatch', 'order_mismatch', 'order_total_mismatch'])

const outcomeOfRow = (row: PaymentRow): SettleOutcome =>
  row.status === 'captured'
    ? 'already_settled'
    : row.status === 'failed'
      ? 'failed'
      : row.reviewReason !== null && FLAGGED.has(row.reviewReason)
        ? 'mismatch'
        : 'pending'

const captureRequestId = (row: PaymentRow) => `sw-capture-${row.id}-${row.captureAttempt}`

function recordOf(verdict: CaptureVerdict, raw: Record<string, unknown>): CaptureRecord {
  switch (verdict.kind) {
    case 'paid':
      return {
        status: 'captured',
        captureId: verdict.captureId,
        reviewReason: null,
        raw,
        nextCaptureAttempt: false,
      }
    case 'pending':
      return {
        status: 'approved',
        captureId: verdict.captureId ?? null,
        reviewReason: verdict.reason,
        raw,
        nextCaptureAttempt: false,
      }
    case 'declined':
      return {
        status: 'failed',
        captureId: null,
        reviewReason: verdict.reason,
        raw,
        nextCaptureAttempt: true,
      }
    case 'mismatch':
      return {
        status: 'approved',
        captureId: verdict.captureId,
        reviewReason: verdict.reason,
        raw,
        nextCaptureAttempt: false,
      }
  }
}

export function createSettle(deps: SettleDeps) {
  const leaseMs = deps.leaseMs ?? 30_000
  const pollMs = deps.pollMs ?? 100
  const running = new Map<string, Promise<SettleOutcome>>()

  /** Tells the orders module about a captured payment (idempotent on the capture id, so safe to repeat). */
  async function confirm(row: PaymentRow, captureId: string): Promise<SettleOutcome> {
    const result = await deps.orders.recordPaymentReceived(row.orderId, {
      provider: row.provider,
      captureId,
      amountCents: row.amountCents,
      currency: row.currency,
    })
    if (result !== 'mismatch') return result
    // The order's total is not what this payment was created for: staff decide.
    await deps.repo.recordCapture(row.id, {
      status: 'approved',
      captureId,
      reviewReason: 'order_total_mismatch',
      raw: null,
      nextCaptureAttempt: false,
    })
    return 'mismatch'
  }

  async function apply(row: PaymentRow, answer: CaptureAnswer): Promise<SettleOutcome> {
    if (answer.kind === 'not_approved') {
      await deps.repo.release(row.id)
      return outcomeOfRow(row)
    }
    const verdict: CaptureVerdict =
      answer.kind === 'declined'
        ? { kind: 'declined', reason: `declined_${answer.issue}` }
        : checkCapture(answer.order, row)
    await deps.repo.recordCapture(row.id, recordOf(verdict, answer.raw))
    if (verdict.kind === 'paid') return confirm(row, verdict.captureId)
    if (verdict.kind === 'declined') {
      await deps.orders.recordPaymentFailed(row.orderId)
      return 'failed'
    }
    if (verdict.kind === 'mismatch')
      deps.log.warn({ paymentId: row.id, reason: verdict.reason }, 'payment flagged')
    return verdict.kind === 'mismatch' ? 'mismatch' : 'pending'
  }

  /** Another process holds the lease: wait until it lets go, then answer what it wrote. */
  async function waitForOther(id: string): Promise<SettleOutcome> {
    const until = Date.now() + leaseMs
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, pollMs))
      if (!(await deps.repo.leased(id))) break
    }
    const row = await deps.repo.findById(id)
    return row === undefined ? 'unknown' : outcomeOfRow(row)
  }

  async function settleOnce(providerOrderId: string): Promise<SettleOutcome> {
    const row = await deps.repo.findByProviderOrderId(providerOrderId)
    if (row === undefined || row.provider !== deps.provider.name) return 'unknown'
    // Captured before: tell the orders module again (idempotent), in case the process stopped before it did.
    if (row.status === 'captured' && row.captureId !== null) return confirm(row, row.captureId)
    if (outcomeOfRow(row) === 'mismatch') return 'mismatch'
    const claimed = await deps.repo.claim(row.id, leaseMs)
    if (claimed === undefined) return waitForOther(row.id)
    try {
      const knownCapture = claimed.captureId !== null
      const answer = await deps.provider.capture(providerOrderId, captureRequestId(claimed), knownCapture)
      return await apply(claimed, answer)
    } catch (error) {
      // Timeout or server error: nothing is decided; the next callback or webhook tries again with the same id.
      deps.log.warn({ err: error, paymentId: claimed.id }, 'payment capture did not finish')
      await deps.repo.release(claimed.id)
      return 'unavailable'
    }
  }

  return {
    /** Settles the payment of this provider order; concurrent calls in this process share one run. */
    settle(providerOrderId: string): Promise<SettleOutcome> {
      const current = running.get(providerOrderId)
      if (current !== undefined) return current
      const run = settleOnce(providerOrderId).finally(() => running.delete(providerOrderId))
      running.set(providerOrderId, run)
      return run
    },
  }
}
export type Settle = ReturnType<typeof createSettle>
