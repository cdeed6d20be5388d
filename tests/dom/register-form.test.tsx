import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SAMPLE_OPTIN_CODE } from '#machines/optin/optin.paths.ts'
import {
  sampleAccount,
  sampleAddress,
  sampleCountries,
  signUpFieldError,
} from '#machines/register/register.fixtures.ts'
import { type ErrorCode, errorStatus } from '#shared/errors/error-codes.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

type Answer = { status: number; body: unknown }
type Recorded = { method: string; path: string; body: unknown }

/**
 * The registration's endpoints per their contracts (`GET /api/shipping/countries`, `POST /api/auth/signup`,
 * `POST /api/auth/optin`); every other call stays unanswered, as in the fake app actors.
 */
function fakeAccountApi(answers: { signUp?: Answer; optin?: Answer } = {}) {
  const requests: Recorded[] = []
  const json = ({ status, body }: Answer) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://x',
    )
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const path = url.pathname
    const known = ['/api/shipping/countries', '/api/auth/signup', '/api/auth/optin']
    if (!known.includes(path)) return new Promise<Response>(() => {})
    requests.push({ method, path, body })
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (path === '/api/shipping/countries')
      return json({ status: 200, body: { shippingCountries: sampleCountries } })
    if (path === '/api/auth/signup')
      return json(answers.signUp ?? { status: 201, body: { status: 'pending-optin' } })
    return json(answers.optin ?? { status: 200, body: { status: 'confirmed' } })
  }
  return { fetch, requests }
}

const errorAnswer = (code: ErrorCode, extra: object = {}): Answer => ({
  status: errorStatus[code],
  body: { error: { code, status: errorStatus[code], message: code, ...extra } },
})

/** The register form (the page's footer has its own e-mail field). */
const form = () => within(screen.getByRole('form', { name: /^(Registrieren|Register)$/ }))
const billing = () => within(form().getByRole('group', { name: 'Rechnungsadresse' }))
const submitButton = () => screen.getByRole('button', { name: 'Registrieren' })
const passwordInputs = () => screen.getAllByLabelText(/^Passwort/) as HTMLInputElement[]

async function openRegister(answers?: Parameters<typeof fakeAccountApi>[0]) {
  const api = fakeAccountApi(answers)
  await renderApp({ path: '/register', fetch: api.fetch })
  await screen.findByRole('textbox', { name: 'Benutzername' })
  return api
}

function fillValidForm() {
  const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })
  type(screen.getByRole('textbox', { name: 'Benutzername' }), sampleAccount.username)
  type(form().getByRole('textbox', { name: 'E-Mail-Adresse' }), sampleAccount.email)
  const [password, repeat] = passwordInputs()
  type(password!, sampleAccount.password)
  type(repeat!, sampleAccount.passwordRepeat)
  type(billing().getByRole('textbox', { name: 'Vorname' }), sampleAddress.firstname)
  type(billing().getByRole('textbox', { name: 'Nachname' }), sampleAddress.lastname)
  type(billing().getByRole('textbox', { name: 'Straße und Hausnummer' }), sampleAddress.street)
  type(billing().getByRole('textbox', { name: 'Postleitzahl' }), sampleAddress.postalCode)
  type(billing().getByRole('textbox', { name: 'Ort' }), sampleAddress.city)
  fireEvent.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }))
}

