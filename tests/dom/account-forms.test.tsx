import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { businessDetails, profileCountries } from '#machines/profile-form/profile-form.fixtures.ts'
import { profileFormMachine } from '#machines/profile-form/profile-form.machine.ts'
import { resetPasswordMachine } from '#machines/reset-password/reset-password.machine.ts'
import { RESET_STORY_CODE } from '#machines/reset-password/reset-password.paths.ts'
import { REDIRECT_AFTER_RESET_MS } from '#shared/domain/limits.ts'
import { ProfileUpdateView } from '#client/features/account/profile-update-page.tsx'
import { ResetPasswordView } from '#client/features/account/reset-password-page.tsx'
import { renderApp, renderWithApp } from './render-app.tsx'

afterEach(() => {
  vi.useRealTimers()
})

function startReset(setNewPassword: () => Promise<unknown>) {
  return createActor(
    resetPasswordMachine.provide({ actors: { setNewPassword: fromPromise(setNewPassword) } }),
    { input: { code: RESET_STORY_CODE, redirectDelayMs: REDIRECT_AFTER_RESET_MS } },
  ).start()
}

function typeNewPassword(value: string) {
  fireEvent.change(screen.getByLabelText(/^Neues Passwort \*?$/), { target: { value } })
  fireEvent.change(screen.getByLabelText(/Neues Passwort wiederholen/), { target: { value } })
}

describe('reset password page', () => {
  it('shows the success and goes to /login only after 3 s', async () => {
    const actor = startReset(async () => undefined)
    const { router } = await renderWithApp(<ResetPasswordView actor={actor} />, {
      path: `/reset-password/${RESET_STORY_CODE}`,
    })
    const submit = screen.getByRole('button', { name: 'Passwort speichern' })
    expect(submit).toHaveProperty('disabled', true)
    typeNewPassword('neues-Passwort-1')
    expect(submit).toHaveProperty('disabled', false)
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.click(submit)
    await screen.findByText('Ihr Passwort wurde geändert.')
    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_RESET_MS - 100))
    expect(router.state.location.pathname).toBe(`/reset-password/${RESET_STORY_CODE}`)
    act(() => vi.advanceTimersByTime(200))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('empties both password fields and warns after a failed reset', async () => {
    const actor = startReset(async () => {
      throw Object.assign(new Error('down'), { code: 'service_unavailable', status: 503 })
    })
    await renderWithApp(<ResetPasswordView actor={actor} />, { path: `/reset-password/${RESET_STORY_CODE}` })
    typeNewPassword('neues-Passwort-1')
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }))
    await screen.findByText('Hier scheint ein Fehler aufgetreten zu sein.')
    expect(screen.getByLabelText(/^Neues Passwort \*?$/)).toHaveProperty('value', '')
    expect(screen.getByLabelText(/Neues Passwort wiederholen/)).toHaveProperty('value', '')
  })
})

describe('profile update page', () => {
  it('disables save with the hint about fields marked * until the company of a business customer is there', async () => {
    const actor = createActor(
      profileFormMachine.provide({
        actors: {
          loadProfile: fromPromise(async () => ({ details: businessDetails, countries: profileCountries })),
        },
      }),
    ).start()
    await renderWithApp(<ProfileUpdateView actor={actor} />, { path: '/profile-update' })
    const save = await screen.findByRole('button', { name: 'Speichern' })
    expect(save).toHaveProperty('disabled', true)
    expect(screen.getByText('Einige der mit * markierten Pflichtfelder sind nicht ausgefüllt.')).toBeTruthy()
    fireEvent.change(screen.getAllByLabelText(/^Firma/)[0] as HTMLElement, {
      target: { value: 'Werkstatt GmbH' },
    })
    expect(save).toHaveProperty('disabled', false)
    expect(screen.queryByText('Einige der mit * markierten Pflichtfelder sind nicht ausgefüllt.')).toBeNull()
  })
})

describe('account form routes', () => {
  it('confirms an e-mail change from the mail link without a login', async () => {
    const posted: string[] = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input) === '/api/auth/email/confirm') {
        posted.push(String(init?.body))
        return new Response(null, { status: 204 })
      }
      return new Promise<Response>(() => {})
    }
    await renderApp({
      path: `/mail-update?confirm=${RESET_STORY_CODE}`,
      states: { session: 'loggedOut' },
      fetch,
    })
    expect(await screen.findByText('Ihre E-Mail-Adresse wurde geändert.')).toBeTruthy()
    expect(posted).toEqual([JSON.stringify({ uuid: RESET_STORY_CODE })])
  })

  it('sends a logged-out visitor of /password-update to /login with the page as return target', async () => {
    const { router } = await renderApp({ path: '/password-update', states: { session: 'loggedOut' } })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ returnTo: '/password-update' })
  })
})
