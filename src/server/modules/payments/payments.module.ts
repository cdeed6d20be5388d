import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { OrderPaymentsPort, PaymentStarter } from '#server/modules/orders/order-ports.ts'
import {
  createPaypalProvider,
  createTestProvider,
  type PaymentProvider,
} from '#server/modules/payments/payment-provider.ts'
import {
  createPaymentsRepo,
  createWebhookEventsRepo,
  type PaymentsRepo,
} from '#server/modules/payments/payments.repo.ts'
import { createPaymentsRoutes } from '#server/modules/payments/payments.routes.ts'
import { createPaymentsService } from '#server/modules/payments/payments.service.ts'
import { createPaypalClient, type PaypalClient } from '#server/modules/payments/paypal-client.ts'

export type { PaymentStarter } from '#server/modules/orders/order-ports.ts'

export interface PaymentsModuleDeps {
  db: Db
  config: Pick<Config, 'paypal' | 'paymentTestProvider' | 'publicUrl'>
  /** The orders module's side of the seam (order-ports.ts); app.ts hands it in through a forwarding object. */
  orders: OrderPaymentsPort
  log: Pick<FastifyBaseLogger, 'warn'>
  /** Tests: PayPal's fetch (the fake PayPal answers the real one) and shorter bounds. */
  paypalFetch?: typeof fetch
  paypalTimeoutMs?: number
  leaseMs?: number
}

export interface PaymentsModule {
  plugin: FastifyPluginAsync
  /** What the orders module uses: is a provider there, and start a payment. */
  service: PaymentStarter
}

function providerOf(
  deps: PaymentsModuleDeps,
  repo: PaymentsRepo,
  client: PaypalClient | undefined,
): PaymentProvider | undefined {
  if (client !== undefined) return createPaypalProvider(client)
  if (!deps.config.paymentTestProvider) return undefined
  return createTestProvider({
    origin: new URL(deps.config.publicUrl).origin,
    newOrderId: newId,
    createdOrder: async (providerOrderId) =>
      (await repo.findByProviderOrderId(providerOrderId))?.raw ?? undefined,
  })
}

/** Payments (issue 16, decision 0096): PayPal Orders v2, or the local test provider when PayPal is not set up. */
export function createPaymentsModule(deps: PaymentsModuleDeps): PaymentsModule {
  const repo = createPaymentsRepo(deps.db)
  const paypal = deps.config.paypal
  const client =
    paypal === undefined
      ? undefined
      : createPaypalClient({
          ...paypal,
          ...(deps.paypalFetch === undefined ? {} : { fetch: deps.paypalFetch }),
          ...(deps.paypalTimeoutMs === undefined ? {} : { timeoutMs: deps.paypalTimeoutMs }),
        })
  const service = createPaymentsService({
    repo,
    provider: providerOf(deps, repo, client),
    orders: deps.orders,
    origin: new URL(deps.config.publicUrl).origin,
    newId,
    log: deps.log,
    ...(deps.leaseMs === undefined ? {} : { leaseMs: deps.leaseMs }),
  })
  const webhook =
    client === undefined
      ? undefined
      : { events: createWebhookEventsRepo(deps.db), client, webhookId: paypal?.webhookId }
  return {
    plugin: createPaymentsRoutes({ service, orders: deps.orders, webhook }),
    service: { available: service.available, startPayment: service.startPayment },
  }
}