// The first test also waits for the lazy route chunk to be transformed.
describe('registration form', { timeout: 20_000 }, () => {
  it('loads the countries, starts in Germany and keeps submit disabled until everything is valid', async () => {
    await openRegister()
    expect(billing().getByRole('combobox', { name: 'Land' })).toHaveProperty('value', sampleCountries[0]?._id)
    expect(submitButton()).toHaveProperty('disabled', true)
    expect(submitButton().getAttribute('title')).toMatch(/^Es fehlen noch Pflichtfelder: Benutzername/)
    fillValidForm()
    expect(submitButton()).toHaveProperty('disabled', false)
    // A postal code that does not fit the country: disabled again, and the field says why.
    const postalCode = billing().getByRole('textbox', { name: 'Postleitzahl' })
    fireEvent.change(postalCode, { target: { value: '1010' } })
    expect(submitButton()).toHaveProperty('disabled', true)
    expect(postalCode.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Diese Postleitzahl passt nicht zum gewählten Land.')).toBeTruthy()
  })

  it('asks for the shipping address once the toggle is on', async () => {
    await openRegister()
    fillValidForm()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lieferung an eine andere Adresse' }))
    expect(screen.getByRole('group', { name: 'Lieferadresse' })).toBeTruthy()
    expect(submitButton()).toHaveProperty('disabled', true)
  })

  it('sends the registration, says the mail is on its way and empties the form after a second', async () => {
    const api = await openRegister()
    fillValidForm()
    fireEvent.click(submitButton())
    await screen.findByText('Vielen Dank für Ihre Registrierung!')
    expect(api.requests.find((request) => request.path === '/api/auth/signup')?.body).toMatchObject({
      username: sampleAccount.username,
      email: sampleAccount.email,
      billingAddress: { city: 'Berlin' },
      shippingAddress: null,
      privacyAccepted: true,
    })
    expect(screen.getByRole('textbox', { name: 'Benutzername' })).toHaveProperty(
      'value',
      sampleAccount.username,
    )
    await waitFor(
      () => expect(screen.getByRole('textbox', { name: 'Benutzername' })).toHaveProperty('value', ''),
      {
        timeout: 3_000,
      },
    )
    expect(billing().getByRole('textbox', { name: 'Ort' })).toHaveProperty('value', '')
    expect(screen.getByText(/Wir haben eine E-Mail an ada@example.org gesendet/)).toBeTruthy()
  })

  it('names a taken username (409) and keeps every field', async () => {
    await openRegister({ signUp: errorAnswer('username_taken') })
    fillValidForm()
    fireEvent.click(submitButton())
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Der Benutzername ada_lovelace ist bereits vergeben. Bitte wählen Sie einen anderen.',
    )
    expect(screen.getByRole('textbox', { name: 'Benutzername' })).toHaveProperty(
      'value',
      sampleAccount.username,
    )
    expect(passwordInputs()[0]).toHaveProperty('value', sampleAccount.password)
    expect(billing().getByRole('textbox', { name: 'Ort' })).toHaveProperty('value', 'Berlin')
  })

  it('shows the server’s field issues (400) at their fields', async () => {
    await openRegister({ signUp: errorAnswer('validation_failed', { issues: signUpFieldError.issues }) })
    fillValidForm()
    fireEvent.click(submitButton())
    await screen.findByText('Bitte prüfen Sie die markierten Felder.', { selector: '[role="alert"] *' })
    const username = screen.getByRole('textbox', { name: 'Benutzername' })
    expect(username.getAttribute('aria-invalid')).toBe('true')
    expect(submitButton()).toHaveProperty('disabled', true)
  })

  it('shows the default text for another failure, in English too', async () => {
    const api = fakeAccountApi({ signUp: errorAnswer('internal_error') })
    await renderApp({ path: '/register', fetch: api.fetch, locale: 'en' })
    await screen.findByRole('textbox', { name: 'Username' })
    const type = (name: string, value: string) =>
      fireEvent.change(form().getByRole('textbox', { name }), { target: { value } })
    type('Username', sampleAccount.username)
    type('E-mail address', sampleAccount.email)
    const [password, repeat] = screen.getAllByLabelText(/password/i) as HTMLInputElement[]
    fireEvent.change(password!, { target: { value: sampleAccount.password } })
    fireEvent.change(repeat!, { target: { value: sampleAccount.password } })
    const address = within(screen.getByRole('group', { name: 'Billing address' }))
    for (const [name, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Street and house number', 'Hauptstraße 1'],
      ['Postal code', '10115'],
      ['Town or city', 'Berlin'],
    ] as const)
      fireEvent.change(address.getByRole('textbox', { name }), { target: { value } })
    fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred during registration. Please check your e-mails or try again later.',
    )
  })
})

describe('opt-in page', () => {
  it('confirms the link’s code and offers Login to /login', async () => {
    const api = fakeAccountApi()
    await renderApp({ path: `/optin/${SAMPLE_OPTIN_CODE}`, fetch: api.fetch })
    const login = await screen.findByRole('link', { name: 'Login' })
    expect(login.getAttribute('href')).toBe('/login')
    expect(api.requests).toEqual([
      { method: 'POST', path: '/api/auth/optin', body: { uuid: SAMPLE_OPTIN_CODE } },
    ])
  })

  it('says the registration failed for an unknown or used code', async () => {
    await renderApp({
      path: `/optin/${SAMPLE_OPTIN_CODE}`,
      fetch: fakeAccountApi({ optin: errorAnswer('not_found') }).fetch,
    })
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Die Registrierung ist fehlgeschlagen. Dieses Konto existiert nicht oder kann gerade nicht aktiviert werden.',
    )
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull()
  })
})
