import { type Page } from '@playwright/test'
import { CART_ID_STORAGE_KEY } from '#shared/contracts/cart.contract.ts'
import { cartItems } from '#client/testing/shop-fixtures.ts'
import { expect, test } from '../fixtures.ts'

// Issue 14 item 4: no horizontal scroll and a usable header from 320 px up, with an item in the cart (whose link
// used to cover the burger button at 320 px).
const WIDTHS = [320, 360, 375, 768, 1024, 1440] as const
/** Below this width the navigation and tools live in the burger menu (site-header.css). */
const BURGER_BELOW = 1024
const CART_ID = 'AAAAAAAAAAAAAAAAAAAAAw'

async function withOneCartItem(page: Page): Promise<void> {
  await page.addInitScript(
    ([key, id]) => {
      localStorage.setItem(
        'cookies',
        JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
      )
      localStorage.setItem(key, id)
    },
    [CART_ID_STORAGE_KEY, CART_ID] as const,
  )
  await page.route(`**/api/checkout/cart/${CART_ID}`, (route) =>
    route.fulfill({ json: { _id: CART_ID, items: cartItems(1) } }),
  )
}

/** The page is no wider than the window. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }))
  expect(widths.scroll, `scrollWidth ${widths.scroll} > innerWidth ${widths.inner}`).toBeLessThanOrEqual(
    widths.inner,
  )
}

for (const width of WIDTHS) {
  test(`header at ${width} px: no horizontal scroll, menu, language and customer type reachable`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    await withOneCartItem(page)
    for (const path of ['/', '/cart']) {
      await page.goto(path)
      await expect(page.getByRole('link', { name: 'Warenkorb: 1 Objekt' })).toBeVisible()
      await expectNoHorizontalScroll(page)
    }

    const header = page.getByRole('banner')
    if (width < BURGER_BELOW) {
      // A plain click fails when another element (the cart link) lies on top of the button.
      await header.getByRole('button', { name: 'Menü öffnen' }).click()
      await expect(header.getByRole('button', { name: 'Menü schließen' })).toBeVisible()
      await expectNoHorizontalScroll(page)
    }
    await header.getByText('Geschäftskunde', { exact: true }).click()
    await expect(header.getByRole('radio', { name: 'Geschäftskunde' })).toBeChecked()
    await header.getByRole('link', { name: 'English' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expectNoHorizontalScroll(page)
  })
}
