import { join } from 'node:path'
import { type Locator, type Page } from '@playwright/test'
import { createOutbox, type OutboxMail } from '#server/modules/mail/outbox.ts'
import { acceptCookies, expect, expectNoSeriousA11yViolations, test } from '../fixtures.ts'

/**
 * Issue 15 end to end (Tests, Playwright bullet): the whole account life of one shopper, read from the outbox mails
 * (register with two addresses → opt-in link → log in → profile → e-mail change by link → password change → reset
 * by link → log in with the new password), with axe on every account screen on the way; the 409 and wrong-password
 * messages. Each test uses its own username and e-mail addresses: the server keeps one DATA_DIR for every spec and
 * throttles mail requests per address (3 free) and every account route per IP (10 a minute).
 */

/** Unique per run and test, so a rerun on a kept DATA_DIR never meets its own earlier accounts. */
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`

function outbox() {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts')
  return createOutbox(join(dataDir, 'outbox'))
}

/** The only mail to `address` whose subject contains `subject`, once it has arrived. */
async function mailTo(address: string, subject: string): Promise<OutboxMail> {
  const box = outbox()
  const matching = () =>
    box.list().filter((mail) => mail.to.includes(address) && mail.subject.includes(subject))
  await expect.poll(() => matching().length, { message: `mail "${subject}" to ${address}` }).toBe(1)
  const [mail] = matching()
  if (mail === undefined) throw new Error(`mail to ${address} vanished`)
  return mail
}

/** Path and query of the one link in a mail: the mail's host is the shop's public URL, the test's may differ. */
function linkOf(mail: OutboxMail): string {
  const found = /https?:\/\/\S+/.exec(mail.text)
  if (found === null) throw new Error(`no link in mail "${mail.subject}"`)
  const url = new URL(found[0])
  return `${url.pathname}${url.search}`
}

/** Takes the expected failed responses out of the console check (each must have happened). */
function allowErrors(consoleErrors: string[], expected: readonly RegExp[]): void {
  for (const pattern of expected)
    expect(consoleErrors, `expected an error matching ${pattern}`).toContainEqual(
      expect.stringMatching(pattern),
    )
  const rest = consoleErrors.filter((error) => !expected.some((pattern) => pattern.test(error)))
  consoleErrors.splice(0, consoleErrors.length, ...rest)
}

interface Address {
  firstname: string
  lastname: string
  street: string
  postalCode: string
  city: string
}

async function fillAddress(group: Locator, address: Address): Promise<void> {
  await group.getByRole('textbox', { name: 'Vorname', exact: true }).fill(address.firstname)
  await group.getByRole('textbox', { name: 'Nachname', exact: true }).fill(address.lastname)
  await group.getByRole('textbox', { name: 'Straße und Hausnummer', exact: true }).fill(address.street)
  await group.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill(address.postalCode)
  await group.getByRole('textbox', { name: 'Ort', exact: true }).fill(address.city)
  await group.getByRole('combobox', { name: 'Land', exact: true }).selectOption({ label: 'Deutschland' })
}

interface Account {
  username: string
  email: string
  password: string
}

/** Fills the registration form with billing and a separate shipping address and sends it. */
async function register(page: Page, account: Account): Promise<void> {
  await page.goto('/register')
  const access = page.getByRole('group', { name: 'Zugangsdaten' })
  await access.getByRole('textbox', { name: 'Benutzername', exact: true }).fill(account.username)
  await access.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(account.email)
  await access.getByRole('textbox', { name: 'Passwort', exact: true }).fill(account.password)
  await access.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill(account.password)
  await fillAddress(page.getByRole('group', { name: 'Rechnungsadresse' }), {
    firstname: 'Rita',
    lastname: 'Rechnung',
    street: 'Rechnungsweg 1',
    postalCode: '10115',
    city: 'Berlin',
  })
  await page.getByRole('checkbox', { name: 'Lieferung an eine andere Adresse' }).check()
  await fillAddress(page.getByRole('group', { name: 'Lieferadresse' }), {
    firstname: 'Lars',
    lastname: 'Lieferung',
    street: 'Lieferstraße 2',
    postalCode: '20095',
    city: 'Hamburg',
  })
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check()
  await page.getByRole('button', { name: 'Registrieren' }).click()
}

async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Benutzername oder E-Mail-Adresse', exact: true }).fill(login)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password)
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click()
}

const PAGE_TIMEOUT = { timeout: 15_000 }

test.beforeEach(async ({ page }) => acceptCookies(page))

test('register with two addresses, confirm by mail, log in, edit the profile, change e-mail and password, reset the password (axe clean on every screen)', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const account: Account = {
    username: `e2e${runId}`.slice(0, 20),
    email: `e2e-${runId}@example.com`,
    password: 'erstes-Passwort-1',
  }
  const newEmail = `e2e-neu-${runId}@example.com`
  const changedPassword = 'zweites-Passwort-2'
  const resetPassword = 'drittes-Passwort-3'

  await test.step('register: confirmation notice and the opt-in mail in German', async () => {
    await register(page, account)
    await expect(page.getByText('Vielen Dank für Ihre Registrierung!')).toBeVisible(PAGE_TIMEOUT)
    await expectNoSeriousA11yViolations(page)
    const mail = await mailTo(account.email, 'Bitte bestätigen Sie Ihre Registrierung')
    expect(mail.text).toContain(`Hallo ${account.username},`)
    await page.goto(linkOf(mail))
    await expect(page.getByText('Ihr Konto ist bestätigt. Sie können sich jetzt anmelden.')).toBeVisible(
      PAGE_TIMEOUT,
    )
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  await test.step('log in: the dashboard', async () => {
    await expectNoSeriousA11yViolations(page)
    await logIn(page, account.username, account.password)
    await expect(page).toHaveURL(/\/account$/, PAGE_TIMEOUT)
    await expect(page.getByText(`Angemeldet als ${account.username}`)).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  await test.step('profile: the registered addresses, a phone and a new street, kept after a reload', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Kundendaten' }).click()
    await expect(page).toHaveURL(/\/profile-update$/)
    const billing = page.getByRole('group', { name: 'Rechnungsadresse' })
    const shipping = page.getByRole('group', { name: 'Lieferadresse' })
    await expect(billing.getByRole('textbox', { name: 'Straße und Hausnummer', exact: true })).toHaveValue(
      'Rechnungsweg 1',
    )
    await expect(shipping.getByRole('textbox', { name: 'Ort', exact: true })).toHaveValue('Hamburg')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('+49 30 1234567')
    await billing.getByRole('textbox', { name: 'Straße und Hausnummer', exact: true }).fill('Neue Straße 5')
    await page.getByRole('button', { name: 'Speichern', exact: true }).click()
    await expect(page.getByText('Speichern erfolgreich')).toBeVisible()
    await expect(page.getByText('Ihre Daten wurden gespeichert')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveValue(
      '+49 30 1234567',
      PAGE_TIMEOUT,
    )
    await expect(billing.getByRole('textbox', { name: 'Straße und Hausnummer', exact: true })).toHaveValue(
      'Neue Straße 5',
    )
  })

  await test.step('e-mail change: the link goes to the new address, the change happens when it is opened', async () => {
    await page.goto('/mail-update')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('textbox', { name: 'Neue E-Mail-Adresse', exact: true }).fill(newEmail)
    await page.getByRole('main').getByRole('button', { name: 'E-Mail-Adresse ändern' }).click()
    await expect(page.getByText('Bitte bestätigen Sie Ihre neue E-Mail-Adresse.')).toBeVisible()
    const mail = await mailTo(newEmail, 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse')
    await page.goto('/profile-update')
    await expect(page.getByRole('definition').filter({ hasText: account.email })).toBeVisible(PAGE_TIMEOUT)
    await page.goto(linkOf(mail))
    await expect(page.getByText('Ihre E-Mail-Adresse wurde geändert.')).toBeVisible(PAGE_TIMEOUT)
    await page.goto('/profile-update')
    await expect(page.getByRole('definition').filter({ hasText: newEmail })).toBeVisible(PAGE_TIMEOUT)
  })

  await test.step('password change: success notice, logged out, /login after about 3 s', async () => {
    await page.goto('/password-update')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('textbox', { name: 'Bisheriges Passwort', exact: true }).fill(account.password)
    await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(changedPassword)
    await page.getByRole('textbox', { name: 'Neues Passwort wiederholen', exact: true }).fill(changedPassword)
    await page.getByRole('main').getByRole('button', { name: 'Passwort ändern' }).click()
    await expect(page.getByText('Ihr Passwort wurde geändert.', { exact: true })).toBeVisible(PAGE_TIMEOUT)
    await expect(page).toHaveURL(/\/login$/, PAGE_TIMEOUT)
  })

  await test.step('log in by username with the new password, then log out', async () => {
    await logIn(page, account.username, changedPassword)
    await expect(page).toHaveURL(/\/account$/, PAGE_TIMEOUT)
    await page.getByRole('main').getByRole('button', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL(/\/login$/, PAGE_TIMEOUT)
  })

  await test.step('reset: a neutral answer, the mail link, a new password, /login after about 3 s', async () => {
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click()
    await expect(page).toHaveURL(/\/reset-password$/)
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('main').getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(newEmail)
    await page.getByRole('button', { name: 'Link anfordern' }).click()
    await expect(page.getByText('Bitte prüfen Sie Ihr Postfach.')).toBeVisible(PAGE_TIMEOUT)
    const mail = await mailTo(newEmail, 'Ihr Link zum Zurücksetzen des Passworts')
    await page.goto(linkOf(mail))
    await expect(page.getByText('Bitte wählen Sie ein neues Passwort.')).toBeVisible(PAGE_TIMEOUT)
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(resetPassword)
    await page.getByRole('textbox', { name: 'Neues Passwort wiederholen', exact: true }).fill(resetPassword)
    await page.getByRole('button', { name: 'Passwort speichern' }).click()
    await expect(page.getByText('Ihr Passwort wurde geändert.', { exact: true })).toBeVisible(PAGE_TIMEOUT)
    await expect(page).toHaveURL(/\/login$/, PAGE_TIMEOUT)
  })

  await test.step('log in with the reset password by e-mail address', async () => {
    await logIn(page, newEmail, resetPassword)
    await expect(page).toHaveURL(/\/account$/, PAGE_TIMEOUT)
    await expect(page.getByText(`Angemeldet als ${account.username}`)).toBeVisible()
  })
})

test('the request for a reset answers the same for an unknown address', async ({ page }) => {
  await page.goto('/reset-password')
  await page
    .getByRole('main')
    .getByRole('textbox', { name: 'E-Mail-Adresse', exact: true })
    .fill(`niemand-${runId}@example.com`)
  await page.getByRole('button', { name: 'Link anfordern' }).click()
  await expect(page.getByText('Bitte prüfen Sie Ihr Postfach.')).toBeVisible(PAGE_TIMEOUT)
})

test('registering with the taken username kunde names it and keeps the form filled', async ({
  page,
  consoleErrors,
}) => {
  await register(page, {
    username: 'kunde',
    email: `e2e-kunde-${runId}@example.com`,
    password: 'irgendein-Passwort-1',
  })
  await expect(
    page.getByText('Der Benutzername kunde ist bereits vergeben. Bitte wählen Sie einen anderen.'),
  ).toBeVisible(PAGE_TIMEOUT)
  await expect(page.getByRole('textbox', { name: 'Benutzername', exact: true })).toHaveValue('kunde')
  allowErrors(consoleErrors, [/^409 POST \S+\/api\/auth\/signup$/])
})

test('a wrong password is refused with the mismatch message', async ({ page, consoleErrors }) => {
  await page.goto('/login')
  await logIn(page, 'kunde', 'falsches-Passwort')
  await expect(page.getByText('Benutzername und Passwort stimmen nicht überein.')).toBeVisible(PAGE_TIMEOUT)
  await expect(page).toHaveURL(/\/login$/)
  allowErrors(consoleErrors, [/^401 POST \S+\/api\/auth\/signin$/])
})
