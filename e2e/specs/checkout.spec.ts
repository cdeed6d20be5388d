import { join, resolve } from 'node:path'
import { type Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures.ts'

// Public test files, used in place (never copied into the project).
const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')

async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() =>
    localStorage.setItem(
      'cookies',
      JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
    ),
  )
}

/** Upload, configure and add one cube to the cart (the shopper flow of part 1), then open the cart. */
async function cartWithOneItem(page: Page): Promise<void> {
  await page.goto('/')
  await page.locator('input[data-upload-input]').setInputFiles(binaryCube)
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

test.describe('checkout (issue 16)', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page))

  test('a guest orders with prepayment: payment details, review, order complete', async ({ page }) => {
    await cartWithOneItem(page)
    await page.goto('/cart')
    await page.getByRole('link', { name: 'Bestellung abschließen' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Kunden- und Zahlungsdaten' })).toBeVisible({
      timeout: 20_000,
    })
    // Part 2 §4: a guest sees invoice and quote disabled with 'nur für Mitglieder'.
    await expect(page.getByRole('radio', { name: 'Angebot anfordern' })).toBeDisabled()
    await expect(page.getByText('Nicht alle Pflichtfelder ausgefüllt')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // Next with missing fields: the summary and the focus on the first invalid field.
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByText('Einige Pflichtfelder fehlen')).toBeVisible()

    await page.getByLabel('E-Mail-Adresse', { exact: false }).first().fill('gast@example.com')
    await page.getByLabel('Vorname').first().fill('Gerda')
    await page.getByLabel('Nachname').first().fill('Gast')
    await page.getByLabel('Straße und Hausnummer').first().fill('Hauptstraße 1')
    await page.getByLabel('Postleitzahl').first().fill('50667')
    await page.getByLabel('Ort').first().fill('Köln')
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
    await expectNoSeriousA11yViolations(page)

    await page.getByLabel('Ich stimme den AGB zu.').check()
    await buy.click()
    await expect(page).toHaveURL(/\/order-complete\/[A-Za-z0-9_-]{22}\?access=[A-Za-z0-9_-]{43}$/, {
      timeout: 30_000,
    })
    // The order is placed: the cart starts afresh.
    await expect(page.getByRole('link', { name: /Warenkorb: 1 Objekt/ })).toHaveCount(0)
  })
})
