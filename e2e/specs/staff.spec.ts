import { join, resolve } from 'node:path'
import { type Page } from '@playwright/test'
import { STAFF_AUDIT_LOG_PATH } from '#shared/contracts/staff-audit.contract.ts'
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
 * Issue 17 end to end: staff edit a price sheet in the workspace (an error shown at its cell, then fixed), publish,
 * and the shop's price for an uploaded object changes; a customer meets the not-available page and 403 from the
 * staff API.
 */

const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')
const SLOW = { timeout: 30_000 }

/** The shop's price of the uploaded cube in PLA (FDM), as the configure view shows it. */
async function shopPrice(page: Page): Promise<string> {
  const other = page.getByRole('radio', { name: /PA12 \(SLS\)/ })
  const pla = page.getByRole('radio', { name: /PLA \(FDM\)/ })
  // Choosing another mode and back asks the server again.
  await other.click()
  await pla.click()
  await expect(pla).toBeChecked()
  const linePrice = page.getByText('Gesamtpreis (1 Stück)').locator('..')
  await expect(linePrice).toContainText('€', SLOW)
  return linePrice.innerText()
}

test('staff fix a formula error at its cell, publish, and the shop price of an upload changes', async ({
  page,
  browser,
}) => {
  // The shopper's side: an uploaded cube configured in PLA (FDM).
  const shop = await (await browser.newContext()).newPage()
  await acceptCookies(shop)
  await shop.goto('/')
  await waitForTakeOver(shop)
  await shop.locator('input[data-upload-input]').setInputFiles(binaryCube)
  await expect(shop.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
    timeout: 60_000,
  })
  await shop.getByRole('button', { name: 'Weiter' }).click()
  const before = await shopPrice(shop)

  // The staff side: the workspace, the PLA sheet.
  await acceptCookies(page)
  await logInOnPage(page, STAFF_USERNAME, initialPasswords().staff)
  await page.goto('/staff')
  await page.getByRole('link', { name: 'PLA (FDM)' }).click()
  const formula = page.getByRole('textbox', { name: 'Formel von unit_net_price_eur' })
  await expect(formula).toBeVisible(SLOW)
  const original = await formula.inputValue()
  await expectNoSeriousA11yViolations(page)

  await formula.fill(`${original} + nicht_vorhanden`)
  await expect(page.locator('[data-cell="unit_net_price_eur"]')).toHaveText(
    'Unbekannter Name in der Formel',
    SLOW,
  )
  await expect(page.getByRole('button', { name: 'Veröffentlichen' })).toBeDisabled()

  await formula.fill(`=(${original.replace(/^=/, '')}) * 2`)
  await expect(page.locator('[data-cell="unit_net_price_eur"]')).toHaveCount(0, SLOW)
  const publish = page.getByRole('button', { name: 'Veröffentlichen' })
  await expect(publish).toBeEnabled(SLOW)
  const version = await page.getByText(/^Veröffentlichte Version: /).innerText()
  await publish.click()
  await expect(page.getByText(/^Veröffentlichte Version: /)).not.toHaveText(version, SLOW)

  await expect.poll(() => shopPrice(shop), SLOW).not.toBe(before)
})

test('a customer gets the not-available page for the workspace and 403 from the staff API', async ({
  page,
}) => {
  await acceptCookies(page)
  await logInOnPage(page, DEMO_CUSTOMER.username, initialPasswords().customer)
  await page.goto('/staff')
  await expect(page).toHaveURL(/\/not-available\?status=403/, SLOW)
  const answer = await page.request.get(STAFF_AUDIT_LOG_PATH)
  expect(answer.status()).toBe(403)
})

test('a visitor is sent to the login page', async ({ page }) => {
  await acceptCookies(page)
  await page.goto('/staff/audit-log')
  await expect(page).toHaveURL(/\/login\?returnTo=/, SLOW)
})
