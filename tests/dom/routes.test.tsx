import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

/**
 * Every route of both spec parts with the title its page shows (German). Login-required pages are opened logged in
 * here; the guard's redirect of logged-out visitors is tested in account-login.test.tsx.
 */
const LOGIN_REQUIRED = new Set(['/account', '/password-update', '/mail-update', '/profile-update'])
const sessionFor = (path: string) =>
  ({ session: LOGIN_REQUIRED.has(path) ? 'loggedIn' : 'loggedOut' }) as const

const ROUTES = [
  ['/', '3D-Druck online bestellen'],
  ['/cart', 'Warenkorb'],
  ['/login', 'Anmelden'],
  ['/register', 'Registrieren'],
  ['/optin/abc123', 'Registrierung bestätigen'],
  ['/reset-password', 'Passwort zurücksetzen'],
  ['/reset-password/reset-1', 'Passwort zurücksetzen'],
  ['/account', 'Mein Konto'],
  ['/password-update', 'Passwort ändern'],
  ['/mail-update', 'E-Mail-Adresse ändern'],
  ['/profile-update', 'Kundendaten bearbeiten'],
  ['/order-details/order-1', 'Bestelldetails'],
  ['/track-order', 'Bestellung verfolgen'],
  ['/payment-details', 'Kunden- und Zahlungsdaten'],
  ['/payment-details/order-1', 'Kunden- und Zahlungsdaten'],
  ['/review-order', 'Bestellung prüfen'],
  ['/review-order/order-1', 'Bestellung prüfen'],
  ['/order-complete', 'Vielen Dank für Ihre Bestellung'],
  ['/order-complete/order-1', 'Vielen Dank für Ihre Bestellung'],
  ['/quote-generated', 'Vielen Dank für Ihre Angebotsanfrage'],
  ['/order-failed', 'Bestellung abgebrochen'],
  ['/redirecting', 'Weiterleitung zum Zahlungsanbieter'],
  ['/checkout', 'Kunden- und Zahlungsdaten'],
  ['/kontakt', 'Kontakt'],
  ['/datenschutz', 'Datenschutzerklärung'],
  ['/produktion/tipps-und-tricks-im-3d-druck', 'Tipps und Tricks im 3D-Druck'],
  ['/agb-onlineportal', 'Allgemeine Geschäftsbedingungen'],
  ['/zusammen-wachsen', 'Zusammen wachsen'],
  ['/start', 'Start'],
  ['/not-available', 'Diese Seite ist nicht verfügbar'],
  ['/portfolio/industrie', 'Inhaltsseite'],
] as const

describe('routes', () => {
  it.each(ROUTES)('%s shows "%s"', async (path, title) => {
    await renderApp({ path, states: sessionFor(path) })
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
  })

  it.each([
    ['en', '/cart', 'Cart'],
    ['en', '/account', 'My account'],
    ['fr', '/cart', 'Panier'],
    ['fr', '/', 'Commander une impression 3D en ligne'],
  ] as const)('/%s%s is localised', async (locale, path, title) => {
    await renderApp({ path, locale, states: sessionFor(path) })
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    expect(document.documentElement.lang).toBe(locale)
  })

  it('reads a first segment that is no locale prefix as a CMS page', async () => {
    const { edges } = await renderApp({ path: '/de/cart' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Inhaltsseite' })).toBeTruthy()
    expect(edges.fetched).toContain('/api/cms/pages/de/de/cart')
  })

  it('shows the steps bar on home and cart only', async () => {
    await renderApp({ path: '/' })
    expect(await screen.findByRole('navigation', { name: 'Bestellschritte' })).toBeTruthy()
    cleanup()
    await renderApp({ path: '/kontakt' })
    await screen.findByRole('heading', { level: 1, name: 'Kontakt' })
    expect(screen.queryByRole('navigation', { name: 'Bestellschritte' })).toBeNull()
  })

  it('has the landmarks of the shell', async () => {
    await renderApp({ path: '/' })
    expect(await screen.findByRole('banner')).toBeTruthy()
    expect(screen.getByRole('main')).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy()
  })
})
