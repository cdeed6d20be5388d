import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
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
import { STAFF_ORDERS_PATH } from '#shared/contracts/staff-orders.contract.ts'
import { type OrderStatus } from '#shared/domain/order-status.ts'
import { DEMO_CUSTOMER, STAFF_USERNAME } from '#server/db/seed.ts'
import { createOutbox, type OutboxMail } from '#server/modules/mail/outbox.ts'
import {
  acceptCookies,
  expect,
  expectNoSeriousA11yViolations,
  initialPasswords,
  logInOnPage,
  test,
} from '../fixtures.ts'

/**
 * Issue 17, the order back office end to end (decision 0107): a guest's prepaid order placed through the shop API,
 * found by staff by its number in the list (the filter in the address bar, Back returns to it), moved from
 * ORDER_RECEIVED over FILES_PRINTABLE (production waits for the transfer, marked paid) to IN_PRODUCTION and on to
 * ORDER_COMPLETED with a note; the customer's mails are in the outbox. A customer meets the not-available page.
 */

const SLOW = { timeout: 30_000 }
/** Unique per run, so a rerun on a kept DATA_DIR never meets its own earlier mails. */
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR
  if (dir === undefined) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts')
  return dir
}

/** The only mail to `address` whose subject contains `subject`, once it has arrived (DATA_DIR/outbox). */
async function mailTo(address: string, subject: string): Promise<OutboxMail> {
  const box = createOutbox(join(dataDir(), 'outbox'))
  const matching = () =>
    box.list().filter((mail) => mail.to.includes(address) && mail.subject.includes(subject))
  await expect
    .poll(() => matching().length, { message: `mail "${subject}" to ${address}`, timeout: 30_000 })
    .toBe(1)
  const [mail] = matching()
  if (mail === undefined) throw new Error(`mail to ${address} vanished`)
  return mail
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

/** A guest's prepaid order from Germany with the demo object, placed as the SPA places it. */
async function placeGuestOrder(api: APIRequestContext, email: string): Promise<string> {
  const objectId = await analysedDemo(api)
  const cart = await json(await api.post('/api/checkout/cart'), CreateCartResponseSchema)
  const { printModes } = await json(await api.get(PRINT_MODES_PATH), GetPrintModesResponseSchema)
  let added = false
  for (const mode of printModes) {
    const item = { objectId, quantity: 1, scale: 1, printModeId: mode.id, acknowledgedRepairInfo: true }
    if ((await api.post(`/api/checkout/cart/${cart._id}/item`, { data: { items: [item] } })).ok()) {
      added = true
      break
    }
  }
  if (!added) throw new Error('no print mode takes the demo object')
  const { shippingCountries } = await json(
    await api.get(SHIPPING_COUNTRIES_PATH),
    GetShippingCountriesResponseSchema,
  )
  const germany = shippingCountries.find((country) => country.countryCode === 'DE')
  const shipping = germany?.shippingMethods[0]
  if (!germany || !shipping) throw new Error('no German shipping method')
  const body = {
    cartId: cart._id,
    isBusinessCustomer: false,
    paymentDetails: {
      email,
      billingPaymentMethod: 'prepaid',
      shippingMethodId: shipping.shippingMethodId,
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
  return placed.order.orderNumber
}

/** Picks an allowed next status, asks, confirms, and waits for the header to show it. */
async function changeStatus(page: Page, to: OrderStatus, note = ''): Promise<void> {
  await page.getByRole('combobox', { name: 'Neuer Status' }).selectOption(to)
  if (note !== '') await page.getByRole('textbox', { name: 'Hinweis an den Kunden (optional)' }).fill(note)
  await page.getByRole('button', { name: 'Status ändern …' }).click()
  await page.getByRole('button', { name: 'Ja, Status ändern' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Der Status wurde geändert' })).toBeVisible(SLOW)
  await expect(page.locator('.staff-order-header code').first()).toHaveText(to)
}

test.describe('order back office', () => {
  test.describe.configure({ timeout: 180_000 })

  test('staff find a guest order by its number and move it to ORDER_COMPLETED; the customer is mailed', async ({
    page,
    request,
  }) => {
    const email = `backoffice-${runId}@example.com`
    const orderNumber = await placeGuestOrder(request, email)

    await acceptCookies(page)
    await logInOnPage(page, STAFF_USERNAME, initialPasswords().staff)
    await page.goto('/staff/orders')
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible(SLOW)
    await expect(page.getByRole('table')).toBeVisible(SLOW)
    await page.getByRole('searchbox', { name: 'Suche (Bestellnummer oder E-Mail)' }).fill(orderNumber)
    await page.getByRole('button', { name: 'Filtern' }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(orderNumber)}`))
    await expect(page.getByText('1 Bestellungen gefunden')).toBeVisible(SLOW)
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('link', { name: orderNumber }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Bestellung ${orderNumber}` })).toBeVisible(SLOW)
    await expect(page.getByRole('link', { name: 'Datei herunterladen' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // Back returns to the filtered list, and Forward to the order.
    await page.goBack()
    await expect(page.getByRole('searchbox', { name: 'Suche (Bestellnummer oder E-Mail)' })).toHaveValue(
      orderNumber,
    )
    await expect(page.getByRole('link', { name: orderNumber })).toBeVisible(SLOW)
    await page.goForward()
    await expect(page.locator('.staff-order-header code').first()).toHaveText('ORDER_RECEIVED', SLOW)

    await changeStatus(page, 'FILES_PRINTABLE')
    // Production waits for the transfer: not offered until it is marked paid.
    const next = page.getByRole('combobox', { name: 'Neuer Status' })
    await expect(next.locator('option[value="IN_PRODUCTION"]')).toHaveCount(0)
    await page.getByRole('button', { name: 'Zahlung eingegangen markieren' }).click()
    await expect(page.getByText('Die Zahlung ist als eingegangen vermerkt')).toBeVisible(SLOW)
    await expect(next.locator('option[value="IN_PRODUCTION"]')).toHaveCount(1)
    await changeStatus(page, 'IN_PRODUCTION')
    await changeStatus(page, 'PARTS_REVIEWED')
    const note = `Sendungsnummer 00340434${runId}`
    await changeStatus(page, 'ORDER_COMPLETED', note)
    await expect(page.getByText('Von diesem Status aus ist kein Wechsel möglich.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Verlauf' }).getByText(note)).toBeVisible()

    await mailTo(email, `Zahlung erhalten: Bestellung ${orderNumber}`)
    await mailTo(email, `Ihre Bestellung ${orderNumber}: Dateien druckbar`)
    await mailTo(email, `Ihre Bestellung ${orderNumber}: in Fertigung`)
    const shipped = await mailTo(email, `Ihre Bestellung ${orderNumber}: wurde versandt`)
    expect(shipped.text).toContain(note)
  })

  test('a customer gets the not-available page for the order back office and 403 from its API', async ({
    page,
  }) => {
    await acceptCookies(page)
    await logInOnPage(page, DEMO_CUSTOMER.username, initialPasswords().customer)
    await page.goto('/staff/orders')
    await expect(page).toHaveURL(/\/not-available\?status=403/, SLOW)
    expect((await page.request.get(STAFF_ORDERS_PATH)).status()).toBe(403)
  })
})
