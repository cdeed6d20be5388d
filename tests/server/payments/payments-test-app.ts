import type { FastifyInstance } from 'fastify'
import type { Order } from '#shared/contracts/checkout.contract.ts'
import {
  createFastify,
  registerAppSecurityHeaders,
  registerCookiesAndRateLimit,
} from '#server/http/app-plugins.ts'
import { registerSameOriginGuard } from '#server/modules/auth/auth.module.ts'
import type { OrderPaymentsPort } from '#server/modules/orders/order-ports.ts'
import { createPaymentsModule, type PaymentsModule } from '#server/modules/payments/payments.module.ts'
import {
  createTempDir,
  createTestConfig,
  createTestDb,
  type TestDb,
} from '#tests/integration/helpers/test-app.ts'
import { insertOrderRow, sampleOrder } from '#tests/server/order-documents/sample-order.ts'

/**
 * The payments module on the app's shared HTTP plugins (error handler, same-origin guard, rate limit, security
 * headers) with a real database, and an in-memory orders side of the seam that counts what it was told.
 */

export interface FakeOrders extends OrderPaymentsPort {
  orders: Map<string, { order: Order; accessToken: string }>
  /** Every 'settled' answer (a payment received exactly once per order). */
  settled: string[]
  failed: string[]
}

export function createFakeOrders(): FakeOrders {
  const orders = new Map<string, { order: Order; accessToken: string }>()
  const captures = new Map<string, string>()
  const fake: FakeOrders = {
    orders,
    settled: [],
    failed: [],
    getOrder: async (orderId) => orders.get(orderId),
    async recordPaymentReceived(orderId, capture) {
      const entry = orders.get(orderId)
      if (entry === undefined) throw new Error(`unknown order ${orderId}`)
      if (captures.get(orderId) === capture.captureId) return 'already_settled'
      if (capture.amountCents !== entry.order.amounts.total.totalCents) return 'mismatch'
      captures.set(orderId, capture.captureId)
      entry.order = { ...entry.order, paymentStatus: 'PAYMENT_RECEIVED' }
      fake.settled.push(orderId)
      return 'settled'
    },
    async recordPaymentFailed(orderId) {
      const entry = orders.get(orderId)
      if (entry === undefined || entry.order.paymentStatus !== 'PAYMENT_PENDING') return
      entry.order = { ...entry.order, paymentStatus: 'PAYMENT_FAILED' }
      fake.failed.push(orderId)
    },
  }
  return fake
}

export interface PaymentsTestApp {
  app: FastifyInstance
  db: TestDb['db']
  orders: FakeOrders
  payments: PaymentsModule['service']
  /** A PayPal order awaiting payment, in the database and the fake orders. */
  newOrder(totalCents?: number): Promise<{ order: Order; accessToken: string }>
  close(): Promise<void>
}

let orderNumber = Math.floor(Math.random() * 900_000)

export async function createPaymentsTestApp(env: Record<string, string>): Promise<PaymentsTestApp> {
  const config = createTestConfig(createTempDir(), { PUBLIC_URL: 'https://shop.example', ...env })
  const testDb = await createTestDb()
  const orders = createFakeOrders()
  const app = createFastify(config, {})
  registerSameOriginGuard(app, new URL(config.publicUrl).origin)
  registerAppSecurityHeaders(app, config)
  await registerCookiesAndRateLimit(app, config, undefined)
  const payments = createPaymentsModule({
    db: testDb.db,
    config,
    orders,
    log: app.log,
    paypalTimeoutMs: 2_000,
    leaseMs: 5_000,
  })
  await app.register(payments.plugin)
  await app.ready()
  return {
    app,
    db: testDb.db,
    orders,
    payments: payments.service,
    async newOrder(totalCents) {
      const base = sampleOrder({
        paymentMethod: 'paypal',
        orderNumber: `SW-2026-${String(++orderNumber).padStart(6, '0')}`,
      })
      const order =
        totalCents === undefined
          ? base
          : {
              ...base,
              amounts: { ...base.amounts, total: { netCents: totalCents, taxCents: 0, totalCents } },
            }
      await insertOrderRow(testDb.db, order)
      const entry = { order, accessToken: 'T'.repeat(43) }
      orders.orders.set(order._id, entry)
      return entry
    },
    async close() {
      await app.close()
      await testDb.close()
    },
  }
}
