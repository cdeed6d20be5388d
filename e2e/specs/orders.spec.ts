import { randomUUID } from 'node:crypto'
import { type APIRequestContext, type Page } from '@playwright/test'
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
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures.ts'

/**
 * Issue 16, the order pages end to end: a guest order placed through the API as the SPA places it (the demo object,
 * a cart, preview, checkout), then the thank-you page and the order details read with the guest's `?access=` token,
 * and the same order opened by another guest (with that guest's own token) is the not-available page.
 */

type Placed = { orderId: string; orderNumber: string; accessToken: string }

/** A cookie choice stored before the page loads, so the dialog does not cover the page. */
async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() =>
    localStorage.setItem(
      'cookies',
      JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
    ),
  )
}

async function json<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  schema: { parse: (v: unknown) => T },
) {
  expect(response.ok(), `${response.status()} ${response.url()}: ${await response.text()}`).toBe(true)
  return schema.parse(await response.json())
}

/** The demo object, analysed (polled like the upload machine does). */
async function analysedDemo(api: APIRequestContext): Promise<string> {
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
async function readyCart(api: APIRequestContext, objectId: string): Promise<string> {
  const cart = await json(await api.post('/api/checkout/cart'), CreateCartResponseSchema)
  const { printModes } = await json(await api.get(PRINT_MODES_PATH), GetPrintModesResponseSchema)
  for (const mode of printModes) {
    const item = { objectId, quantity: 2, scale: 1, printModeId: mode.id, acknowledgedRepairInfo: true }
    const added = await api.post(`/api/checkout/cart/${cart._id}/item`, { data: { items: [item] } })
    if (added.ok()) return cart._id
  }
  throw new Error('no print mode takes the demo object')
}

/** Review → buy as a guest from Germany, prepaid. */
async function placeGuestOrder(api: APIRequestContext, email: string): Promise<Placed> {
  const cartId = await readyCart(api, await analysedDemo(api))
  const { shippingCountries } = await json(
    await api.get(SHIPPING_COUNTRIES_PATH),
    GetShippingCountriesResponseSchema,
  )
  const germany = shippingCountries.find((country) => country.countryCode === 'DE')
  const method = germany?.shippingMethods[0]
  if (!germany || !method) throw new Error('no German shipping method')
  const body = {
    cartId,
    isBusinessCustomer: false,
    paymentDetails: {
      email,
      billingPaymentMethod: 'prepaid',
      shippingMethodId: method.shippingMethodId,
      billingAddress: {
        firstname: 'Erika',
        lastname: 'Muster',
        street: 'Hauptstraße 1',
        postalCode: '10115',
        city: 'Berlin',
        countryId: germany._id,
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
  }
}

test.describe('order pages', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a guest reads the order with its access link; another guest gets the not-available page', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await acceptCookies(page)
    const order = await placeGuestOrder(page.request, 'gast@example.test')
    const access = `access=${order.accessToken}`

    await test.step('order complete: thank-you, the confirmation mail note, the order number', async () => {
      await page.goto(`/order-complete/${order.orderId}?${access}`)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
      ).toBeVisible()
      await expect(page.getByText('gast@example.test')).toBeVisible()
      await expect(page.getByText(order.orderNumber).first()).toBeVisible()
      await expect(page.getByText('Bitte überweisen Sie', { exact: false })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    })

    await test.step('order details: titled with the number, status and no re-order for an unpaid order', async () => {
      await page.getByRole('link', { name: 'Zu den Bestelldetails' }).click()
      await expect(page).toHaveURL(new RegExp(`/order-details/${order.orderId}\\?${access}$`))
      await expect(
        page.getByRole('heading', { level: 1, name: `Bestellung ${order.orderNumber}` }),
      ).toBeVisible()
      await expect(page.getByText('Bestellung eingegangen')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Erneut bestellen' })).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)
    })

    await test.step('another guest, with the token of their own order, gets the not-available page', async () => {
      const other = await browser.newContext()
      const otherPage = await other.newPage()
      await acceptCookies(otherPage)
      const theirs = await placeGuestOrder(otherPage.request, 'andere@example.test')
      await otherPage.goto(`/order-details/${order.orderId}?access=${theirs.accessToken}`)
      await expect(otherPage).toHaveURL(/\/not-available\?status=404$/)
      await expect(
        otherPage.getByRole('heading', { level: 1, name: 'Diese Seite ist nicht verfügbar' }),
      ).toBeVisible()
      await expect(otherPage.getByText(order.orderNumber)).toHaveCount(0)
      await other.close()
    })
    expect(consoleErrors).toEqual([])
  })
})
