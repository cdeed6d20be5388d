import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Page } from '@playwright/test'
import { createOutbox, type OutboxMail } from '#server/modules/mail/outbox.ts'
import { SIGN_UP_PATH } from '#shared/contracts/account.contract.ts'
import { SIGN_IN_PATH } from '#shared/contracts/auth.contract.ts'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import {
  acceptCookies,
  expect,
  expectFitsTheWidth,
  expectNoSeriousA11yViolations,
  test,
} from '../fixtures.ts'

// Public test files, used in place (never copied into the project).
const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')

/** Unique per run, so a rerun on a kept DATA_DIR never meets its own earlier mails. */
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`

/** The only mail to `address` whose subject contains `subject`, once it has arrived (DATA_DIR/outbox). */
async function mailTo(address: string, subject: string): Promise<OutboxMail> {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts')
  const box = createOutbox(join(dataDir, 'outbox'))
  const matching = () =>
    box.list().filter((mail) => mail.to.includes(address) && mail.subject.includes(subject))
  await expect
    .poll(() => matching().length, { message: `mail "${subject}" to ${address}`, timeout: 30_000 })
    .toBe(1)
  const [mail] = matching()
  if (mail === undefined) throw new Error(`mail to ${address} vanished`)
  return mail
}

/** Upload, configure and add one cube to the cart (the shopper flow of part 1), then open the cart. */
async function cartWithOneItem(page: Page): Promise<void> {
  await page.goto('/')
  // Phones have a second upload input (the header's), desktops one.
  await page.locator('input[data-upload-input]').first().setInputFiles(binaryCube)
  await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
    timeout: 60_000,
  })
  await page.getByRole('button', { name: 'Weiter' }).click()
  await page.getByRole('radio', { name: /PA12 \(SLS\)/ }).click()
  await expect(page.getByText('Gesamtpreis (1 Stück)').locator('..')).toContainText('€', { timeout: 20_000 })
  await page.getByRole('button', { name: 'Oberfläche wählen' }).click()
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  await expect(page.getByRole('link', { name: 'Warenkorb: 1 Objekt' })).toBeVisible({ timeout: 20_000 })
}

/** From the cart to the payment-details page. */
async function openPaymentDetails(page: Page): Promise<void> {
  await page.goto('/cart')
  await page.getByRole('link', { name: 'Bestellung abschließen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kunden- und Zahlungsdaten' })).toBeVisible({
    timeout: 20_000,
  })
}

/** A guest's e-mail and German billing address (the first address block of the page). */
async function fillGuest(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse', { exact: false }).first().fill(email)
  await page.getByLabel('Vorname').first().fill('Gerda')
  await page.getByLabel('Nachname').first().fill('Gast')
  await page.getByLabel('Straße und Hausnummer').first().fill('Hauptstraße 1')
  await page.getByLabel('Postleitzahl').first().fill('50667')
  await page.getByLabel('Ort').first().fill('Köln')
}

/** A guest pays with PayPal up to the provider's page (the local test provider in e2e, decision 0096). */
async function toPaypal(page: Page, email: string): Promise<void> {
  await cartWithOneItem(page)
  await openPaymentDetails(page)
  await fillGuest(page, email)
  await page.getByRole('radio', { name: 'PayPal' }).check()
  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellung prüfen' })).toBeVisible()
  await page.getByLabel('Ich stimme den AGB zu.').check()
  await page.getByRole('button', { name: 'Weiter zu PayPal' }).click()
  await expect(page.getByRole('link', { name: 'Zahlung bestätigen' })).toBeVisible({ timeout: 30_000 })
}

/** A guest with one cube in the cart on the review page, prepaid. */
async function toReview(page: Page, email: string): Promise<void> {
  await cartWithOneItem(page)
  await openPaymentDetails(page)
  await fillGuest(page, email)
  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellung prüfen' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Jetzt kaufen' })).toBeVisible({ timeout: 20_000 })
}

/** The order sum on the review page in cents (its figure as the page shows it, e.g. '35,83 €'). */
async function orderSumCents(page: Page): Promise<number> {
  const text = await page.locator('.checkout__totals dt:has-text("Bestellsumme") + dd').innerText()
  const figure = /(\d{1,3}(?:\.\d{3})*),(\d{2})/.exec(text)
  if (figure === null) throw new Error(`no amount in "${text}"`)
  return Number(`${(figure[1] ?? '').replace(/\./g, '')}${figure[2] ?? ''}`)
}

/** A confirmed customer from Germany, logged in (signup through the API, the opt-in link from the outbox). */
async function loggedInCustomer(page: Page, name: string): Promise<void> {
  const username = `${name}${runId}`
  const email = `${username}@example.com`
  const password = 'Sehr-geheim-2026!'
  const countries = GetShippingCountriesResponseSchema.parse(
    await (await page.request.get(SHIPPING_COUNTRIES_PATH)).json(),
  )
  const germany = countries.shippingCountries.find((country) => country.countryCode === 'DE')
  if (germany === undefined) throw new Error('no German shipping country')
  const address = {
    firstname: 'Karla',
    lastname: 'Kundin',
    street: 'Ringstraße 5',
    postalCode: '10115',
    city: 'Berlin',
    countryId: germany._id,
  }
  const signUp = await page.request.post(SIGN_UP_PATH, {
    data: { username, password, email, billingAddress: address, privacyAccepted: true },
  })
  expect(signUp.ok(), await signUp.text()).toBe(true)
  const mail = await mailTo(email, 'Bitte bestätigen Sie Ihre Registrierung')
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0]
  if (link === undefined) throw new Error('no opt-in link')
  const url = new URL(link)
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page.getByText('Ihr Konto ist bestätigt.', { exact: false })).toBeVisible({ timeout: 20_000 })
  const signIn = await page.request.post(SIGN_IN_PATH, { data: { username, password } })
  expect(signIn.ok(), await signIn.text()).toBe(true)
}

/**
 * A guest's prepaid order from the cart to order complete (part 2 §2, §4), the mail with its PDF; on every page the
 * layout fits the screen's width and axe finds nothing serious (run on a desktop and on a phone).
 */
async function guestPrepaidOrder(page: Page, device: string): Promise<void> {
  const email = `gast-${device}-${runId}@example.com`
  const currentStep = page
    .getByRole('navigation', { name: 'Bestellschritte' })
    .locator('[aria-current="step"]')
  await cartWithOneItem(page)
  await openPaymentDetails(page)
  // Part 2 §4: a guest sees invoice and quote disabled with 'nur für Mitglieder'.
  await expect(page.getByRole('radio', { name: 'Angebot anfordern' })).toBeDisabled()
  // The e2e server runs the PayPal test provider, so PayPal is offered.
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeEnabled()
  await expect(page.getByText('Nicht alle Pflichtfelder ausgefüllt')).toBeVisible()
  await expect(currentStep).toContainText('Bestellung abschließen')
  await expectFitsTheWidth(page, [page.getByRole('button', { name: 'Weiter' })])
  await expectNoSeriousA11yViolations(page)

  // Next with missing fields: the summary and the focus on the first invalid field. The button is aria-disabled
  // (still focusable, so its hint is read), which Playwright's click refuses; a keyboard user presses it.
  await page.getByRole('button', { name: 'Weiter' }).press('Enter')
  await expect(page.getByText('Einige Pflichtfelder fehlen')).toBeVisible()

  await fillGuest(page, email)
  await expect(page.getByRole('radio', { name: 'Vorkasse (Überweisung)' })).toBeChecked()

  // A reload keeps what was typed (the draft is kept per tab).
  await page.reload()
  await expect(page.getByLabel('Vorname').first()).toHaveValue('Gerda', { timeout: 20_000 })

  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(page).toHaveURL(/\/review-order$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellung prüfen' })).toBeVisible()
  const buy = page.getByRole('button', { name: 'Jetzt kaufen' })
  await expect(buy).toBeVisible({ timeout: 20_000 })
  await expect(buy).toBeDisabled()
  await expect(page.getByText('Bestellsumme')).toBeVisible()
  await expect(currentStep).toContainText('Bestellung abschließen')
  await expectFitsTheWidth(page, [buy, page.getByLabel('Ich stimme den AGB zu.')])
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Ich stimme den AGB zu.').check()
  await buy.click()
  await expect(page).toHaveURL(/\/order-complete\/[A-Za-z0-9_-]{22}\?access=[A-Za-z0-9_-]{43}$/, {
    timeout: 30_000,
  })
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible()
  await expect(page.getByText('Bitte überweisen Sie', { exact: false })).toBeVisible()
  // A completed order: the steps bar starts again at step 1 (spec part 1 §2).
  await expect(currentStep).toContainText('3D-Datei wählen')
  await expectFitsTheWidth(page, [page.getByRole('link', { name: 'Zu den Bestelldetails' })])
  await expectNoSeriousA11yViolations(page)
  // The order is placed: the cart starts afresh.
  await expect(page.getByRole('link', { name: /Warenkorb: 1 Objekt/ })).toHaveCount(0)

  // The confirmation as a PDF: fetched first, then saved under the order number's name (decision 0142).
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Bestellbestätigung als PDF herunterladen' }).click(),
  ])
  expect(pdf.suggestedFilename()).toMatch(/^SW-\d{4}-\d{6}\.pdf$/)
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-')

  // The confirmation mail with the order confirmation as a PDF.
  const mail = await mailTo(email, 'Ihre Bestellung')
  expect(mail.attachments ?? []).toContainEqual(
    expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) }),
  )
  expect(mail.attachments?.[0]?.size ?? 0).toBeGreaterThan(1_000)
}

test.describe('checkout (issue 16)', () => {
  test.describe.configure({ timeout: 180_000 })
  // A German shopper: the provider's page (like PayPal's) follows the browser's language.
  test.use({ locale: 'de-DE' })
  test.beforeEach(async ({ page }) => acceptCookies(page))

  test('a guest orders with prepayment: payment details, review, order complete', async ({ page }) => {
    await guestPrepaidOrder(page, 'desktop')
  })

  test('@mobile a guest orders with prepayment on a phone: payment details, review, order complete', async ({
    page,
  }) => {
    await guestPrepaidOrder(page, 'phone')
  })

  test('PayPal via the test provider: approving shows the order paid', async ({ page }) => {
    await toPaypal(page, `paypal-${runId}@example.com`)
    await page.getByRole('link', { name: 'Zahlung bestätigen' }).click()
    await expect(page).toHaveURL(/\/order-complete\//)
    await expect(page.getByText('Ihre Zahlung ist eingegangen.')).toBeVisible({ timeout: 30_000 })
  })

  test('PayPal via the test provider: cancelling lands on order failed', async ({ page, consoleErrors }) => {
    await toPaypal(page, `paypal-cancel-${runId}@example.com`)
    await page.getByRole('link', { name: 'Abbrechen' }).click()
    await expect(page).toHaveURL(/\/order-failed/)
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung abgebrochen' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByRole('link', { name: 'Zu den Bestelldetails' })).toBeVisible()
    expect(consoleErrors).toEqual([])
  })

  test('a voucher is checked, redeemed (the order sum drops) and removed again', async ({ page }) => {
    await toReview(page, `voucher-${runId}@example.com`)
    const before = await orderSumCents(page)
    // Free shipping: a percentage would be eaten by the small-order surcharge, which fills the order up to 30 €.
    await page.getByLabel('Gutscheincode').fill('VERSANDFREI')
    await page.getByRole('button', { name: 'Gutschein prüfen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Gutschein einlösen?' })
    await expect(dialog).toBeVisible({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Einlösen' }).click()
    await expect(page.getByText('Gutschein VERSANDFREI')).toBeVisible({ timeout: 20_000 })
    await expect.poll(() => orderSumCents(page), { timeout: 20_000 }).toBeLessThan(before)
    await page.getByRole('button', { name: 'Gutschein entfernen' }).click()
    await expect(page.getByText('Gutschein VERSANDFREI')).toHaveCount(0, { timeout: 20_000 })
    await expect.poll(() => orderSumCents(page), { timeout: 20_000 }).toBe(before)
  })

  test('below the minimum order value: the surcharge line and the notice on review', async ({ page }) => {
    await toReview(page, `minimum-${runId}@example.com`)
    await expect(page.getByText('Mindermengenzuschlag')).toBeVisible()
    await expect(page.getByText('Der Mindestbestellwert von 30€ wurde noch nicht erreicht.')).toBeVisible()
  })

  test('a customer re-orders a paid PayPal order from its details and pays the new order', async ({
    page,
  }) => {
    await loggedInCustomer(page, 'reorder')
    await cartWithOneItem(page)
    await openPaymentDetails(page)
    await expect(page.getByLabel('Vorname').first()).toHaveValue('Karla', { timeout: 20_000 })
    await page.getByRole('radio', { name: 'PayPal' }).check()
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung prüfen' })).toBeVisible()
    await page.getByLabel('Ich stimme den AGB zu.').check()
    await page.getByRole('button', { name: 'Weiter zu PayPal' }).click()
    await page.getByRole('link', { name: 'Zahlung bestätigen' }).click({ timeout: 30_000 })
    await expect(page.getByText('Ihre Zahlung ist eingegangen.')).toBeVisible({ timeout: 30_000 })
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('link', { name: 'Zu den Bestelldetails' }).click()
    await expect(page).toHaveURL(/\/order-details\//)
    await expect(page.getByText('Zahlung eingegangen').first()).toBeVisible({ timeout: 20_000 })
    await expectNoSeriousA11yViolations(page)
    const heading = await page.getByRole('heading', { level: 1 }).innerText()
    const firstNumber = /SW-\d{4}-\d+/.exec(heading)?.[0]
    expect(firstNumber, heading).toBeDefined()
    await page.getByRole('button', { name: 'Erneut bestellen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Bestellung erneut aufgeben?' })
    await dialog.getByRole('button', { name: 'Zahlungspflichtig erneut bestellen' }).click()
    // The new order keeps the payment method: a PayPal order goes to the provider again, for the new number.
    await expect(page.getByRole('link', { name: 'Zahlung bestätigen' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText(/Bestellung SW-\d{4}-\d+/)).not.toContainText(firstNumber ?? '')
    await page.getByRole('link', { name: 'Zahlung bestätigen' }).click()
    await expect(page.getByText('Ihre Zahlung ist eingegangen.')).toBeVisible({ timeout: 30_000 })
  })

  test('a customer asks for a quote, then orders on invoice with the German billing address', async ({
    page,
  }) => {
    await loggedInCustomer(page, 'quote')
    await cartWithOneItem(page)
    await openPaymentDetails(page)
    await expect(page.getByLabel('Vorname').first()).toHaveValue('Karla', { timeout: 20_000 })
    await page.getByRole('radio', { name: 'Angebot anfordern' }).check()
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung prüfen' })).toBeVisible()
    await page.getByLabel('Ich stimme den AGB zu.').check()
    await page.getByRole('button', { name: 'Angebot anfordern' }).click()
    await expect(page).toHaveURL(/\/quote-generated/, { timeout: 30_000 })
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Angebotsanfrage' }),
    ).toBeVisible({ timeout: 20_000 })
    await expectNoSeriousA11yViolations(page)

    // The quote took the cart; a new one is ordered on invoice (Germany only, members only).
    await cartWithOneItem(page)
    await openPaymentDetails(page)
    await page.getByRole('radio', { name: 'Rechnung' }).check()
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung prüfen' })).toBeVisible()
    await page.getByLabel('Ich stimme den AGB zu.').check()
    await page.getByRole('button', { name: 'Jetzt kaufen' }).click()
    await expect(page).toHaveURL(/\/order-complete\//, { timeout: 30_000 })
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
    ).toBeVisible()
  })

  test('a business customer from Austria with a VAT id sees 0 % tax on review', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'preferences',
        JSON.stringify({
          isBusinessCustomer: { value: true, isSet: true },
          acceptAttachmentDisclaimer: { value: false, isSet: false },
        }),
      ),
    )
    await cartWithOneItem(page)
    await openPaymentDetails(page)
    await fillGuest(page, `austria-${runId}@example.com`)
    await page.getByLabel('Firma').first().fill('Alpen Druck GmbH')
    await page.getByLabel('Land').first().selectOption({ label: 'Österreich' })
    await page.getByLabel('Postleitzahl').first().fill('1010')
    await page.getByLabel('Ort').first().fill('Wien')
    await page.getByLabel('USt-IdNr.').first().fill('ATU12345678')
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung prüfen' })).toBeVisible()
    await expect(page.getByText('keine MwSt. enthalten')).toBeVisible({ timeout: 20_000 })
  })
})
