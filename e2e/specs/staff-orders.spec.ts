import { join } from 'node:path'
import { type Page } from '@playwright/test'
import { STAFF_ORDERS_PATH, staffOrderPaths } from '#shared/contracts/staff-orders.contract.ts'
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
import { placeOrder, signedUpCustomer } from '../support/place-order.ts'

/**
 * Issue 17, the order back office end to end (decision 0107): a guest's prepaid order placed through the shop API,
 * found by staff by its number in the list (the filter in the address bar, Back returns to it), moved from
 * ORDER_RECEIVED over FILES_PRINTABLE (production waits for the transfer, marked paid) to IN_PRODUCTION and on to
 * ORDER_COMPLETED with a note; the customer's mails are in the outbox; a printability note about the line goes out
 * with the wall-thickness picture. A business customer's company is verified and stays verified after a reload. A
 * customer meets the not-available page.
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
    const { orderNumber } = await placeOrder(request, { email })

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

    // A printability note about the line, with the analysis' wall-thickness picture attached.
    const message = `Die Wand am Hals ist stellenweise sehr dünn (${runId}).`
    const noteForm = page.getByRole('region', { name: 'Hinweis zur Druckbarkeit' })
    await noteForm.getByRole('combobox', { name: 'Position' }).selectOption({ label: '1. Demo-Vase' })
    await noteForm.getByRole('textbox', { name: 'Nachricht an den Kunden' }).fill(message)
    await noteForm.getByRole('button', { name: 'Hinweis senden' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'mit dem Wandstärkenbild an den Kunden gesendet' }),
    ).toBeVisible(SLOW)
    const timeline = page.getByRole('region', { name: 'Verlauf' })
    await expect(timeline.getByText('Druckbarkeitshinweis gesendet')).toBeVisible()
    await expect(timeline.getByText(message)).toBeVisible()
    const printability = await mailTo(email, `Hinweis zur Druckbarkeit: Bestellung ${orderNumber}`)
    expect(printability.text).toContain(message)
    expect(printability.attachments).toEqual([
      expect.objectContaining({ contentType: 'image/png', filename: `Wandstaerke-${orderNumber}-1.png` }),
    ])
    expect(printability.attachments?.[0]?.size ?? 0).toBeGreaterThan(1000)
  })

  test("staff verify a business customer's company; after a reload the order still shows it verified", async ({
    page,
    browser,
  }) => {
    const customer = await browser.newContext()
    const { email } = await signedUpCustomer(customer.request, `firma${runId}`)
    const { orderId } = await placeOrder(customer.request, { email, company: `Muster GmbH ${runId}` })
    await customer.close()

    await acceptCookies(page)
    await logInOnPage(page, STAFF_USERNAME, initialPasswords().staff)
    await page.goto(`/staff/orders/${orderId}`)
    const panel = page.getByRole('region', { name: 'Kunde und Adressen' })
    await expect(panel.getByText('Geschäftskunde')).toBeVisible(SLOW)
    await expect(panel.getByText('Firma verifiziert')).toHaveCount(0)
    await panel.getByRole('button', { name: 'Firma als verifiziert markieren' }).click()
    await expect(page.getByText('Die Firma des Kunden ist als verifiziert markiert.')).toBeVisible(SLOW)
    await expect(panel.getByText('Firma verifiziert')).toBeVisible()

    await page.reload()
    await expect(panel.getByText('Firma verifiziert')).toBeVisible(SLOW)
    await expect(panel.getByRole('button', { name: 'Firma als verifiziert markieren' })).toHaveCount(0)
    // The order's detail answer says so itself, not only this page.
    const detail = await page.request.get(staffOrderPaths.one(orderId))
    expect(await detail.json()).toMatchObject({ isVerifiedCompany: true })
    await expectNoSeriousA11yViolations(page)
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
