import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STAFF_USERNAME } from '#server/db/seed.ts'
import { INITIAL_STAFF_PASSWORD_FILE } from '#server/modules/auth/initial-staff-password.ts'
import { acceptCookies, expect, expectNoSeriousA11yViolations, test, waitForTakeOver } from '../fixtures.ts'

/**
 * Issue 17, decision 0114: staff evaluate a sheet draft against a real uploaded object picked from a list (its
 * measures fill the test parameters, still editable by hand), and the replay says where its prices came from.
 */

const SLOW = { timeout: 30_000 }
const FILE_NAME = 'a4-picker-quader'

/** A 20 × 10 × 5 mm box as ASCII STL: small, exact, and named so the search finds only it. */
function boxStl(): string {
  const [x, y, z] = [20, 10, 5]
  const v = [
    [0, 0, 0],
    [x, 0, 0],
    [x, y, 0],
    [0, y, 0],
    [0, 0, z],
    [x, 0, z],
    [x, y, z],
    [0, y, z],
  ]
  const faces = [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [1, 2, 6],
    [1, 6, 5],
    [2, 3, 7],
    [2, 7, 6],
    [3, 0, 4],
    [3, 4, 7],
  ]
  const facets = faces.map(
    (face) =>
      `facet normal 0 0 0\nouter loop\n${face.map((i) => `vertex ${v[i]!.join(' ')}`).join('\n')}\nendloop\nendfacet`,
  )
  return `solid box\n${facets.join('\n')}\nendsolid box\n`
}

function staffPassword(): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts')
  const text = readFileSync(join(dataDir, INITIAL_STAFF_PASSWORD_FILE), 'utf8')
  const found = /password: (\S+)/.exec(text)?.[1]
  if (found === undefined) throw new Error(`no password in ${INITIAL_STAFF_PASSWORD_FILE}`)
  return found
}

test('staff pick an uploaded object for the test parameters, edit them by hand, and replay the draft', async ({
  page,
  browser,
}) => {
  // An analysis and a sheet evaluation on a loaded 2-core machine take their time.
  test.setTimeout(180_000)
  // A shopper uploads the box (its analysis makes it pickable).
  const file = join(mkdtempSync(join(tmpdir(), 'a4-picker-')), `${FILE_NAME}.stl`)
  writeFileSync(file, boxStl())
  const shop = await (await browser.newContext()).newPage()
  await acceptCookies(shop)
  await shop.goto('/')
  await waitForTakeOver(shop)
  await shop.locator('input[data-upload-input]').setInputFiles(file)
  await expect(shop.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
    timeout: 60_000,
  })

  await acceptCookies(page)
  await page.goto('/login')
  await page
    .getByRole('textbox', { name: 'Benutzername oder E-Mail-Adresse', exact: true })
    .fill(STAFF_USERNAME)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(staffPassword())
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).not.toHaveURL(/\/login/, SLOW)
  await page.goto('/staff')
  await page.getByRole('link', { name: 'PLA (FDM)' }).click()
  await expect(page.getByRole('textbox', { name: 'Formel von unit_net_price_eur' })).toBeVisible(SLOW)

  await page.getByRole('button', { name: 'Hochgeladenes Objekt wählen' }).click()
  await page.getByRole('searchbox', { name: 'Dateiname enthält' }).fill('picker-QUADER')
  // A retry uploads the box again: any of its uploads will do.
  const pick = page.getByRole('button', { name: `Wählen ${FILE_NAME}` }).first()
  await expect(pick).toBeVisible(SLOW)
  await expect(page.getByText('20 × 10 × 5 mm, Volumen 1 cm³, 12 Dreiecke').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await pick.click()

  // Its measures are the test parameters now, and the draft is priced with them.
  await expect(page.getByTestId('picked-object')).toContainText(FILE_NAME)
  const x = page.getByRole('spinbutton', { name: 'Abmessung X (mm)' })
  await expect(x).toHaveValue('20', SLOW)
  await expect(page.getByRole('spinbutton', { name: 'Inneres Volumen (mm³)' })).toHaveValue('1000')
  await expect(page.getByText(/^Stückpreis netto/)).toBeVisible(SLOW)

  // A hand edit keeps the other measures and detaches the object.
  await x.fill('40')
  await expect(page.getByTestId('picked-object')).toHaveCount(0)
  await expect(page.getByRole('spinbutton', { name: 'Abmessung Y (mm)' })).toHaveValue('10')
  await expect(page.getByText(/^Stückpreis netto/)).toBeVisible(SLOW)

  await page.getByRole('button', { name: 'Wirkung auf die letzten Preise prüfen' }).click()
  const sources = page.getByTestId('replay-sources')
  await expect(sources).toContainText('Aus offenen Warenkörben', SLOW)
  await expect(sources).toContainText('Aus Bestellungen')
})
