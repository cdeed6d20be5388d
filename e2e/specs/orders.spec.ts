import { type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { DEMO_CUSTOMER, STAFF_USERNAME } from '#server/db/seed.ts'
import {
  ORDER_PATH,
  USER_ORDERS_PATH,
  UserOrdersResponseSchema,
} from '#shared/contracts/checkout.contract.ts'
import { staffOrderPaths } from '#shared/contracts/staff-orders.contract.ts'
import {
  acceptCookies,
  expect,
  expectFitsTheWidth,
  expectNoSeriousA11yViolations,
  initialPasswords,
  signInByApi,
  test,
} from '../fixtures.ts'
import { json, type Placed, placeOrder as placeDemoOrder, signedUpCustomer } from '../support/place-order.ts'

/**
 * Issue 16, the order pages end to end: a guest order placed through the API as the SPA places it (the demo object,
 * a cart, preview, checkout), then the thank-you page and the order details read with the guest's `?access=` token,
 * and the same order opened by another guest (with that guest's own token) is the not-available page.
 */

/** Unique per run, so a rerun on a kept DATA_DIR never meets its own accounts. */
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`

/** Two pieces of the demo object from Germany (as a guest or as `api`'s customer), prepaid by default. */
function placeOrder(
  api: APIRequestContext,
  email: string,
  paymentMethod: 'prepaid' | 'paypal' = 'prepaid',
): Promise<Placed> {
  return placeDemoOrder(api, { email, paymentMethod, quantity: 2 })
}

/** The seeded demo customer, signed in (its password is handed over at the first start). */
async function demoCustomer(api: APIRequestContext): Promise<void> {
  await signInByApi(api, DEMO_CUSTOMER.username, initialPasswords().customer)
}

/** Staff mark a transfer received (the back office API, issue 17), signed in in a context of their own. */
async function staffMarksPaid(browser: Browser, orderId: string): Promise<void> {
  const staff = await browser.newContext()
  await signInByApi(staff.request, STAFF_USERNAME, initialPasswords().staff)
  const marked = await staff.request.post(staffOrderPaths.markPaid(orderId))
  expect(marked.ok(), `${marked.status()} ${await marked.text()}`).toBe(true)
  await staff.close()
}

async function orderCount(api: APIRequestContext): Promise<number> {
  return (await json(await api.get(USER_ORDERS_PATH), UserOrdersResponseSchema)).orders.length
}

/**
 * A guest's order read with the access link: order complete, order details, and another guest with their own token
 * gets the not-available page; the pages fit the screen's width (desktop and phone).
 */
async function guestReadsOrder(page: Page, browser: Browser, consoleErrors: string[]): Promise<void> {
  await acceptCookies(page)
  const order = await placeOrder(page.request, 'gast@example.test')
  const access = `access=${order.accessToken}`

  await test.step('order complete: thank-you, the confirmation mail note, the order number', async () => {
    await page.goto(`/order-complete/${order.orderId}?${access}`)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
    ).toBeVisible()
    await expect(page.getByText('gast@example.test')).toBeVisible()
    await expect(page.getByText(order.orderNumber).first()).toBeVisible()
    await expect(page.getByText('Bitte überweisen Sie', { exact: false })).toBeVisible()
    await expectFitsTheWidth(page, [page.getByRole('link', { name: 'Zu den Bestelldetails' })])
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
    await expectFitsTheWidth(page)
    await expectNoSeriousA11yViolations(page)
  })

  await test.step('another guest, with the token of their own order, gets the not-available page', async () => {
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await acceptCookies(otherPage)
    const theirs = await placeOrder(otherPage.request, 'andere@example.test')
    await otherPage.goto(`/order-details/${order.orderId}?access=${theirs.accessToken}`)
    await expect(otherPage).toHaveURL(/\/not-available\?status=404$/)
    await expect(
      otherPage.getByRole('heading', { level: 1, name: 'Diese Seite ist nicht verfügbar' }),
    ).toBeVisible()
    await expect(otherPage.getByText(order.orderNumber)).toHaveCount(0)
    await other.close()
  })
  expect(consoleErrors).toEqual([])
}

test.describe('order pages', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a guest reads the order with its access link; another guest gets the not-available page', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await guestReadsOrder(page, browser, consoleErrors)
  })

  test('@mobile a guest reads the order with its access link on a phone', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await guestReadsOrder(page, browser, consoleErrors)
  })
})

test.describe('order details: re-order, pay now, another customer (issue 16)', () => {
  test.describe.configure({ timeout: 180_000 })
  // A German shopper: the provider's page (like PayPal's) follows the browser's language.
  test.use({ locale: 'de-DE' })
  test.beforeEach(async ({ page }) => acceptCookies(page))

  test('a customer re-orders a prepaid order staff marked paid: confirm modal, message, a new order', async ({
    page,
    browser,
  }) => {
    await demoCustomer(page.request)
    const order = await placeOrder(page.request, DEMO_CUSTOMER.email)
    await staffMarksPaid(browser, order.orderId)
    const before = await orderCount(page.request)

    await page.goto(`/order-details/${order.orderId}`)
    await expect(
      page.getByRole('heading', { level: 1, name: `Bestellung ${order.orderNumber}` }),
    ).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('Zahlung eingegangen').first()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Erneut bestellen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Bestellung erneut aufgeben?' })
    await expect(dialog).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Zahlungspflichtig erneut bestellen' }).click()
    await expect(page.getByText('Bestellung wurde erneut aufgegeben')).toBeVisible({ timeout: 30_000 })
    await expect.poll(() => orderCount(page.request), { timeout: 20_000 }).toBe(before + 1)
    // The page moves on to the new order: another number, prepaid again, not paid yet.
    await expect(page).not.toHaveURL(new RegExp(order.orderId), { timeout: 20_000 })
    const heading = page.getByRole('heading', { level: 1, name: /^Bestellung SW-/ })
    await expect(heading).toBeVisible({ timeout: 20_000 })
    await expect(heading).not.toHaveText(`Bestellung ${order.orderNumber}`)
    await expect(page.getByRole('button', { name: 'Erneut bestellen' })).toHaveCount(0)
  })

  test('a PayPal order cancelled at the provider is paid later from its details (pay now)', async ({
    page,
  }) => {
    const order = await placeOrder(page.request, `paynow-${runId}@example.test`, 'paypal')
    if (order.approveUrl === null) throw new Error('a PayPal order without an approve URL')
    await page.goto(order.approveUrl)
    await page.getByRole('link', { name: 'Abbrechen' }).click()
    await expect(page).toHaveURL(/\/order-failed/)
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung abgebrochen' })).toBeVisible({
      timeout: 30_000,
    })
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('link', { name: 'Zu den Bestelldetails' }).click()
    await expect(page).toHaveURL(new RegExp(`/order-details/${order.orderId}\\?access=`))
    const payNow = page.getByRole('button', { name: 'Jetzt bezahlen' })
    await expect(payNow).toBeVisible({ timeout: 20_000 })
    await expectNoSeriousA11yViolations(page)
    await payNow.click()

    // The checkout's existing-order mode: read-only, PayPal only, terms accepted already.
    await expect(page).toHaveURL(new RegExp(`/payment-details/${order.orderId}`))
    await expect(page.getByRole('heading', { level: 1, name: 'Kunden- und Zahlungsdaten' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung prüfen' })).toBeVisible()
    await page.getByRole('button', { name: 'Weiter zu PayPal' }).click()
    await page.getByRole('link', { name: 'Zahlung bestätigen' }).click({ timeout: 30_000 })
    await expect(page).toHaveURL(new RegExp(`/order-complete/${order.orderId}`))
    await expect(page.getByText('Ihre Zahlung ist eingegangen.')).toBeVisible({ timeout: 30_000 })

    await page.getByRole('link', { name: 'Zu den Bestelldetails' }).click()
    await expect(page.getByText('Zahlung eingegangen').first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('button', { name: 'Jetzt bezahlen' })).toHaveCount(0)
  })

  test("customer B signed in opens customer A's order: the not-available page, and the API answers 404", async ({
    page,
    browser,
  }) => {
    await demoCustomer(page.request)
    const order = await placeOrder(page.request, DEMO_CUSTOMER.email)

    const other = await browser.newContext({ locale: 'de-DE' })
    const otherPage = await other.newPage()
    await acceptCookies(otherPage)
    await signedUpCustomer(otherPage.request, `zweiter${runId}`)
    const read = await otherPage.request.get(ORDER_PATH.replace('{orderId}', order.orderId))
    expect(read.status()).toBe(404)
    await otherPage.goto(`/order-details/${order.orderId}`)
    await expect(otherPage).toHaveURL(/\/not-available\?status=404$/, { timeout: 20_000 })
    await expect(
      otherPage.getByRole('heading', { level: 1, name: 'Diese Seite ist nicht verfügbar' }),
    ).toBeVisible()
    await expect(otherPage.getByText(order.orderNumber)).toHaveCount(0)
    await other.close()

    // The owner still reads it with the session alone.
    await page.goto(`/order-details/${order.orderId}`)
    await expect(
      page.getByRole('heading', { level: 1, name: `Bestellung ${order.orderNumber}` }),
    ).toBeVisible({ timeout: 20_000 })
  })
})
