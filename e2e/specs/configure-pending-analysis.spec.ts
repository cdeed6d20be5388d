import { join, resolve } from 'node:path'
import { acceptCookies, expect, expectNoSeriousA11yViolations, test } from '../fixtures.ts'

// Public test files, used in place (never copied into the project).
const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')

/** The analysed file's answer (`GET /api/analytx/file/{id}`), not its 3MF, pictures or PATCH. */
const FILE_ANSWER = /\/api\/analytx\/file\/[^/]+$/

test.describe('configure on the measures (decision 0124 §2)', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page))

  // The cube is analysed in well under a second: the test plays a server whose wall thickness and pictures are still
  // being computed by answering the file as measured (`pending`) until it lets the analysis "complete".
  test('step 0 opens on the measures; the wall thickness is being calculated; next waits for it, then prices', async ({
    page,
  }) => {
    let complete = false
    let pendingReads = 0
    await page.route(FILE_ANSWER, async (route) => {
      if (route.request().method() !== 'GET' || complete) return route.fallback()
      pendingReads += 1
      const response = await route.fetch()
      await route.fulfill({
        response,
        json: { ...(await response.json()), frontPictures: {}, pending: true },
      })
    })

    await page.goto('/')
    await page.locator('input[data-upload-input]').setInputFiles(binaryCube)
    await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
      timeout: 60_000,
    })
    await page.getByRole('tab', { name: 'Wandstärke' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Wandstärke und Ansichten werden berechnet' }),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // Next waits for the complete analysis: no prices, no printability verdict before the wall thickness.
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('button', { name: 'Wird berechnet …' })).toBeDisabled()
    await expect(page.getByRole('heading', { level: 2, name: 'Material und Druckverfahren' })).toHaveCount(0)
    const readsWhileWaiting = pendingReads
    // The file is read again (about once a second) while it is pending.
    await expect.poll(() => pendingReads, { timeout: 10_000 }).toBeGreaterThan(readsWhileWaiting)

    complete = true
    await expect(page.getByRole('heading', { level: 2, name: 'Material und Druckverfahren' })).toBeVisible({
      timeout: 10_000,
    })
    const mode = page.getByRole('radio', { name: /PA12 \(SLS\)/ })
    await mode.click()
    await expect(page.getByText('Gesamtpreis (1 Stück)').locator('..')).toContainText('€', {
      timeout: 20_000,
    })
    // The complete file's wall-thickness picture, no longer pending.
    await page.getByRole('tab', { name: 'Wandstärke' }).click()
    await expect(page.getByText('Wandstärke und Ansichten werden berechnet')).toHaveCount(0)
  })
})
