import { type Page } from '@playwright/test'
import { CART_ID_STORAGE_KEY, CartSchema } from '#shared/contracts/cart.contract.ts'
import { cartItems } from '#client/testing/shop-fixtures.ts'
import { expect, test } from '../fixtures.ts'

// Issue 14 item 4: no horizontal scroll and a usable header from 320 px up, with an item in the cart (whose link
// used to cover the burger button at 320 px).
const WIDTHS = [320, 360, 375, 768, 1024, 1440] as const
/** Below this width the navigation and tools live in the burger menu (site-header.css). */
const BURGER_BELOW = 1024
const CART_ID = 'AAAAAAAAAAAAAAAAAAAAAw'

const ID_KEY = /^(_id|id|\w+Id)$/
const VALID_ID = /^[A-Za-z0-9_-]{22}$/

/**
 * The story fixtures use readable ids ('item-1', 'pm-1'), which the client's cart schema rejects, so the page would
 * show no cart. Each such id becomes a valid one, the same fixture id always the same (model._id stays objectId).
 */
function withValidIds(value: unknown, ids = new Map<string, string>(), key = ''): unknown {
  if (typeof value === 'string' && ID_KEY.test(key) && !VALID_ID.test(value)) {
    const known = ids.get(value) ?? `${'A'.repeat(20)}${String(ids.size).padStart(2, '0')}`
    ids.set(value, known)
    return known
  }
  if (Array.isArray(value)) return value.map((entry) => withValidIds(entry, ids, key))
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([name, entry]) => [name, withValidIds(entry, ids, name)]),
    )
  return value
}

/** A cart the client accepts (checked here, so a fixture change fails loudly rather than hiding the cart link). */
const ONE_ITEM_CART = CartSchema.parse({ _id: CART_ID, items: withValidIds(cartItems(1)) })

async function withOneCartItem(page: Page): Promise<void> {
  await page.addInitScript(
    ([key, id]) => {
      localStorage.setItem(
        'cookies',
        JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
      )
      // The cart actor stores its id as JSON (writeStoredJson), so a bare id would be discarded.
      localStorage.setItem(key, JSON.stringify(id))
    },
    [CART_ID_STORAGE_KEY, CART_ID] as const,
  )
  await page.route(`**/api/checkout/cart/${CART_ID}`, (route) => route.fulfill({ json: ONE_ITEM_CART }))
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
    // The invisible radio lies over its text (site-header.css), so the radio itself is what a tap hits.
    await header.getByRole('radio', { name: 'Geschäftskunde' }).check()
    await expect(header.getByRole('radio', { name: 'Geschäftskunde' })).toBeChecked()
    await header.getByRole('link', { name: 'English' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expectNoHorizontalScroll(page)
  })
}
