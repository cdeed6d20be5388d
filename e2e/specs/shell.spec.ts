import { expect, expectNoSeriousA11yViolations, test } from '../fixtures.ts'

// The shop shell a first-time visitor sees: German home, language switch, cookie consent.
test.describe('shell', () => {
  test('home is German and accessible; the cookie dialog opens on first visit', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    const dialog = page.getByRole('dialog', { name: /cookie/i })
    await expect(dialog).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('accept all survives a reload and #cookie-consent reopens the dialog', async ({ page }) => {
    await page.goto('/')
    const dialog = page.getByRole('dialog', { name: /cookie/i })
    await dialog.getByRole('button', { name: 'Alle akzeptieren' }).click()
    await expect(dialog).toBeHidden()
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cookies') ?? 'null') as unknown)
    expect(stored).toEqual({ essentialCookies: true, statisticCookies: true, marketingCookies: true })

    await page.reload()
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.getByRole('dialog', { name: /cookie/i })).toBeHidden()

    await page.goto('/#cookie-consent')
    const reopened = page.getByRole('dialog', { name: /cookie/i })
    await expect(reopened).toBeVisible()
    await expect(reopened.getByRole('checkbox', { name: /statistik/i })).toBeChecked()
  })

  test('the language switch keeps the page: German → English → French', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'cookies',
        JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
      ),
    )
    await page.goto('/kontakt')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')

    await page.getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(/\/en\/kontakt$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('link', { name: 'Français' }).click()
    await expect(page).toHaveURL(/\/fr\/kontakt$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('link', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(/\/kontakt$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('English and French homes are served under their prefixes', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'cookies',
        JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
      ),
    )
    for (const [path, lang] of [
      ['/en/', 'en'],
      ['/fr/', 'fr'],
    ] as const) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.getByRole('main')).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
  })

  test('@mobile the burger menu opens the navigation', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'cookies',
        JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
      ),
    )
    await page.goto('/')
    const burger = page.getByRole('button', { name: /menü/i })
    await expect(burger).toBeVisible()
    await burger.click()
    await expect(page.getByRole('navigation', { name: /haupt/i })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('the API answers seeded print modes and a JSON 404 for unknown API paths', async ({ request }) => {
    const modes = await request.get('/api/print-modes')
    expect(modes.status()).toBe(200)
    const body = (await modes.json()) as { printModes: unknown[] }
    expect(body.printModes.length).toBeGreaterThanOrEqual(6)
    const missing = await request.get('/api/does-not-exist')
    expect(missing.status()).toBe(404)
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('route_not_found')
  })
})
