import { cleanup, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { COOKIE_CHOICE_STORAGE_KEY } from '#shared/contracts/cookie-choice.contract.ts'
import { CookieConsentDialog } from '#client/features/cookie-consent/cookie-consent-dialog.tsx'
import { createMemoryStorage } from '#client/testing/memory-storage.ts'
import { renderApp, renderWithApp } from './render-app.tsx'

afterEach(cleanup)

const stored = (storage: Storage): unknown => JSON.parse(storage.getItem(COOKIE_CHOICE_STORAGE_KEY) ?? 'null')

describe('cookie consent dialog', () => {
  it('opens on a first visit (nothing stored) with only essential cookies on', async () => {
    // The real loadChoice against an empty storage: the machine starts loading and opens the dialog.
    await renderWithApp(<CookieConsentDialog />, { states: { cookieConsent: 'loading' } })
    const dialog = await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })
    expect(dialog).toBeTruthy()
    const essential = screen.getByRole('checkbox', { name: 'Notwendig' })
    expect(essential).toHaveProperty('checked', true)
    expect(essential).toHaveProperty('disabled', true)
    expect(screen.getByRole('checkbox', { name: 'Statistik' })).toHaveProperty('checked', false)
    expect(screen.getByRole('checkbox', { name: 'Marketing' })).toHaveProperty('checked', false)
  })

  it('stays closed when a choice is stored', async () => {
    const storage = createMemoryStorage({
      [COOKIE_CHOICE_STORAGE_KEY]: JSON.stringify({
        essentialCookies: true,
        statisticCookies: false,
        marketingCookies: false,
      }),
    })
    const { actors } = await renderWithApp(<CookieConsentDialog />, {
      states: { cookieConsent: 'loading' },
      storage,
    })
    await waitFor(() => expect(actors.cookieConsent.getSnapshot().value).toEqual({ closed: 'idle' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens with a stored choice when the URL hash asks for it', async () => {
    const storage = createMemoryStorage({
      [COOKIE_CHOICE_STORAGE_KEY]: JSON.stringify({
        essentialCookies: true,
        statisticCookies: true,
        marketingCookies: false,
      }),
    })
    await renderWithApp(<CookieConsentDialog />, {
      states: { cookieConsent: 'loading' },
      storage,
      hashRequestsCookieDialog: true,
    })
    await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })
    expect(screen.getByRole('checkbox', { name: 'Statistik' })).toHaveProperty('checked', true)
  })

  it('"Alle akzeptieren" stores statistics and marketing, enables the tag manager and closes', async () => {
    const { edges } = await renderWithApp(<CookieConsentDialog />, {
      states: { cookieConsent: 'dialogOpen' },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Alle akzeptieren' }))
    expect(stored(edges.storage)).toEqual({
      essentialCookies: true,
      statisticCookies: true,
      marketingCookies: true,
    })
    expect(edges.tagManagerEnabled).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('"Speichern" stores exactly what was ticked', async () => {
    const { edges } = await renderWithApp(<CookieConsentDialog />, {
      states: { cookieConsent: 'dialogOpen' },
    })
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Statistik' }))
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(stored(edges.storage)).toEqual({
      essentialCookies: true,
      statisticCookies: true,
      marketingCookies: false,
    })
    expect(edges.tagManagerEnabled).toBe(true)
  })

  it('saving with nothing ticked keeps the tag manager off', async () => {
    const { edges } = await renderWithApp(<CookieConsentDialog />, {
      states: { cookieConsent: 'dialogOpen' },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Speichern' }))
    expect(stored(edges.storage)).toEqual({
      essentialCookies: true,
      statisticCookies: false,
      marketingCookies: false,
    })
    expect(edges.tagManagerEnabled).toBe(false)
  })

  it('revoking clears the stored choice and reloads the page', async () => {
    const storage = createMemoryStorage({
      [COOKIE_CHOICE_STORAGE_KEY]: JSON.stringify({
        essentialCookies: true,
        statisticCookies: true,
        marketingCookies: true,
      }),
    })
    const { actors, edges } = await renderWithApp(<CookieConsentDialog />, {
      states: { cookieConsent: 'closed.idle' },
      storage,
    })
    actors.cookieConsent.send({ type: 'cookies.revoke' })
    expect(storage.getItem(COOKIE_CHOICE_STORAGE_KEY)).toBeNull()
    expect(edges.reloads).toBe(1)
  })

  it('opens from the footer link "Cookie-Einstellungen" with the stored choice', async () => {
    const storage = createMemoryStorage({
      [COOKIE_CHOICE_STORAGE_KEY]: JSON.stringify({
        essentialCookies: true,
        statisticCookies: false,
        marketingCookies: true,
      }),
    })
    await renderApp({ states: { cookieConsent: 'loading' }, storage })
    await screen.findByRole('contentinfo')
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Cookie-Einstellungen' }))
    await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })
    expect(screen.getByRole('checkbox', { name: 'Marketing' })).toHaveProperty('checked', true)
  })
})

describe('outdated-browser warning', () => {
  it('is shown while the machine says so', async () => {
    await renderApp({ states: { cookieConsent: 'closed.warningShown' }, isOutdatedBrowser: true })
    expect((await screen.findByRole('alert')).textContent).toContain('Ihr Browser ist veraltet.')
  })

  it('is not shown otherwise', async () => {
    await renderApp({ states: { cookieConsent: 'closed.idle' } })
    await screen.findByRole('banner')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('cookie consent: close, only necessary, revoke (issue 14, item 7)', () => {
  const onlyNecessary = { essentialCookies: true, statisticCookies: false, marketingCookies: false }
  const statistics = { essentialCookies: true, statisticCookies: true, marketingCookies: false }
  const firstVisit = async () => {
    const rendered = await renderWithApp(<CookieConsentDialog />, { states: { cookieConsent: 'loading' } })
    await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })
    return rendered
  }

  it('Escape closes a first-visit dialog and stores only the necessary cookies', async () => {
    const { edges } = await firstVisit()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Marketing' }))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(stored(edges.storage)).toEqual(onlyNecessary)
  })

  it('the close button and "Nur notwendige" close it with only the necessary cookies', async () => {
    const first = await firstVisit()
    await userEvent.click(screen.getByRole('button', { name: 'Schließen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(stored(first.edges.storage)).toEqual(onlyNecessary)
    cleanup()

    const second = await firstVisit()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Statistik' }))
    await userEvent.click(screen.getByRole('button', { name: 'Nur notwendige' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(stored(second.edges.storage)).toEqual(onlyNecessary)
  })

  it('reopened with a stored choice: closing keeps it, and revoking clears it and reloads', async () => {
    const storage = createMemoryStorage({ [COOKIE_CHOICE_STORAGE_KEY]: JSON.stringify(statistics) })
    const options = { states: { cookieConsent: 'loading' }, storage, hashRequestsCookieDialog: true } as const
    await renderWithApp(<CookieConsentDialog />, options)
    await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Marketing' }))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(stored(storage)).toEqual(statistics)
    cleanup()

    const { edges } = await renderWithApp(<CookieConsentDialog />, options)
    await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })
    await userEvent.click(screen.getByRole('button', { name: 'Einwilligung widerrufen' }))
    expect(stored(storage)).toBeNull()
    expect(edges.reloads).toBe(1)
  })

  it('a first-visit dialog offers no revoke (nothing is stored)', async () => {
    await firstVisit()
    expect(screen.queryByRole('button', { name: 'Einwilligung widerrufen' })).toBeNull()
  })
})
