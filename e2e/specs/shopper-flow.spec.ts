import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type Page } from '@playwright/test'
import {
  acceptCookies,
  expect,
  expectAndAllowErrors,
  expectNoSeriousA11yViolations,
  test,
} from '../fixtures.ts'

// Public test files, used in place (never copied into the project).
const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')
const asciiPart = join(corpus, 'stl/threejs__stl_ascii_slotted_disk.stl')

async function uploadFile(page: Page, path: string): Promise<void> {
  await page.locator('input[data-upload-input]').setInputFiles(path)
}

test.describe('shopper flow: upload → analyse → configure → price → cart', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page))

  test('a binary STL goes through the analysis, the configuration and into the cart, and survives a reload', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/')
    await uploadFile(page, binaryCube)
    await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
      timeout: 60_000,
    })
    await expectNoSeriousA11yViolations(page)

    // Step 0: name and unit, then on to the materials.
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Material und Druckverfahren' })).toBeVisible()
    const mode = page.getByRole('radio', { name: /PA12 \(SLS\)/ })
    await expect(mode).toBeEnabled()
    await mode.click()
    await expect(mode).toBeChecked()
    const linePrice = page.getByText('Gesamtpreis (1 Stück)').locator('..')
    await expect(linePrice).toContainText('€', { timeout: 20_000 })
    const priceForOne = await linePrice.innerText()

    // A larger scale must change the price the server computes.
    const scale = page.getByRole('spinbutton', { name: /Skalierung/ }).first()
    await scale.fill('2')
    await scale.blur()
    await expect(linePrice).not.toHaveText(priceForOne, { timeout: 20_000 })
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: 'Oberfläche wählen' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Oberfläche und Farbe' })).toBeVisible()
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
    await expect(page.getByRole('link', { name: 'Warenkorb: 1 Objekt' })).toBeVisible({ timeout: 20_000 })

    // The cart is restored from the server after a reload.
    await page.goto('/cart')
    await page.reload()
    const remove = page.getByRole('button', { name: /^Entfernen: / })
    await expect(remove).toBeVisible({ timeout: 20_000 })
    await expectNoSeriousA11yViolations(page)

    const quantity = page.getByRole('spinbutton', { name: 'Menge' }).first()
    await quantity.fill('3')
    await quantity.blur()
    await expect(quantity).toHaveValue('3')

    // A drawing beside the model downloads under its own name (fetched first, decision 0142).
    await page.getByRole('button', { name: 'Hinweis akzeptieren' }).click()
    const drawing = join(mkdtempSync(join(tmpdir(), 'schichtwerk-e2e-drawing-')), 'zeichnung.pdf')
    writeFileSync(drawing, '%PDF-1.4\n%%EOF\n')
    await page.getByLabel('Anhang wählen').setInputFiles(drawing)
    const drawingLink = page.getByRole('link', { name: 'zeichnung.pdf' })
    await expect(drawingLink).toBeVisible({ timeout: 20_000 })
    const [saved] = await Promise.all([page.waitForEvent('download'), drawingLink.click()])
    expect(saved.suggestedFilename()).toBe('zeichnung.pdf')
    expect(readFileSync(await saved.path()).toString()).toBe('%PDF-1.4\n%%EOF\n')

    // The item is removed in a second tab; this tab's link is stale and says so in German, not in the API's JSON.
    const otherTab = await page.context().newPage()
    await otherTab.goto('/cart')
    await otherTab.getByRole('button', { name: /^Entfernen: / }).click()
    await expect(otherTab.getByText('Ihr Warenkorb ist leer.')).toBeVisible({ timeout: 20_000 })
    await drawingLink.click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Die Datei konnte nicht heruntergeladen werden.' }),
    ).toContainText('Das Gesuchte wurde nicht gefunden.')
    await expect(page).toHaveURL(/\/cart$/)
    expectAndAllowErrors(consoleErrors, [/^404 GET .*\/attachments\/.*\/zeichnung\.pdf$/])
    await page.reload()
    await expect(page.getByText('Ihr Warenkorb ist leer.')).toBeVisible({ timeout: 20_000 })
  })

  test('an ASCII STL is analysed and configurable', async ({ page }) => {
    await page.goto('/')
    await uploadFile(page, asciiPart)
    await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
      timeout: 60_000,
    })
  })

  test('the demo object opens the configuration', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Demo-Objekt ausprobieren' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
      timeout: 60_000,
    })
  })

  test('a wrong extension and a too-large file are refused before uploading', async ({ page }) => {
    await page.goto('/')
    const dir = mkdtempSync(join(tmpdir(), 'schichtwerk-e2e-files-'))
    const pdf = join(dir, 'zeichnung.pdf')
    execFileSync('bash', ['-c', `printf '%%PDF-1.4' > '${pdf}'`])
    await uploadFile(page, pdf)
    await expect(page.getByText(/stl/i).filter({ hasText: /3mf/i }).first()).toBeVisible()

    // A sparse file one byte over the limit: the browser never reads it, the client-side check refuses it.
    const big = join(dir, 'riesig.stl')
    execFileSync('truncate', ['-s', '100000001', big])
    await uploadFile(page, big)
    await expect(page.getByText(/100 MB/).first()).toBeVisible()
  })
})
