import { join, resolve } from 'node:path'
import { type Locator, type Page } from '@playwright/test'
import { acceptCookies, expect, expectNoSeriousA11yViolations, test } from '../fixtures.ts'

// Issue 14, item 10 on phones: a short price summary (total, production time, printability) stays in view on
// steps 1 and 2, over the 3D view and the print-mode cards alike, brings the full summary into view when pressed,
// and neither widens the page nor covers the steps or the step's buttons (decision 0110).
const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')
const PHONE_WIDTHS = [320, 360, 375] as const
const HEIGHT = 640

async function configureCube(page: Page): Promise<void> {
  await page.goto('/')
  await page.locator('input[data-upload-input]').first().setInputFiles(binaryCube)
  await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
    // The analysis, on a machine shared with other work.
    timeout: 120_000,
  })
  // Step 0 (name and unit) has no price yet, so no bar either.
  await expect(page.locator('.price-summary-bar')).toHaveCount(0)
  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Material und Druckverfahren' })).toBeVisible()
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    // What sticks out, named in the failure message.
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map(
        (element) => `${element.tagName.toLowerCase()}.${element.className.toString().split(' ').join('.')}`,
      ),
  }))
  expect(
    widths.scroll,
    `scrollWidth ${widths.scroll} > innerWidth ${widths.inner}: ${widths.wide.join(', ')}`,
  ).toBeLessThanOrEqual(widths.inner)
}

/** The element fully inside the window (not just touching it). */
async function expectWhollyInView(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('no box: the element is not shown')
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT + 0.5)
}

/**
 * Scrolls the button in from below until its bottom edge is at the end of the window (as far as the page lets it,
 * the way the browser brings a focused element into view) and checks that a tap at its centre reaches it.
 */
async function expectNotCovered(page: Page, button: Locator): Promise<void> {
  const hit = await button.evaluate((element) => {
    window.scrollTo(0, 0)
    element.scrollIntoView({ block: 'end' })
    const rect = element.getBoundingClientRect()
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    return top !== null && element.contains(top)
  })
  expect(hit, 'something lies on top of the button').toBe(true)
}

test.describe('configure on phones: the short price summary', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page))
  // An upload, an analysis and two steps on a machine shared with other work: more than the default minute.
  test.setTimeout(180_000)

  for (const width of PHONE_WIDTHS) {
    test(`at ${width} px it stays in view, opens the full summary and covers nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height: HEIGHT })
      await configureCube(page)
      const bar = page.locator('.price-summary-bar').getByRole('button')
      await expect(bar).toContainText('Noch kein Druckverfahren gewählt')
      await expectWhollyInView(page, bar)
      await expectNoHorizontalScroll(page)

      // Choosing a card: the bar at the window's bottom shows the total, the time and the verdict.
      await page.getByRole('radio', { name: /PA12 \(SLS\)/ }).click()
      await expect(bar).toContainText('€', { timeout: 20_000 })
      await expect(bar).toContainText(/\d+ Werktage?/)
      await expect(bar).toContainText(/Druckbar|kann verbessert werden/)
      await expectWhollyInView(page, bar)
      await expectNoHorizontalScroll(page)

      // Scrolled back to the 3D view, it is still there; the steps at the top are never under it.
      await page.evaluate(() => window.scrollTo(0, 0))
      const steps = page.getByRole('list', { name: /Schritt 2 von 3/ })
      const [stepsBox, barBox] = [await steps.boundingBox(), await bar.boundingBox()]
      if (!stepsBox || !barBox) throw new Error('the steps or the bar are not shown')
      expect(barBox.y).toBeGreaterThanOrEqual(stepsBox.y + stepsBox.height)
      await expectWhollyInView(page, bar)

      // Pressing it brings the full summary into view and moves the focus there.
      await page.getByRole('radio', { name: /PA12 \(SLS\)/ }).scrollIntoViewIfNeeded()
      await bar.click()
      const summary = page.locator('.order-summary')
      await expect(summary).toBeFocused()
      await expect(page.getByText(/^Gesamtpreis \(1 Stück\)$/)).toBeInViewport()
      await expect(page.getByText(/^Gesamtpreis \(1 Stück\)$/).locator('..')).toContainText(
        (await bar.textContent())?.match(/[\d.,]+\s?€/)?.[0] ?? '€',
      )

      await expectNotCovered(page, page.getByRole('button', { name: 'Oberfläche wählen' }))
      await expectNoSeriousA11yViolations(page)

      // Step 2 has the bar too, and the add button stays free.
      await page.getByRole('button', { name: 'Oberfläche wählen' }).click()
      await expect(page.getByRole('heading', { level: 2, name: 'Oberfläche und Farbe' })).toBeFocused()
      await expect(bar).toContainText('€', { timeout: 20_000 })
      await expectWhollyInView(page, bar)
      await expectNoHorizontalScroll(page)
      await expectNotCovered(page, page.getByRole('button', { name: 'In den Warenkorb' }))
      await expectNotCovered(page, page.getByRole('button', { name: 'Zurück' }))
    })
  }

  test('on a wide screen the full summary stays in view by itself, without the bar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await configureCube(page)
    await page.getByRole('radio', { name: /PA12 \(SLS\)/ }).click()
    await expect(page.getByText(/^Gesamtpreis \(1 Stück\)$/).locator('..')).toContainText('€', {
      timeout: 20_000,
    })
    await expect(page.locator('.price-summary-bar')).toHaveCount(0)
  })
})
