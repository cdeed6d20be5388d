import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

describe('/not-available', () => {
  it.each([404, 410])('says the page moved or is gone for status %i', async (status) => {
    await renderApp({ path: `/not-available?status=${status}` })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diese Seite ist nicht verfügbar' }),
    ).toBeTruthy()
    expect(screen.getByText('Die Seite wurde verschoben oder existiert nicht mehr.')).toBeTruthy()
    expect(screen.getByText(`Fehlercode: ${status}`)).toBeTruthy()
  })

  it.each([500, 503])('says the server could not process the request for status %i', async (status) => {
    await renderApp({ path: `/not-available?status=${status}` })
    expect(await screen.findByRole('heading', { level: 1, name: 'Da ist etwas schiefgelaufen' })).toBeTruthy()
    expect(screen.getByText(/Der Server konnte Ihre Anfrage gerade nicht verarbeiten/)).toBeTruthy()
  })

  it('treats a missing or invalid status as a page that is gone', async () => {
    await renderApp({ path: '/not-available?status=abc' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diese Seite ist nicht verfügbar' }),
    ).toBeTruthy()
    expect(screen.queryByText(/Fehlercode/)).toBeNull()
  })

  it('links back to the start page in the current language', async () => {
    await renderApp({ path: '/not-available?status=404' })
    expect((await screen.findByRole('link', { name: 'Zurück zur Startseite' })).getAttribute('href')).toBe(
      '/',
    )
    cleanup()
    await renderApp({ path: '/not-available?status=500', locale: 'en' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the start page' }).getAttribute('href')).toBe('/en')
  })
})
