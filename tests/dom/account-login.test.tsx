import { cleanup, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { privateUser } from '#machines/session/session.fixtures.ts'
import { safeReturnTo } from '#client/features/account/return-target.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

/** A fetch that answers the sign-in with `status` (and the session body on 200); everything else never answers. */
function signInFetch(status: number, headers: Record<string, string> = {}) {
  const bodies: unknown[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (String(input) !== '/api/auth/signin') return new Promise<Response>(() => {})
    bodies.push(JSON.parse(String(init?.body)))
    const body =
      status === 200
        ? { user: privateUser, expiresAt: '2026-11-27T10:00:00.000Z' }
        : { error: { code: status === 401 ? 'unauthorized' : 'sign_in_throttled', status, message: 'no' } }
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    })
  }
  return { fetch, bodies }
}

const location = (router: { state: { location: { pathname: string; search: object } } }) => ({
  pathname: router.state.location.pathname,
  search: router.state.location.search,
})

describe('login guard', () => {
  it('sends a logged-out visitor of /account to /login, remembering the page', async () => {
    const { router } = await renderApp({ path: '/account', states: { session: 'loggedOut' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy()
    expect(location(router)).toEqual({ pathname: '/login', search: { returnTo: '/account' } })
  })

  it('waits while the session is checked instead of redirecting', async () => {
    const { router } = await renderApp({
      path: '/profile-update',
      states: { session: 'checking' },
    })
    expect(await screen.findByText('Anmeldung wird geprüft …')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/profile-update')
  })

  it('shows the dashboard to a logged-in user; a logged-in user opening /login goes there', async () => {
    const { router } = await renderApp({ path: '/login', states: { session: 'loggedIn' } })
    expect(await screen.findByRole('heading', { level: 2, name: 'Bestellverlauf' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/account')
    expect(screen.getByRole('link', { name: /Passwort ändern/ }).getAttribute('href')).toBe(
      '/password-update',
    )
    expect(screen.queryByRole('textbox', { name: /USt-IdNr/ })).toBeNull()
  })

  it('offers the VAT-ID form to business customers', async () => {
    await renderApp({
      path: '/account',
      locale: 'en',
      states: { session: 'loggedIn:business' },
    })
    expect(await screen.findByRole('textbox', { name: /VAT/ })).toBeTruthy()
  })

  it('after logout from the dashboard shows /login without a return target', async () => {
    const fetch: typeof globalThis.fetch = async (input) =>
      String(input) === '/api/auth/logout'
        ? new Response(null, { status: 204 })
        : new Promise<Response>(() => {})
    const { router } = await renderApp({ path: '/account', states: { session: 'loggedIn' }, fetch })
    const logout = await screen.findAllByRole('button', { name: 'Abmelden' })
    await userEvent.click(logout[logout.length - 1] as HTMLElement)
    await waitFor(() => expect(location(router)).toEqual({ pathname: '/login', search: {} }))
  })
})

describe('login page', () => {
  const fill = async (username: string, password: string) => {
    await userEvent.type(await screen.findByLabelText(/Benutzername oder E-Mail-Adresse/), username)
    await userEvent.type(screen.getByLabelText(/^Passwort/), password)
  }
  const submitButton = () => screen.getByRole('button', { name: 'Anmelden' })

  it('enables the button only when the trimmed username and the password are filled', async () => {
    await renderApp({ path: '/login' })
    await fill('   ', 'geheim123')
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true)
    await userEvent.type(screen.getByLabelText(/Benutzername oder E-Mail-Adresse/), 'erika')
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false)
  })

  it('logs in, tells the session and returns to the remembered page', async () => {
    const api = signInFetch(200)
    const { actors, edges } = await renderApp({ path: '/login?returnTo=%2Fprofile-update', fetch: api.fetch })
    await fill(' erika ', 'geheim123')
    await userEvent.click(submitButton())
    await waitFor(() => expect(edges.navigations).toEqual(['/profile-update']))
    expect(api.bodies).toEqual([{ username: 'erika', password: 'geheim123' }])
    expect(actors.session.getSnapshot().context.user).toEqual(privateUser)
  })

  it("says 'Username and password don't match.' on a 401 (English)", async () => {
    await renderApp({ path: '/login', locale: 'en', fetch: signInFetch(401).fetch })
    await userEvent.type(await screen.findByLabelText(/Username or e-mail address/), 'erika')
    await userEvent.type(screen.getByLabelText(/^Password/), 'falsch')
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect((await screen.findByRole('alert')).textContent).toBe("Username and password don't match.")
  })

  it('shows the wait of a throttled sign-in', async () => {
    await renderApp({ path: '/login', fetch: signInFetch(429, { 'retry-after': '42' }).fetch })
    await fill('erika', 'falsch')
    await userEvent.click(submitButton())
    expect((await screen.findByRole('alert')).textContent).toContain('in 42 Sekunden')
  })
})

describe('return target', () => {
  it('keeps a path of this site without locale prefix and drops anything else', () => {
    expect(safeReturnTo('/en/profile-update?x=1')).toBe('/profile-update?x=1')
    expect(safeReturnTo('/account')).toBe('/account')
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'account', '/login', 42])
      expect(safeReturnTo(bad)).toBeUndefined()
  })
})
