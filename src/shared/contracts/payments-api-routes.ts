import { z } from 'zod'
import { type ApiRoute, binary, json, ok } from '#shared/contracts/api-route.ts'
import {
  CHECKOUT_CALLBACK_PATH,
  CheckoutCallbackRequestSchema,
  CheckoutCallbackResponseSchema,
  PAYMENT_AVAILABILITY_PATH,
  PAYPAL_WEBHOOK_PATH,
  PaymentAvailabilitySchema,
  PaypalWebhookAnswerSchema,
  PaypalWebhookEventSchema,
  TEST_PROVIDER_PATH,
} from '#shared/contracts/checkout.contract.ts'

/** The payment routes of the API route table (api-routes.ts; issue 16, decision 0096). */

const PAYPAL_TRANSMISSION_HEADERS = z.object({
  'paypal-auth-algo': z.string(),
  'paypal-cert-url': z.string(),
  'paypal-transmission-id': z.string(),
  'paypal-transmission-sig': z.string(),
  'paypal-transmission-time': z.string(),
})

export const PAYMENTS_API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST',
    path: CHECKOUT_CALLBACK_PATH,
    summary:
      'The buyer returned from the payment provider: the server captures and checks the payment itself (success) or records the cancel; a return alone never marks paid',
    tag: 'checkout',
    auth: 'none',
    body: json(CheckoutCallbackRequestSchema),
    responses: ok(CheckoutCallbackResponseSchema),
  },
  {
    method: 'POST',
    path: PAYPAL_WEBHOOK_PATH,
    summary:
      "PayPal's webhook: acts only after PayPal verified the signature; replayed transmission ids are no-ops (401 when not verified)",
    tag: 'checkout',
    auth: 'none',
    headers: PAYPAL_TRANSMISSION_HEADERS,
    body: json(PaypalWebhookEventSchema),
    responses: ok(PaypalWebhookAnswerSchema),
  },
  {
    method: 'GET',
    path: PAYMENT_AVAILABILITY_PATH,
    summary: 'Which provider-backed payment methods are configured (PayPal or the local test provider)',
    tag: 'checkout',
    auth: 'none',
    responses: ok(PaymentAvailabilitySchema),
  },
  {
    method: 'GET',
    path: TEST_PROVIDER_PATH,
    summary:
      'The local test provider’s approval page (only with PAYMENT_TEST_PROVIDER=1 and PayPal not configured)',
    tag: 'checkout',
    auth: 'none',
    params: z.object({ providerOrderId: z.string() }),
    responses: binary('text/html'),
  },
]
