import type { PaypalOrder } from '#server/modules/payments/paypal-client.ts'

/**
 * Is this capture the payment of this order? Only a COMPLETED capture of exactly our amount, in our currency, for
 * our order id pays an order (commerce-reliability checks 20, 21). Everything else says why not, and the payments
 * row keeps the reason for staff.
 */

export interface ExpectedPayment {
  orderId: string
  amountCents: number
  currency: string
}

export type CaptureVerdict =
  | { kind: 'paid'; captureId: string }
  /** The provider holds the money back (PENDING): settled later by the webhook or the next callback. */
  | { kind: 'pending'; captureId: string | undefined; reason: string }
  | { kind: 'declined'; reason: string }
  /** Money moved, but not as ordered: flagged for staff, never settled automatically. */
  | {
      kind: 'mismatch'
      captureId: string
      reason: 'amount_mismatch' | 'currency_mismatch' | 'order_mismatch'
    }

/** Integer cents as PayPal writes an amount: 12345 → "123.45". */
export function formatAmountValue(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`Not an amount in cents: ${cents}`)
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** "123.45" → 12345; undefined for anything that is not a plain decimal with at most two places. */
export function parseAmountValue(value: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value)
  if (match === null) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

const DECLINED = new Set(['DECLINED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'VOIDED'])

export function checkCapture(order: PaypalOrder, expected: ExpectedPayment): CaptureVerdict {
  const unit = order.purchase_units[0]
  const capture = unit?.payments?.captures[0]
  if (capture === undefined) return { kind: 'pending', captureId: undefined, reason: `order_${order.status}` }
  if (DECLINED.has(capture.status)) return { kind: 'declined', reason: `capture_${capture.status}` }
  if (capture.status !== 'COMPLETED') {
    return { kind: 'pending', captureId: capture.id, reason: `capture_${capture.status}` }
  }
  const customId = capture.custom_id ?? unit?.custom_id
  if (customId !== expected.orderId)
    return { kind: 'mismatch', captureId: capture.id, reason: 'order_mismatch' }
  if (capture.amount?.currency_code !== expected.currency) {
    return { kind: 'mismatch', captureId: capture.id, reason: 'currency_mismatch' }
  }
  if (parseAmountValue(capture.amount.value) !== expected.amountCents) {
    return { kind: 'mismatch', captureId: capture.id, reason: 'amount_mismatch' }
  }
  return { kind: 'paid', captureId: capture.id }
}
