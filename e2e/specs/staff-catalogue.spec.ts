import { join, resolve } from 'node:path'
import { type Page } from '@playwright/test'
import { DEMO_CUSTOMER, STAFF_USERNAME } from '#server/db/seed.ts'
import {
  acceptCookies,
  expect,
  expectNoSeriousA11yViolations,
  initialPasswords,
  logInOnPage,
  test,
  waitForTakeOver,
} from '../fixtures.ts'

/**
 * Issue 17, decision 0108: staff create a print mode and a colour with its thumbnail through the catalogue screens,
 * start the mode's first sheet version on screen as a copy of PLA's, edit it (an error at its cell, then fixed) and
 * publish it, and the shop offers the new mode with a price for an uploaded object; a customer meets the
 * not-available page on the catalogue screens.
 */

const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')
const SLOW = { timeout: 30_000 }
const MODE_NAME = 'E2E-Druckverfahren'

/** A 1×1 PNG: the upload sniffs the bytes, so it has to be a real picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

/** Fills the new print mode's form: every required field of the contract. */
async function fillPrintMode(page: Page): Promise<void> {
  const main = page.getByRole('main')
  await main.getByRole('combobox', { name: 'Material' }).selectOption({ label: 'PLA (Polylactid)' })
  await main.getByRole('combobox', { name: 'Verfahren' }).selectOption({ label: 'FDM – Schmelzschichtung' })
  const texts = ['Beschreibung', 'Oberflächenqualität', 'Anwendungen']
  for (const legend of texts)
    await main
      .getByRole('group', { name: legend })
      .getByRole('textbox', { name: 'Deutsch' })
      .fill(`${legend} E2E`)
  for (const axis of ['X', 'Y', 'Z'])
    await main.getByRole('textbox', { name: `Maximale Abmessung ${axis} (mm)` }).fill('250')
  await main.getByRole('textbox', { name: 'Kleinste Detailgröße (mm)' }).fill('0,8')
  await main.getByRole('textbox', { name: 'Auflösung XY (mm)' }).fill('0.4')
  await main.getByRole('textbox', { name: 'Auflösung Z (mm)' }).fill('0.2')
  const rankings = main.getByRole('group', { name: 'Bewertungen (1–5)' }).getByRole('textbox')
  for (let index = 0; index < (await rankings.count()); index += 1) await rankings.nth(index).fill('3')
  await main.getByRole('group', { name: 'White Labels' }).getByRole('checkbox', { name: 'Standard' }).check()
  await main
    .getByRole('group', { name: /^Oberflächen \(/ })
    .getByRole('checkbox')
    .first()
    .check()
}

test('staff create a print mode with a colour and its thumbnail, fix its sheet, publish, and the shop prices it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  await acceptCookies(page)
  await logInOnPage(page, STAFF_USERNAME, initialPasswords().staff)

  // The print mode: first saved without a name (refused at the field, nothing lost), then complete.
  await page.goto('/staff/catalogue/print-modes/new')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Neu: Druckverfahren' })).toBeVisible(SLOW)
  await fillPrintMode(page)
  await main.getByRole('button', { name: 'Anlegen' }).click()
  const name = main.getByRole('group', { name: 'Name' }).getByRole('textbox', { name: 'Deutsch' })
  await expect(name).toHaveAccessibleDescription('Bitte ausfüllen.')
  await expect(main.getByRole('textbox', { name: 'Auflösung Z (mm)' })).toHaveValue('0.2')
  await expectNoSeriousA11yViolations(page)
  await name.fill(MODE_NAME)
  await main.getByRole('button', { name: 'Anlegen' }).click()
  await expect(page).toHaveURL(/\/staff\/catalogue\/print-modes\/[A-Za-z0-9_-]{22}$/, SLOW)

  // Its colour, then the colour's thumbnail: a preview before the upload, the stored picture after it.
  await page.goto('/staff/catalogue/colors/new')
  await main.getByRole('combobox', { name: 'Druckverfahren' }).selectOption({ label: MODE_NAME })
  await main.getByRole('group', { name: 'Name' }).getByRole('textbox', { name: 'Deutsch' }).fill('E2E-Blau')
  await main.getByRole('textbox', { name: 'Hex-Code' }).fill('#1144AA')
  await main.getByRole('button', { name: 'Anlegen' }).click()
  await expect(main.getByRole('textbox', { name: 'Hex-Code' })).toHaveAccessibleDescription(
    /Hex-Code wie #cc0000/,
  )
  await main.getByRole('textbox', { name: 'Hex-Code' }).fill('#1144aa')
  await main
    .getByRole('group', { name: /^Oberflächen \(/ })
    .getByRole('checkbox')
    .first()
    .check()
  await main.getByRole('button', { name: 'Anlegen' }).click()
  await expect(page).toHaveURL(/\/staff\/catalogue\/colors\/[A-Za-z0-9_-]{22}$/, SLOW)
  await main
    .getByLabel(/^Bild wählen/)
    .setInputFiles({ name: 'blau.png', mimeType: 'image/png', buffer: PNG })
  await expect(main.getByRole('img', { name: 'Vorschau: blau.png' })).toBeVisible()
  await main.getByRole('button', { name: 'Hochladen' }).click()
  await expect(main.getByText('Hochgeladenes Bild')).toBeVisible(SLOW)
  await expect(main.getByTestId('stored-thumbnail')).toHaveAttribute('src', /colors\/uploads\//)
  await expectNoSeriousA11yViolations(page)

  // A new mode has no sheet yet: the sheet editor offers to start one (decision 0116), here as a copy of PLA's.
  await page.goto('/staff/catalogue/print-modes')
  await main.getByRole('link', { name: new RegExp(`^Preistabelle\\s*: ${MODE_NAME}$`) }).click()
  await expect(main.getByRole('heading', { level: 2, name: 'Noch keine Preistabelle' })).toBeVisible(SLOW)
  await expect(main.getByRole('button', { name: 'Leere Tabelle' })).toBeEnabled()
  await expectNoSeriousA11yViolations(page)
  await main.getByRole('button', { name: 'Kopie von PLA (FDM)' }).click()
  const formula = page.getByRole('textbox', { name: 'Formel von unit_net_price_eur' })
  await expect(formula).toBeVisible(SLOW)
  const original = await formula.inputValue()
  await formula.fill(`${original} + nicht_vorhanden`)
  await expect(page.locator('[data-cell="unit_net_price_eur"]')).toHaveText(
    'Unbekannter Name in der Formel',
    SLOW,
  )
  await formula.fill(`=(${original.replace(/^=/, '')}) * 3`)
  await expect(page.locator('[data-cell="unit_net_price_eur"]')).toHaveCount(0, SLOW)
  const publish = page.getByRole('button', { name: 'Veröffentlichen' })
  await expect(publish).toBeEnabled(SLOW)
  await expect(page.getByText('Noch keine veröffentlichte Version')).toBeVisible()
  await publish.click()
  await expect(page.getByText('Veröffentlichte Version: 1')).toBeVisible(SLOW)

  // The shop: an uploaded cube can be printed in the new mode, with a price.
  const shop = await (await browser.newContext()).newPage()
  await acceptCookies(shop)
  await shop.goto('/')
  await waitForTakeOver(shop)
  await shop.locator('input[data-upload-input]').setInputFiles(binaryCube)
  await expect(shop.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
    timeout: 60_000,
  })
  await shop.getByRole('button', { name: 'Weiter' }).click()
  const mode = shop.getByRole('radio', { name: new RegExp(MODE_NAME) })
  await mode.click()
  await expect(mode).toBeChecked()
  await expect(shop.getByText('Gesamtpreis (1 Stück)').locator('..')).toContainText('€', SLOW)
})

test('a customer meets the not-available page on the catalogue screens', async ({ page }) => {
  await acceptCookies(page)
  await logInOnPage(page, DEMO_CUSTOMER.username, initialPasswords().customer)
  await page.goto('/staff/catalogue/colors/new')
  await expect(page).toHaveURL(/\/not-available\?status=403/, SLOW)
  await page.goto('/staff/catalogue/print-modes')
  await expect(page).toHaveURL(/\/not-available\?status=403/, SLOW)
})
