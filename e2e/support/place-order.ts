import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { type APIRequestContext } from '@playwright/test'
import { OPTIN_PATH, SIGN_UP_PATH } from '#shared/contracts/account.contract.ts'
import { AnalysisTaskSchema, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { CreateCartResponseSchema } from '#shared/contracts/cart.contract.ts'
import {
  CHECKOUT_PATH,
  CheckoutResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  ORDER_PREVIEW_PATH,
  OrderPreviewResponseSchema,
} from '#shared/contracts/checkout.contract.ts'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import { createOutbox } from '#server/modules/mail/outbox.ts'
import { expect, signInByApi } from '../fixtures.ts'

/**
 * Orders placed through the shop API as the SPA places them (the demo object, a cart, review, buy), shared by the
 * order pages' and the back office's specs: the demo object analysed, a cart, the preview and the checkout with
 * the previewed total, from Germany; as a guest or as the customer whose session `api` carries.
 */

export type Placed = { orderId: string; orderNumber: string; accessToken: string; approveUrl: string | null }

export async function json<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  schema: { parse: (v: unknown) => T },
) {
  expect(response.ok(), `${response.status()} ${response.url()}: ${await response.text()}`).toBe(true)
  return schema.parse(await response.json())
}

/** The demo object, analysed (polled like the upload machine does). */
export async function analysedDemo(api: APIRequestContext): Promise<string> {
  const created = await json(await api.post('/api/analytx/demo'), AnalysisUploadResponseSchema)
  await expect
    .poll(
      async () => {
        const task = await json(await api.get(`/api/analytx/task/${created.taskId}`), AnalysisTaskSchema)
        return task.state
      },
      { timeout: 45_000, intervals: [500, 1_000] },
    )
    .toBe('completed')
  return created.createdObject._id
}

/** A cart with the demo object in the first print mode the cart prices it in. */
export async function readyCart(api: APIRequestContext, objectId: string, quantity: number): Promise<string> {
  const cart = await json(await api.post('/api/checkout/cart'), CreateCartResponseSchema)
  const { printModes } = await json(await api.get(PRINT_MODES_PATH), GetPrintModesResponseSchema)
  for (const mode of printModes) {
    const item = { objectId, quantity, scale: 1, printModeId: mode.id, acknowledgedRepairInfo: true }
    const added = await api.post(`/api/checkout/cart/${cart._id}/item`, { data: { items: [item] } })
    if (added.ok()) return cart._id
  }
  throw new Error('no print mode takes the demo object')
}

export interface OrderOptions {
  email: string
  paymentMethod?: 'prepaid' | 'paypal'
  /** Pieces of the demo object (default 1). */
  quantity?: number
  /** A business customer's order, with this company in the billing address. */
  company?: string
}

/** Review → buy from Germany (as a guest, or as the customer whose session `api` carries), prepaid by default. */
export async function placeOrder(api: APIRequestContext, options: OrderOptions): Promise<Placed> {
  const cartId = await readyCart(api, await analysedDemo(api), options.quantity ?? 1)
  const { shippingCountries } = await json(
    await api.get(SHIPPING_COUNTRIES_PATH),
    GetShippingCountriesResponseSchema,
  )
  const germany = shippingCountries.find((country) => country.countryCode === 'DE')
  const method = germany?.shippingMethods[0]
  if (!germany || !method) throw new Error('no German shipping method')
  const body = {
    cartId,
    isBusinessCustomer: options.company !== undefined,
    paymentDetails: {
      email: options.email,
      billingPaymentMethod: options.paymentMethod ?? 'prepaid',
      shippingMethodId: method.shippingMethodId,
      billingAddress: {
        firstname: 'Erika',
        lastname: 'Muster',
        street: 'Hauptstraße 1',
        postalCode: '10115',
        city: 'Berlin',
        countryId: germany._id,
        ...(options.company === undefined ? {} : { company: options.company }),
      },
    },
  }
  const preview = await json(await api.post(ORDER_PREVIEW_PATH, { data: body }), OrderPreviewResponseSchema)
  const placed = await json(
    await api.post(CHECKOUT_PATH, {
      data: { ...body, termsAccepted: true, expectedTotalCents: preview.amounts.total.totalCents },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    }),
    CheckoutResponseSchema,
  )
  return {
    orderId: placed.order._id,
    orderNumber: placed.order.orderNumber,
    accessToken: placed.order.accessToken,
    approveUrl: placed.payment?.approveUrl ?? null,
  }
}

/**
 * A confirmed customer of its own (sign-up through the API, the opt-in id from the mail in DATA_DIR/outbox), signed
 * in on `api`; `username` must be unique per run.
 */
export async function signedUpCustomer(api: APIRequestContext, username: string): Promise<{ email: string }> {
  const email = `${username}@example.com`
  const password = 'Sehr-geheim-2026!'
  const { shippingCountries } = await json(
    await api.get(SHIPPING_COUNTRIES_PATH),
    GetShippingCountriesResponseSchema,
  )
  const germany = shippingCountries.find((country) => country.countryCode === 'DE')
  if (!germany) throw new Error('no German shipping country')
  const billingAddress = {
    firstname: 'Bernd',
    lastname: 'Zweitkunde',
    street: 'Ringstraße 5',
    postalCode: '10115',
    city: 'Berlin',
    countryId: germany._id,
  }
  const signUp = await api.post(SIGN_UP_PATH, {
    data: { username, password, email, billingAddress, privacyAccepted: true },
  })
  expect(signUp.ok(), await signUp.text()).toBe(true)
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts')
  const box = createOutbox(join(dataDir, 'outbox'))
  const optinId = async () => {
    const mail = box.list().find((m) => m.to.includes(email))
    return mail ? (/\/optin\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? null) : null
  }
  await expect.poll(optinId, { message: `opt-in mail to ${email}`, timeout: 30_000 }).not.toBeNull()
  const confirmed = await api.post(OPTIN_PATH, { data: { uuid: await optinId() } })
  expect(confirmed.ok(), await confirmed.text()).toBe(true)
  await signInByApi(api, username, password)
  return { email }
}
