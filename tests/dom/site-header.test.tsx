import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { PREFERENCES_STORAGE_KEY } from '#shared/contracts/preferences.contract.ts'
import { SiteHeader } from '#client/features/header/site-header.tsx'
import { renderApp, renderWithApp } from './render-app.tsx'

afterEach(cleanup)

describe('header: cart link', () => {
  it('is hidden while the cart is empty', async () => {
    await renderWithApp(<SiteHeader />, { cartItemCount: 0 })
    await screen.findByRole('banner')
    expect(screen.queryByRole('link', { name: /Warenkorb/ })).toBeNull()
  })

  it('says "1 Objekt" for one item and links to the cart', async () => {
    await renderWithApp(<SiteHeader />, { cartItemCount: 1 })
    const link = await screen.findByRole('link', { name: 'Warenkorb: 1 Objekt' })
    expect(link.textContent).toBe('1 Objekt')
    expect(link.getAttribute('href')).toBe('/cart')
  })

  it('says "3 Objekte" for three items', async () => {
    await renderWithApp(<SiteHeader />, { cartItemCount: 3 })
    expect((await screen.findByRole('link', { name: 'Warenkorb: 3 Objekte' })).textContent).toBe('3 Objekte')
  })

  it('uses the English singular and plural under /en', async () => {
    await renderWithApp(<SiteHeader />, { cartItemCount: 1, locale: 'en' })
    const one = await screen.findByRole('link', { name: 'Cart: 1 item' })
    expect(one.getAttribute('href')).toBe('/en/cart')
    cleanup()
    await renderWithApp(<SiteHeader />, { cartItemCount: 3, locale: 'en' })
    expect(await screen.findByRole('link', { name: 'Cart: 3 items' })).toBeTruthy()
  })
})

describe('header: account links', () => {
  it('offers login when logged out', async () => {
    await renderWithApp(<SiteHeader />, { states: { session: 'loggedOut' } })
    expect((await screen.findByRole('link', { name: 'Anmelden' })).getAttribute('href')).toBe('/login')
    expect(screen.queryByRole('link', { name: 'Mein Konto' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Abmelden' })).toBeNull()
  })

  it('offers the account and logout when logged in', async () => {
    await renderWithApp(<SiteHeader />, { states: { session: 'loggedIn' } })
    expect((await screen.findByRole('link', { name: 'Mein Konto' })).getAttribute('href')).toBe('/account')
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Anmelden' })).toBeNull()
  })

  it('shows neither while the session is being checked', async () => {
    await renderWithApp(<SiteHeader />, { states: { session: 'checking' } })
    await screen.findByRole('banner')
    expect(screen.queryByRole('link', { name: 'Anmelden' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Mein Konto' })).toBeNull()
  })

  it('logs out through the API and confirms it in the snackbar text', async () => {
    const requests: string[] = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${String(input)}`)
      return new Response(null, { status: 204 })
    }
    const { actors } = await renderWithApp(<SiteHeader />, { states: { session: 'loggedIn' }, fetch })
    await userEvent.click(await screen.findByRole('button', { name: 'Abmelden' }))
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toBeTruthy()
    expect(requests).toEqual(['POST /api/auth/logout'])
    expect(actors.notifications.getSnapshot().context.current?.message).toBe('logout-success')
  })
})

describe('header: upload button and logo', () => {
  it('shows the upload button while no order is ongoing and starts the upload', async () => {
    const { actors } = await renderWithApp(<SiteHeader />, { states: { orderProcess: 'noOrderOngoing' } })
    await userEvent.click(await screen.findByRole('button', { name: '3D-Datei hochladen' }))
    expect(actors.orderProcess.getSnapshot().value).toBe('upload')
    expect(screen.queryByRole('button', { name: '3D-Datei hochladen' })).toBeNull()
  })

  it('shows it again once the order is completed', async () => {
    await renderWithApp(<SiteHeader />, { states: { orderProcess: 'orderCompleted' } })
    expect(await screen.findByRole('button', { name: '3D-Datei hochladen' })).toBeTruthy()
  })

  it('resets the order process and goes home from the logo', async () => {
    const { actors, router } = await renderApp({
      path: '/cart',
      states: { orderProcess: 'viewCart' },
      cartItemCount: 1,
    })
    await userEvent.click(await screen.findByRole('link', { name: 'Schichtwerk – zur Startseite' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(actors.orderProcess.getSnapshot().value).toBe('noOrderOngoing')
  })
})

describe('header: burger menu', () => {
  it('toggles the menu and says so', async () => {
    await renderWithApp(<SiteHeader />)
    const burger = await screen.findByRole('button', { name: 'Menü öffnen' })
    expect(burger.getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(burger)
    expect(screen.getByRole('button', { name: 'Menü schließen' }).getAttribute('aria-expanded')).toBe('true')
  })
})

describe('header: customer type', () => {
  it('switches to business customer and stores the preference', async () => {
    const { actors, edges } = await renderWithApp(<SiteHeader />)
    const business = await screen.findByRole('radio', { name: 'Geschäftskunde' })
    expect(screen.getByRole('radio', { name: 'Privatkunde' })).toHaveProperty('checked', true)
    await userEvent.click(business)
    expect(business).toHaveProperty('checked', true)
    expect(actors.preferences.getSnapshot().context.isBusinessCustomer).toEqual({ value: true, isSet: true })
    expect(JSON.parse(edges.storage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null')).toMatchObject({
      isBusinessCustomer: { value: true, isSet: true },
    })
  })
})

describe('header: language switch', () => {
  it('links the same page in every language, keeping search and hash', async () => {
    await renderApp({ path: '/kontakt?ref=mail#contact-form' })
    const languages = within(await screen.findByRole('navigation', { name: 'Sprache wählen' }))
    expect(languages.getByRole('link', { name: 'Deutsch' }).getAttribute('href')).toBe(
      '/kontakt?ref=mail#contact-form',
    )
    expect(languages.getByRole('link', { name: 'English' }).getAttribute('href')).toBe(
      '/en/kontakt?ref=mail#contact-form',
    )
    expect(languages.getByRole('link', { name: 'Français' }).getAttribute('href')).toBe(
      '/fr/kontakt?ref=mail#contact-form',
    )
    expect(languages.getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBe('true')
  })

  it('switches language on the same page and makes <html lang> follow', async () => {
    const { router } = await renderApp({ path: '/kontakt' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontakt' })).toBeTruthy()
    await userEvent.click(screen.getByRole('link', { name: 'English' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy()
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/en/kontakt')
    expect(document.documentElement.lang).toBe('en')
    await userEvent.click(screen.getByRole('link', { name: 'Français' }))
    // "Contact" is the same word in English and French: wait for a text that differs.
    expect(await screen.findByRole('navigation', { name: 'Navigation principale' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/fr/kontakt')
    expect(document.documentElement.lang).toBe('fr')
    await userEvent.click(screen.getByRole('link', { name: 'Deutsch' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontakt' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/kontakt')
    expect(document.documentElement.lang).toBe('de')
  })
})
