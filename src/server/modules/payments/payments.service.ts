import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { OrderPaymentsPort, PaymentStarter } from '#server/modules/orders/order-ports.ts'
import { formatAmountValue } from '#server/modules/payments/capture-check.ts'
import type { PaymentProvider } from '#server/modules/payments/payment-provider.ts'
import { createSettle, type SettleOutcome } from '#server/modules/payments/payment-settle.ts'
import type { PaymentsRepo } from '#server/modules/payments/payments.repo.ts'

/**
 * Payments of orders: starting one with the provider (idempotent per order and attempt through PayPal-Request-Id),
 * the buyer's return (settle, or cancel), and PayPal's webhook events, which end in the same settle step.
 */

export const PAYMENT_CURRENCY = 'EUR'

export interface PaymentsServiceDeps {
  repo: PaymentsRepo
  /** Undefined: neither PayPal nor the test provider is configured, PayPal cannot be chosen. */
  provider: PaymentProvider | undefined
  orders: OrderPaymentsPort
  /** The shop's public origin (return and cancel URLs). */
  origin: string
  newId: () => string
  log: { warn: (object: object, message: string) => void }
  leaseMs?: number
}

export type CallbackResult = { orderId: string; outcome: SettleOutcome | 'cancelled' }

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repo, provider } = deps
  const settle =
    provider === undefined
      ? undefined
      : createSettle({
          repo,
          provider,
          orders: deps.orders,
          log: deps.log,
          ...(deps.leaseMs === undefined ? {} : { leaseMs: deps.leaseMs }),
        })
  const notConfigured = () => new AppError(ErrorCode.PaymentFailed, 'No payment provider is configured')

  /** The open attempt for this amount, or a new attempt after a failed or outdated one. */
  async function openAttempt(orderId: string, amountCents: number, active: PaymentProvider) {
    const latest = await repo.latestForOrder(orderId)
    if (latest !== undefined && latest.status !== 'failed') {
      if (latest.amountCents === amountCents && latest.provider === active.name) return latest
      await repo.supersede(latest.id)
    }
    const attempt = (latest?.attempt ?? 0) + 1
    return repo.insertAttempt({
      id: deps.newId(),
      orderId,
      provider: active.name,
      attempt,
      amountCents,
      currency: PAYMENT_CURRENCY,
      paypalRequestId: `sw-order-${orderId}-${attempt}`,
    })
  }

  const starter: PaymentStarter = {
    available: () => provider !== undefined,
    async startPayment(input) {
      if (provider === undefined) throw notConfigured()
      const row = await openAttempt(input.orderId, input.amountCents, provider)
      if (row.status === 'captured') throw new AppError(ErrorCode.Conflict, 'This order is paid already')
      if (row.approveUrl !== null) return { approveUrl: row.approveUrl }
      const access = encodeURIComponent(input.accessToken)
      const created = await provider.createOrder({
        requestId: row.paypalRequestId,
        orderId: input.orderId,
        orderNumber: input.orderNumber,
        amountValue: formatAmountValue(input.amountCents),
        currency: row.currency,
        returnUrl: `${deps.origin}/order-complete/${input.orderId}?access=${access}`,
        cancelUrl: `${deps.origin}/order-failed?orderId=${input.orderId}&access=${access}`,
        locale: input.locale,
      })
      await repo.recordCreated(row.id, created.providerOrderId, created.approveUrl, created.raw)
      return { approveUrl: created.approveUrl }
    },
  }

  return {
    ...starter,
    providerName: provider?.name,
    /** Settles the payment of a provider order (the return path and the webhook). */
    async settle(providerOrderId: string): Promise<SettleOutcome> {
      if (settle === undefined) throw notConfigured()
      return settle.settle(providerOrderId)
    },
    /**
     * The buyer's return (`success`) or cancel. A return only asks the provider; it never marks paid by itself.
     * Unknown tokens are 404, like any unknown id.
     */
    async callback(providerOrderId: string, success: boolean): Promise<CallbackResult> {
      if (settle === undefined) throw notConfigured()
      const row = await repo.findByProviderOrderId(providerOrderId)
      if (row === undefined) throw new AppError(ErrorCode.NotFound, 'Unknown payment')
      if (success) return { orderId: row.orderId, outcome: await settle.settle(providerOrderId) }
      const cancelled = await repo.cancel(row.id)
      if (cancelled !== undefined) await deps.orders.recordPaymentFailed(row.orderId)
      return { orderId: row.orderId, outcome: 'cancelled' }
    },
    /** The test provider's order for its approval page (undefined for other providers' or unknown ids). */
    async testProviderOrder(providerOrderId: string) {
      const row = await repo.findByProviderOrderId(providerOrderId)
      return row?.provider === 'test' ? row : undefined
    },
  }
}
export type PaymentsService = ReturnType<typeof createPaymentsService>
