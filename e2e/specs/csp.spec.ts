import { join, resolve } from 'node:path'
import { type Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'

/**
 * The CSP allows no inline style (decision 0074): a `<style>` element or a `style="…"` attribute anywhere in the SPA
 * (its HTML, a library, a CMS body, an SVG string) would be blocked and raise a violation. This walks the pages a
 * shopper sees, the 3D viewer included, and fails on any violation the browser reports.
 */

const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')

interface Violation {
  directive: string
  blockedURI: string
  sample: string
}

/** Records every `securitypolicyviolation` the document raises, from before the first script runs. */
async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: { directive: string; blockedURI: string; sample: string }[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blockedURI: event.blockedURI, sample: event.sample }),
    )
  })
  return () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations)
}

test.describe('content security policy', () => {
  test.beforeEach(async ({ page }) =>
    page.addInitScript(() =>
      localStorage.setItem(
        'cookies',
        JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
      ),
    ),
  )

  test('the page is served with a CSP that allows no inline style or script', async ({ page }) => {
    const response = await page.goto('/')
    const csp = (await response!.allHeaders())['content-security-policy'] ?? ''
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
  })

  test('home, upload → configure with the 3D viewer, cart and a CMS page raise no CSP violation', async ({
    page,
  }) => {
    const violations = await recordViolations(page)
    await page.goto('/')
    await expect(page.locator('input[data-upload-input]')).toBeAttached()
    expect(await violations()).toEqual([])

    await page.locator('input[data-upload-input]').setInputFiles(binaryCube)
    await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
      timeout: 60_000,
    })
    // The viewer draws into its canvas once the model is loaded.
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Material und Druckverfahren' })).toBeVisible()
    expect(await violations()).toEqual([])

    await page.goto('/cart')
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    expect(await violations()).toEqual([])

    await page.goto('/kontakt')
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    expect(await violations()).toEqual([])
  })
})
