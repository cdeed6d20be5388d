import {
  approveLinkOf,
  type PaypalClient,
  PaypalHttpError,
  type PaypalOrder,
} from '#server/modules/payments/paypal-client.ts'

/**
 * What the payments service needs of a provider: create its order, and capture it (or read the capture made
 * before). PayPal and the local test provider both answer in PayPal's Orders v2 shape, so one check of the capture
 * (capture-check.ts) and one settle step serve both.
 */

export interface ProviderOrderRequest {
  /** Stable per payment attempt: a retry creates no second provider order. */
  requestId: string
  orderId: string
  orderNumber: string
  /** The amount as PayPal writes it: "123.45". */
  amountValue: string
  currency: string
  returnUrl: string
  cancelUrl: string
  locale: 'de' | 'en' | 'fr'
}

export interface CreatedProviderOrder {
  providerOrderId: string
  approveUrl: string
  raw: Record<string, unknown>
}

/** The provider's answer to a capture: its order with the capture, a final refusal, or "not approved yet". */
export type CaptureAnswer =
  | { kind: 'order'; order: PaypalOrder; raw: Record<string, unknown> }
  | { kind: 'declined'; issue: string; raw: Record<string, unknown> }
  | { kind: 'not_approved' }

export interface PaymentProvider {
  readonly name: 'paypal' | 'test'
  createOrder(request: ProviderOrderRequest): Promise<CreatedProviderOrder>
  /**
   * Captures the approved order with `requestId` (the same id answers the same capture), or, when a capture is
   * known already (`knownCapture`, e.g. one that was PENDING), reads the order as the provider has it now.
   * Throws on timeouts and server errors: the caller keeps the payment open for the next try.
   */
  capture(providerOrderId: string, requestId: string, knownCapture: boolean): Promise<CaptureAnswer>
}

const PAYPAL_LOCALES = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR' } as const

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

export function createPaypalProvider(client: PaypalClient): PaymentProvider {
  return {
    name: 'paypal',
    async createOrder(request) {
      const order = await client.createOrder({
        ...request,
        locale: PAYPAL_LOCALES[request.locale],
      })
      const approveUrl = approveLinkOf(order)
      if (approveUrl === undefined) throw new Error(`PayPal order ${order.id} has no approve link`)
      return { providerOrderId: order.id, approveUrl, raw: asRecord(order) }
    },
    async capture(providerOrderId, requestId, knownCapture) {
      if (knownCapture) {
        const order = await client.showOrder(providerOrderId)
        return { kind: 'order', order, raw: asRecord(order) }
      }
      try {
        const order = await client.captureOrder(providerOrderId, requestId)
        return { kind: 'order', order, raw: asRecord(order) }
      } catch (error) {
        if (!(error instanceof PaypalHttpError) || error.status !== 422) throw error
        // Captured before (another request id, or by PayPal's own retry): read what was captured.
        if (error.issue === 'ORDER_ALREADY_CAPTURED') {
          const order = await client.showOrder(providerOrderId)
          return { kind: 'order', order, raw: asRecord(order) }
        }
        // The buyer has not approved (a return URL opened by hand): nothing to capture yet, nothing failed.
        if (error.issue === 'ORDER_NOT_APPROVED') return { kind: 'not_approved' }
        return { kind: 'declined', issue: error.issue ?? 'UNPROCESSABLE_ENTITY', raw: asRecord(error.body) }
      }
    },
  }
}

/** What the test provider keeps of an order it created (the payments row's raw answer). */
export interface TestProviderOrder {
  id: string
  status: string
  purchase_units: {
    custom_id: string
    invoice_id: string
    amount: { currency_code: string; value: string }
  }[]
  links: { href: string; rel: string }[]
  shop_return_url: string
  shop_cancel_url: string
  shop_locale: 'de' | 'en' | 'fr'
}

export interface TestProviderDeps {
  /** The shop's origin: the approval page is the shop's own `/api/payments/test-provider/{id}`. */
  origin: string
  newOrderId: () => string
  /** The order the test provider created before (read from the payments row). */
  createdOrder: (providerOrderId: string) => Promise<Record<string, unknown> | undefined>
}

/**
 * The local test provider (PAYMENT_TEST_PROVIDER=1, without PayPal): an order lives only in the payments row; its
 * capture always completes, with the amount and our order id as they were at creation, so the amount check of the
 * settle step still runs on what the provider says.
 */
export function createTestProvider(deps: TestProviderDeps): PaymentProvider {
  return {
    name: 'test',
    async createOrder(request) {
      const id = `TEST-${deps.newOrderId()}`
      const approveUrl = `${deps.origin}/api/payments/test-provider/${id}`
      const order: TestProviderOrder = {
        id,
        status: 'CREATED',
        purchase_units: [
          {
            custom_id: request.orderId,
            invoice_id: request.orderNumber,
            amount: { currency_code: request.currency, value: request.amountValue },
          },
        ],
        links: [{ href: approveUrl, rel: 'payer-action' }],
        shop_return_url: request.returnUrl,
        shop_cancel_url: request.cancelUrl,
        shop_locale: request.locale,
      }
      return { providerOrderId: id, approveUrl, raw: { ...order } }
    },
    async capture(providerOrderId) {
      const created = await deps.createdOrder(providerOrderId)
      if (created === undefined) return { kind: 'not_approved' }
      const units = (created as unknown as TestProviderOrder).purchase_units
      const captured = {
        ...created,
        id: providerOrderId,
        status: 'COMPLETED',
        purchase_units: units.map((unit) => ({
          ...unit,
          payments: {
            captures: [
              {
                id: `TESTCAPTURE-${providerOrderId}`,
                status: 'COMPLETED',
                amount: unit.amount,
                custom_id: unit.custom_id,
              },
            ],
          },
        })),
      }
      return { kind: 'order', order: { ...captured, links: [] }, raw: captured }
    },
  }
}
