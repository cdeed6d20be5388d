import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { BillingAddressInput } from '#shared/contracts/account.contract.ts'
import {
  CHECKOUT_PATH,
  type CheckoutRequestInput,
  CheckoutResponseSchema,
  type Order,
  ORDER_PREVIEW_PATH,
  OrderPreviewResponseSchema,
  OrderResponseSchema,
  type PaymentDetailsInput,
} from '#shared/contracts/checkout.contract.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import type { Config } from '#server/config/env.ts'
import type { Db, Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { seed } from '#server/db/seed.ts'
import { buildApp } from '#server/app.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import type { OrderDocuments, OrderMailKind, PaymentStarter } from '#server/modules/orders/orders.module.ts'
import { addItems, createCart, insertBox, itemInput, printModes } from '#tests/integration/helpers/cart.ts'
import { createTempDir, createTestConfig, createTestDb } from '#tests/integration/helpers/test-app.ts'

/** The orders module's tests: an app with a recording order-documents double, and checkout calls as the SPA makes them. */

export interface RecordingDocuments extends OrderDocuments {
  sent: { kind: OrderMailKind; order: Order }[]
}

export function recordingDocuments(): RecordingDocuments {
  const sent: RecordingDocuments['sent'] = []
  return {
    sent,
    renderPdf: async (order) => new TextEncoder().encode(`%PDF-1.7 test ${order.orderNumber}`),
    sendOrderMail: async (kind, order) => {
      sent.push({ kind, order })
    },
  }
}

export interface OrderTestApp {
  app: FastifyInstance
  db: Db
  config: Config
  documents: RecordingDocuments
  fdm: PrintMode
  boxId: string
  /** Another app on the same database (a restart); closed by `close`. */
  restart(documents: RecordingDocuments): Promise<FastifyInstance>
  close(): Promise<void>
}

export async function createOrderTestApp(
  options: { payments?: PaymentStarter; env?: Record<string, string>; documents?: RecordingDocuments } = {},
): Promise<OrderTestApp> {
  const dataDir = createTempDir()
  const config = createTestConfig(dataDir, options.env)
  const { db, close: closeDb } = await createTestDb()
  await seed(db, { thumbnailsDir: config.thumbnailsDir, withStaff: false })
  const mail = createMailService(config.mail)
  const apps: FastifyInstance[] = []
  const start = async (documents: RecordingDocuments) => {
    const app = await buildApp({
      config,
      db,
      mail,
      clientDir: join(dataDir, 'client-not-built'),
      rateLimitPerMinute: 10_000,
      orderDocuments: documents,
      ...(options.payments === undefined ? {} : { payments: options.payments }),
    })
    await app.ready()
    apps.push(app)
    return app
  }
  const documents = options.documents ?? recordingDocuments()
  const app = await start(documents)
  const fdm = (await printModes(app)).find((mode) => mode.name === 'PLA (FDM)')!
  return {
    app,
    db,
    config,
    documents,
    fdm,
    boxId: await insertBox(db),
    restart: start,
    async close() {
      for (const each of apps) await each.close()
      mail.close()
      await closeDb()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export async function countryId(db: Queryable, code: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM shipping_countries WHERE country_code = $1',
    [code],
  )
  if (rows[0] === undefined) throw new Error(`no country ${code}`)
  return rows[0].id
}

export async function methodId(db: Queryable, code: string, name = 'Standard-Versand'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT m.id FROM shipping_methods m JOIN shipping_countries c ON c.id = m.shipping_country_id
      WHERE c.country_code = $1 AND m.name = $2`,
    [code, name],
  )
  if (rows[0] === undefined) throw new Error(`no method ${name} for ${code}`)
  return rows[0].id
}

export async function voucherId(db: Queryable, code: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM vouchers WHERE code = $1', [code])
  return rows[0]!.id
}

/** A cart with one box (PLA FDM, 3045 cents net a piece) in the quantity given. */
export async function readyCart(t: OrderTestApp, quantity = 1, overrides = {}): Promise<string> {
  const cartId = await createCart(t.app)
  await addItems(t.app, cartId, [itemInput(t.boxId, t.fdm.id, { quantity, ...overrides })])
  return cartId
}

export function address(countryIdValue: string, overrides: Partial<BillingAddressInput> = {}) {
  return {
    firstname: 'Erika',
    lastname: 'Muster',
    street: 'Hauptstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    countryId: countryIdValue,
    ...overrides,
  }
}

export async function details(
  db: Queryable,
  code = 'DE',
  overrides: Partial<PaymentDetailsInput> = {},
  postalCode = '10115',
): Promise<PaymentDetailsInput> {
  return {
    email: 'erika@example.test',
    billingAddress: address(await countryId(db, code), { postalCode }),
    shippingMethodId: await methodId(db, code),
    ...overrides,
  }
}

export async function preview(app: FastifyInstance, body: object, cookie?: string) {
  const response = await app.inject({
    method: 'POST',
    url: ORDER_PREVIEW_PATH,
    payload: body,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  })
  expect(response.statusCode, response.body).toBe(200)
  return OrderPreviewResponseSchema.parse(response.json())
}

export function checkout(
  app: FastifyInstance,
  body: CheckoutRequestInput,
  options: { key?: string | null; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {}
  if (options.key !== null) headers['idempotency-key'] = options.key ?? newId()
  if (options.cookie !== undefined) headers.cookie = options.cookie
  return app.inject({ method: 'POST', url: CHECKOUT_PATH, payload: body, headers })
}

/** Previews, then places with the previewed total: the SPA's review → buy. */
export async function placeOrder(
  app: FastifyInstance,
  body: Omit<CheckoutRequestInput, 'expectedTotalCents' | 'termsAccepted'>,
  options: { key?: string; cookie?: string } = {},
) {
  const { amounts } = await preview(app, body, options.cookie)
  const response = await checkout(
    app,
    { ...body, termsAccepted: true, expectedTotalCents: amounts.total.totalCents },
    options,
  )
  expect(response.statusCode, response.body).toBe(200)
  return { answer: CheckoutResponseSchema.parse(response.json()), amounts }
}

export async function readOrder(app: FastifyInstance, orderId: string, query = '', cookie?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/checkout/order/${orderId}${query}`,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  })
}

export const orderOf = (response: LightMyRequestResponse) => OrderResponseSchema.parse(response.json()).order
