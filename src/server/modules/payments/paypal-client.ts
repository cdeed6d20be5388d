import { z } from 'zod'

/**
 * PayPal's REST API as the shop uses it, with fetch and no SDK: the OAuth2 client-credentials token (cached until
 * shortly before it expires), Orders v2 create/capture/show and the webhook signature check. Every call has a
 * timeout; none runs inside a database transaction (the callers make sure of that). Answers are parsed loosely:
 * only the fields the shop reads are checked, so PayPal adding fields never breaks a payment.
 */

export interface PaypalClientOptions {
  clientId: string
  clientSecret: string
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or the test harness). */
  apiBase: string
  /** Bound of one call; a slow PayPal must not hold a request for long (default 15 s). */
  timeoutMs?: number
  fetch?: typeof fetch
}

const MoneySchema = z.object({ currency_code: z.string(), value: z.string() })

export const PaypalCaptureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: MoneySchema.optional(),
  custom_id: z.string().optional(),
})
export type PaypalCapture = z.infer<typeof PaypalCaptureSchema>

export const PaypalOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).default([]),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: MoneySchema.optional(),
        payments: z.object({ captures: z.array(PaypalCaptureSchema).default([]) }).optional(),
      }),
    )
    .default([]),
})
export type PaypalOrder = z.infer<typeof PaypalOrderSchema>

const TokenSchema = z.object({ access_token: z.string(), expires_in: z.number() })
const ErrorBodySchema = z.object({
  name: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
})

/** A non-2xx answer of PayPal (the caller decides: a 422 decline is final, a 5xx or timeout is not). */
export class PaypalHttpError extends Error {
  override name = 'PaypalHttpError'
  constructor(
    readonly status: number,
    /** PayPal's issue code (`INSTRUMENT_DECLINED`, `ORDER_ALREADY_CAPTURED`, …) when it gave one. */
    readonly issue: string | undefined,
    readonly body: unknown,
  ) {
    super(`PayPal answered ${status}${issue === undefined ? '' : ` ${issue}`}`)
  }
}

export interface CreateOrderInput {
  requestId: string
  orderId: string
  orderNumber: string
  amountValue: string
  currency: string
  returnUrl: string
  cancelUrl: string
  /** PayPal's locale (de-DE, en-GB, fr-FR). */
  locale: string
}

export interface WebhookHeaders {
  authAlgo: string
  certUrl: string
  transmissionId: string
  transmissionSig: string
  transmissionTime: string
}

/** The Orders v2 request: one purchase unit with our order id and number, and where the buyer comes back to. */
function orderRequestBody(input: CreateOrderInput) {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: input.orderId,
        custom_id: input.orderId,
        invoice_id: input.orderNumber,
        amount: { currency_code: input.currency, value: input.amountValue },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: 'Schichtwerk',
          locale: input.locale,
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
      },
    },
  }
}

const TOKEN_MARGIN_MS = 60_000

export function createPaypalClient(options: PaypalClientOptions) {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 15_000
  let token: { value: string; expiresAt: number } | undefined
  let pendingToken: Promise<string> | undefined

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')
    const response = await doFetch(`${options.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw new PaypalHttpError(response.status, undefined, body)
    const parsed = TokenSchema.parse(body)
    token = { value: parsed.access_token, expiresAt: Date.now() + parsed.expires_in * 1000 - TOKEN_MARGIN_MS }
    return parsed.access_token
  }

  /** One token request at a time: parallel callers share it. */
  async function accessToken(): Promise<string> {
    if (token !== undefined && token.expiresAt > Date.now()) return token.value
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined
    })
    return pendingToken
  }

  async function call(path: string, body: string | undefined, requestId?: string): Promise<unknown> {
    const response = await doFetch(`${options.apiBase}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        // The full answer (links, captures), not the minimal one.
        prefer: 'return=representation',
        ...(requestId === undefined ? {} : { 'paypal-request-id': requestId }),
      },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const answer: unknown = await response.json().catch(() => undefined)
    if (response.status === 401) token = undefined
    if (!response.ok) {
      const error = ErrorBodySchema.safeParse(answer)
      const issue = error.success ? (error.data.details?.[0]?.issue ?? error.data.name) : undefined
      throw new PaypalHttpError(response.status, issue, answer)
    }
    return answer
  }

  return {
    /** POST /v2/checkout/orders; the same `requestId` answers the order created before. */
    async createOrder(input: CreateOrderInput): Promise<PaypalOrder> {
      const body = orderRequestBody(input)
      return PaypalOrderSchema.parse(await call('/v2/checkout/orders', JSON.stringify(body), input.requestId))
    },
    /** POST /v2/checkout/orders/{id}/capture; the same `requestId` answers the capture made before. */
    async captureOrder(providerOrderId: string, requestId: string): Promise<PaypalOrder> {
      const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`
      return PaypalOrderSchema.parse(await call(path, '{}', requestId))
    },
    /** GET /v2/checkout/orders/{id}: what PayPal knows now (a capture made before, a pending one completed). */
    async showOrder(providerOrderId: string): Promise<PaypalOrder> {
      return PaypalOrderSchema.parse(
        await call(`/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`, undefined),
      )
    },
    /**
     * POST /v1/notifications/verify-webhook-signature. The event goes in as the raw body's bytes (spliced into the
     * request as they came), so re-serialising cannot change what PayPal checks the signature against.
     */
    async verifyWebhook(rawBody: string, headers: WebhookHeaders, webhookId: string): Promise<boolean> {
      const envelope = JSON.stringify({
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: webhookId,
      })
      const body = `${envelope.slice(0, -1)},"webhook_event":${rawBody}}`
      const answer = await call('/v1/notifications/verify-webhook-signature', body)
      return (
        z.object({ verification_status: z.string() }).safeParse(answer).data?.verification_status ===
        'SUCCESS'
      )
    },
  }
}
export type PaypalClient = ReturnType<typeof createPaypalClient>

/** The link the buyer opens to approve (`payer-action` with payment_source, `approve` without). */
export function approveLinkOf(order: PaypalOrder): string | undefined {
  return (
    order.links.find((link) => link.rel === 'payer-action') ??
    order.links.find((link) => link.rel === 'approve')
  )?.href
}
