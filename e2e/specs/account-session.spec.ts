import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Page, type Route } from '@playwright/test'
import { USER_DETAILS_PATH } from '#shared/contracts/account.contract.ts'
import { REFRESH_PATH } from '#shared/contracts/auth.contract.ts'
import { DEMO_CUSTOMER } from '#server/db/seed.ts'
import { INITIAL_STAFF_PASSWORD_FILE } from '#server/modules/auth/initial-staff-password.ts'
import { acceptCookies, expect, test } from '../fixtures.ts'

/**
 * Issue 15 end to end, the session rule (spec part 2 §4, decision 0088): an API call answered 401 or 403 refreshes
 * the session once and retries, unseen by the shopper; when the refresh is refused too, the shopper lands on /login
 * with the page as return target and comes back to it after logging in. The server's session is real (the seeded
 * customer logs in); only the answers that simulate an expired or dead session are forged with `page.route`.
 */

const PAGE_TIMEOUT = { timeout: 15_000 }

/**
 * The demo customer's password: generated at the first start and written, with the staff password, to a file in
 * DATA_DIR (the e2e server's stdout is no terminal), after the line naming the demo customer.
 */
function demoCustomerPassword(): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts')
  const text = readFileSync(join(dataDir, INITIAL_STAFF_PASSWORD_FILE), 'utf8')
  const found = /Demo customer[^\n]*\n[^\n]*\n\s*password: (\S+)/.exec(text)
  if (found?.[1] === undefined) throw new Error(`no demo customer password in ${INITIAL_STAFF_PASSWORD_FILE}`)
  return found[1]
}

async function logInAsCustomer(page: Page): Promise<void> {
  await page
    .getByRole('textbox', { name: 'Benutzername oder E-Mail-Adresse', exact: true })
    .fill(DEMO_CUSTOMER.username)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(demoCustomerPassword())
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click()
}

/** Answers like the server does when the session cookie is missing or no longer valid. */
function refuse(status: 401 | 403) {
  const code = status === 401 ? 'unauthorized' : 'forbidden'
  return (route: Route) =>
    route.fulfill({ status, json: { error: { code, status, message: 'Sign in first' } } })
}

/** Removes the failed responses this test forged (each must have happened) from the console check. */
function allowErrors(consoleErrors: string[], expected: readonly RegExp[]): void {
  for (const pattern of expected)
    expect(consoleErrors, `expected an error matching ${pattern}`).toContainEqual(
      expect.stringMatching(pattern),
    )
  const rest = consoleErrors.filter((error) => !expected.some((pattern) => pattern.test(error)))
  consoleErrors.splice(0, consoleErrors.length, ...rest)
}

const openCustomerData = (page: Page) =>
  page.getByRole('main').getByRole('link', { name: 'Kundendaten' }).click()

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await page.goto('/login')
  await logInAsCustomer(page)
  await expect(page).toHaveURL(/\/account$/, PAGE_TIMEOUT)
})

for (const status of [401, 403] as const) {
  test(`a session that expired mid-page (${status}) is refreshed and the call retried, unseen`, async ({
    page,
    consoleErrors,
  }) => {
    await page.route(`**${USER_DETAILS_PATH}`, refuse(status), { times: 1 })
    const refreshed = page.waitForResponse(
      (response) => response.url().endsWith(REFRESH_PATH) && response.status() === 201,
    )
    await openCustomerData(page)
    await refreshed
    await expect(page).toHaveURL(/\/profile-update$/)
    await expect(page.getByRole('definition').filter({ hasText: DEMO_CUSTOMER.email })).toBeVisible(
      PAGE_TIMEOUT,
    )
    await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    allowErrors(consoleErrors, [new RegExp(`^${status} GET \\S+${USER_DETAILS_PATH}$`)])
  })
}

test('a dead refresh sends the shopper to /login with the page as return target, and back after login', async ({
  page,
  consoleErrors,
}) => {
  await page.route(`**${USER_DETAILS_PATH}`, refuse(401))
  await page.route(`**${REFRESH_PATH}`, refuse(401))
  await openCustomerData(page)
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fprofile-update$/, PAGE_TIMEOUT)
  await page.unrouteAll()
  await logInAsCustomer(page)
  await expect(page).toHaveURL(/\/profile-update$/, PAGE_TIMEOUT)
  await expect(page.getByRole('definition').filter({ hasText: DEMO_CUSTOMER.email })).toBeVisible(
    PAGE_TIMEOUT,
  )
  allowErrors(consoleErrors, [
    new RegExp(`^401 GET \\S+${USER_DETAILS_PATH}$`),
    new RegExp(`^401 POST \\S+${REFRESH_PATH}$`),
  ])
})
