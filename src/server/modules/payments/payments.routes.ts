import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  CHECKOUT_CALLBACK_PATH,
  CheckoutCallbackRequestSchema,
  CheckoutCallbackResponseSchema,
  PAYMENT_AVAILABILITY_PATH,
  PAYPAL_WEBHOOK_PATH,
  PaymentAvailabilitySchema,
  TEST_PROVIDER_PATH,
} from '#shared/contracts/checkout.contract.ts'
import { fastifyPathOf } from '#shared/contracts/api-route.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { OrderPaymentsPort } from '#server/modules/orders/order-ports.ts'
import { formatAmountValue } from '#server/modules/payments/capture-check.ts'
import type { TestProviderOrder } from '#server/modules/payments/payment-provider.ts'
import type { PaymentsService } from '#server/modules/payments/payments.service.ts'
import { handlePaypalWebhook, type WebhookDeps } from '#server/modules/payments/paypal-webhook.ts'
import { pageLocale, testProviderPageHtml } from '#server/modules/payments/test-provider-page.ts'

/**
 * The buyer's return from the provider (`POST …/checkout/callback`, behind the app's same-origin guard like every
 * state change), PayPal's webhook (server to server: PayPal sends neither Origin nor Sec-Fetch-Site, so the guard
 * lets it through, and its signature is checked with PayPal instead), and the test provider's approval page.
 */

/** Per address and minute: a buyer returns once or twice; PayPal's deliveries come from few addresses. */
const CALLBACK_PER_MINUTE = 30
const WEBHOOK_PER_MINUTE = 120
/** A PayPal event is a few kilobytes; this leaves room and stops large bodies before they are read. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

export interface PaymentsRoutesDeps {
  service: PaymentsService
  orders: Pick<OrderPaymentsPort, 'getOrder'>
  /** Undefined without PayPal: the webhook answers 404. */
  webhook: Omit<WebhookDeps, 'settle'> | undefined
}

const ProviderOrderParamsSchema = z.object({ providerOrderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) })

function registerWebhook(app: FastifyInstance, deps: PaymentsRoutesDeps): void {
  // Its own scope: the signature is checked over the body's exact bytes, so JSON stays text here.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    )
    scope.post(
      PAYPAL_WEBHOOK_PATH,
      { config: { rateLimit: { max: WEBHOOK_PER_MINUTE, timeWindow: 60_000 } } },
      async (request, reply) => {
        if (deps.webhook === undefined)
          throw new AppError(ErrorCode.NotFound, 'PayPal webhook not configured')
        if (typeof request.body !== 'string')
          throw new AppError(ErrorCode.UnsupportedMediaType, 'Expected JSON')
        const webhook = { ...deps.webhook, settle: (id: string) => deps.service.settle(id) }
        await handlePaypalWebhook(webhook, request.body, request.headers)
        return reply.code(200).send({ status: 'ok' })
      },
    )
  })
}

function registerTestProviderPage(app: FastifyInstance, service: PaymentsService): void {
  app.get(fastifyPathOf({ path: TEST_PROVIDER_PATH }), async (request, reply) => {
    const params = ProviderOrderParamsSchema.safeParse(request.params)
    // Registered always (one route table), it answers only while the test provider is the active one.
    const active = params.success && service.providerName === 'test'
    const row = active ? await service.testProviderOrder(params.data.providerOrderId) : undefined
    if (row === undefined || row.raw === null) throw new AppError(ErrorCode.NotFound, 'Unknown test payment')
    const created = row.raw as unknown as TestProviderOrder
    const amount = `${formatAmountValue(row.amountCents)} ${row.currency}`
    const html = testProviderPageHtml({
      locale: pageLocale(request.headers['accept-language'], created.shop_locale),
      providerOrderId: created.id,
      orderNumber: created.purchase_units[0]?.invoice_id ?? '',
      amount,
      returnUrl: created.shop_return_url,
      cancelUrl: created.shop_cancel_url,
    })
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
  })
}

export function createPaymentsRoutes(deps: PaymentsRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    app.post(
      CHECKOUT_CALLBACK_PATH,
      { config: { rateLimit: { max: CALLBACK_PER_MINUTE, timeWindow: 60_000 } } },
      async (request, reply) => {
        const body = CheckoutCallbackRequestSchema.parse(request.body)
        const result = await deps.service.callback(body.token, body.success)
        const found = await deps.orders.getOrder(result.orderId)
        if (found === undefined) throw new AppError(ErrorCode.NotFound, 'Unknown order')
        const { order } = found
        return reply.header('cache-control', 'no-store').send(
          parseResponse(CheckoutCallbackResponseSchema, {
            order: {
              _id: order._id,
              paymentStatus: order.paymentStatus,
              orderStatus: order.orderStatus,
            },
          }),
        )
      },
    )
    // Public and cacheable for a minute: the configuration changes only with a restart.
    app.get(PAYMENT_AVAILABILITY_PATH, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=60')
        .send(parseResponse(PaymentAvailabilitySchema, { paypal: deps.service.available() })),
    )
    registerWebhook(app, deps)
    registerTestProviderPage(app, deps.service)
  }
}
