import { z } from 'zod'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { SettleOutcome } from '#server/modules/payments/payment-settle.ts'
import type { WebhookEventsRepo } from '#server/modules/payments/payments.repo.ts'
import type { PaypalClient, WebhookHeaders } from '#server/modules/payments/paypal-client.ts'

/**
 * PayPal's webhook (commerce-reliability check 23). Nothing acts before PayPal itself said SUCCESS to
 * verify-webhook-signature for the raw body, the transmission headers and our webhook id; only then is the
 * transmission id recorded (so a forger cannot spend a real event's id), and a replayed id is a no-op. An approved
 * order or a completed (or denied) capture goes to the same settle step as the buyer's return.
 */

const EventSchema = z.object({
  id: z.string().max(200),
  event_type: z.string().max(200),
  resource: z
    .object({
      id: z.string().max(200).optional(),
      supplementary_data: z
        .object({ related_ids: z.object({ order_id: z.string().max(200).optional() }).optional() })
        .optional(),
    })
    .optional(),
})
type WebhookEvent = z.infer<typeof EventSchema>

export interface WebhookDeps {
  events: WebhookEventsRepo
  client: Pick<PaypalClient, 'verifyWebhook'>
  webhookId: string | undefined
  settle: (providerOrderId: string) => Promise<SettleOutcome>
}

const HEADER_NAMES = {
  authAlgo: 'paypal-auth-algo',
  certUrl: 'paypal-cert-url',
  transmissionId: 'paypal-transmission-id',
  transmissionSig: 'paypal-transmission-sig',
  transmissionTime: 'paypal-transmission-time',
} as const

export function webhookHeadersOf(headers: Record<string, unknown>): WebhookHeaders | undefined {
  const entries = Object.entries(HEADER_NAMES).map(([key, name]) => [key, headers[name]] as const)
  if (entries.some(([, value]) => typeof value !== 'string' || value === '' || value.length > 2000))
    return undefined
  return Object.fromEntries(entries) as unknown as WebhookHeaders
}

/** The provider order an event is about, for the events that can pay an order. */
function providerOrderIdOf(event: WebhookEvent): string | undefined {
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return event.resource?.id
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED':
      return event.resource?.supplementary_data?.related_ids?.order_id
    default:
      return undefined
  }
}

export type WebhookResult = 'processed' | 'ignored' | 'replayed'

export async function handlePaypalWebhook(
  deps: WebhookDeps,
  rawBody: string,
  rawHeaders: Record<string, unknown>,
): Promise<WebhookResult> {
  if (deps.webhookId === undefined) throw new AppError(ErrorCode.NotFound, 'PayPal webhook not configured')
  const headers = webhookHeadersOf(rawHeaders)
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    json = undefined
  }
  const event = EventSchema.safeParse(json)
  if (headers === undefined || !event.success) {
    throw new AppError(ErrorCode.ValidationFailed, 'Not a PayPal webhook delivery')
  }
  if (!(await deps.client.verifyWebhook(rawBody, headers, deps.webhookId))) {
    throw new AppError(ErrorCode.Unauthorized, 'Webhook signature not verified')
  }
  const fresh = await deps.events.recordWebhookEvent(
    headers.transmissionId,
    event.data.id,
    event.data.event_type,
  )
  if (!fresh) return 'replayed'
  const providerOrderId = providerOrderIdOf(event.data)
  if (providerOrderId === undefined) return 'ignored'
  const outcome = await deps.settle(providerOrderId)
  if (outcome === 'unavailable') {
    // PayPal did not answer the capture: its retry of this delivery must act again.
    await deps.events.forgetWebhookEvent(headers.transmissionId)
    throw new AppError(ErrorCode.ServiceUnavailable, 'Payment not settled yet')
  }
  return outcome === 'unknown' ? 'ignored' : 'processed'
}
