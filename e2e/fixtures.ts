import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Locator, type Page, test as base } from '@playwright/test'
import { INITIAL_STAFF_PASSWORD_FILE } from '#server/modules/auth/initial-staff-password.ts'
import { SIGN_IN_PATH } from '#shared/contracts/auth.contract.ts'

const require = createRequire(import.meta.url)
// Evaluated through the DevTools protocol: the shop's CSP (script-src 'self') rightly blocks inline script tags.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** Runs axe-core in the page and fails on serious or critical violations (minor ones are reported only). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe
    const result = await axe.run(document)
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }))
  })
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
}

/**
 * Waits until the SPA took a prerendered page over (decision 0109): it removes the embedded answers then. The SPA
 * starts on the visitor's first sign of use (decision 0128), so this moves the mouse as a visitor would. The fixture's
 * page does this after each navigation; a page of another context must call it itself.
 */
export async function waitForTakeOver(page: Page): Promise<void> {
  const data = page.locator('#prerender-data')
  if ((await data.count()) === 0) return
  // Two positions: a move to where the mouse already is may not be reported to the page.
  await page.mouse.move(3, 3)
  await page.mouse.move(5, 5)
  await data.waitFor({ state: 'detached', timeout: 60_000 })
}

/** Fails the test on any console error or uncaught page error: a shopper would see a broken page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      // A prerendered page (decision 0109) is the server's markup until the SPA takes it over: its buttons do nothing
      // and its file input is replaced. A shopper cannot act on it before (the buttons need the script); a test can,
      // so navigations wait for the take-over, which removes the embedded answers (#prerender-data).
      const takenOver = () => waitForTakeOver(page)
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        if (options?.waitUntil !== 'commit') await takenOver()
        return response
      }
      page.reload = async (options) => {
        const response = await reload(options)
        if (options?.waitUntil !== 'commit') await takenOver()
        return response
      }
    }
    await provide(page)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (msg) => {
        // Failed responses are reported below with their URL, which the console text lacks.
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
          errors.push(msg.text())
      })
      page.on('response', (response) => {
        if (response.status() >= 400)
          errors.push(`${response.status()} ${response.request().method()} ${response.url()}`)
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

/** Takes the expected failed responses out of the fixture's console-error list (each must have happened). */
export function expectAndAllowErrors(consoleErrors: string[], expected: readonly RegExp[]) {
  for (const pattern of expected) {
    expect(consoleErrors, `expected an error matching ${pattern}`).toContainEqual(
      expect.stringMatching(pattern),
    )
  }
  const rest = consoleErrors.filter((error) => !expected.some((pattern) => pattern.test(error)))
  consoleErrors.splice(0, consoleErrors.length, ...rest)
}

/** A cookie choice stored before the page loads, so the consent dialog does not cover the page. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() =>
    localStorage.setItem(
      'cookies',
      JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
    ),
  )
}

/** The passwords handed over at the first start (DATA_DIR/initial-staff-password.txt): staff, then the demo customer. */
export function initialPasswords(): { staff: string; customer: string } {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts')
  const text = readFileSync(join(dataDir, INITIAL_STAFF_PASSWORD_FILE), 'utf8')
  const [staff, customer] = [...text.matchAll(/password: (\S+)/g)].map((match) => match[1])
  if (staff === undefined || customer === undefined)
    throw new Error(`no passwords in ${INITIAL_STAFF_PASSWORD_FILE}`)
  return { staff, customer }
}

/** Signs in on the login page and waits until it leaves /login. */
export async function logInOnPage(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Benutzername oder E-Mail-Adresse', exact: true }).fill(username)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password)
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 })
}

/** Signs in through the API; the session cookie lands in the request context (a page's `request` shares it). */
export async function signInByApi(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<void> {
  const response = await request.post(SIGN_IN_PATH, { data: { username, password } })
  expect(response.ok(), `sign-in ${username}: ${response.status()} ${await response.text()}`).toBe(true)
}

/**
 * Fails when the page scrolls sideways (a phone user would have to pan to reach the page's edge) or when one of
 * `controls` sticks out of the viewport's width (a button half off screen).
 */
export async function expectFitsTheWidth(page: Page, controls: Locator[] = []): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'the page scrolls sideways by').toBeLessThanOrEqual(0)
  const width = page.viewportSize()?.width ?? Number.POSITIVE_INFINITY
  for (const control of controls) {
    const box = await control.boundingBox()
    expect(box, `${control.toString()} is rendered`).not.toBeNull()
    if (box)
      expect(box.x >= 0 && box.x + box.width <= width, `${control.toString()} fits the width`).toBe(true)
  }
}

export { expect }
