import { cleanup, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { businessUser, privateUser } from '#machines/session/session.fixtures.ts'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import { SiteHeader } from '#client/features/header/site-header.tsx'
import { renderWithApp } from './render-app.tsx'

afterEach(cleanup)

/**
 * A server with a logged-in `user` (the refresh answers 201) that records the preference saves and answers them
 * with `saveStatus`; everything else never answers.
 */
function accountServer(user: SessionUser, saveStatus = 200) {
  const saves: unknown[] = []
  const json = (body: unknown, status: number) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input)
    if (url === '/api/auth/refresh') return json({ user, expiresAt: '2026-11-27T10:00:00.000Z' }, 201)
    if (url !== '/api/auth/user/preferences' || init?.method !== 'PUT') return new Promise<Response>(() => {})
    const body = JSON.parse(String(init.body)) as { isBusinessCustomer: boolean }
    saves.push(body)
    if (saveStatus !== 200)
      return json({ error: { code: 'internal', status: saveStatus, message: 'down' } }, saveStatus)
    return json(details(user, body.isBusinessCustomer), 200)
  }
  return { fetch, saves }
}

const details = (user: SessionUser, isBusinessCustomer: boolean) => ({
  userId: user.id,
  username: user.username,
  email: user.email,
  phone: '',
  billingInformation: null,
  shippingInformation: null,
  termsOfPayment: 10,
  billingPaymentMethod: 'prepaid',
  isBusinessCustomer,
  isVerifiedCompany: false,
})

describe('customer type of a logged-in user (issue 15: preferences live on the server)', () => {
  it("shows the account's business preference and stores a change on the server", async () => {
    const { fetch, saves } = accountServer(businessUser)
    const { actors } = await renderWithApp(<SiteHeader />, { states: { session: 'checking' }, fetch })
    const business = await screen.findByRole('radio', { name: 'Geschäftskunde' })
    await waitFor(() => expect(business).toHaveProperty('checked', true))
    expect(saves).toEqual([])
    await userEvent.click(screen.getByRole('radio', { name: 'Privatkunde' }))
    await waitFor(() => expect(saves).toEqual([{ isBusinessCustomer: false }]))
    await waitFor(() => expect(actors.preferences.getSnapshot().hasTag('saving')).toBe(false))
    expect(screen.getByRole('radio', { name: 'Privatkunde' })).toHaveProperty('checked', true)
    expect(actors.notifications.getSnapshot().context.current).toBeNull()
  })

  it('keeps the choice and shows the generic warning when the server cannot store it', async () => {
    const { fetch, saves } = accountServer(privateUser, 500)
    const { actors } = await renderWithApp(<SiteHeader />, { states: { session: 'checking' }, fetch })
    await waitFor(() => expect(actors.session.getSnapshot().value).toBe('loggedIn'))
    await userEvent.click(await screen.findByRole('radio', { name: 'Geschäftskunde' }))
    await waitFor(() =>
      expect(actors.notifications.getSnapshot().context.current?.message).toBe('generic-warning'),
    )
    expect(saves).toEqual([{ isBusinessCustomer: true }])
    expect(screen.getByRole('radio', { name: 'Geschäftskunde' })).toHaveProperty('checked', true)
  })

  it('stores a change of a guest only on the device', async () => {
    const requests: string[] = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${String(input)}`)
      return new Promise<Response>(() => {})
    }
    await renderWithApp(<SiteHeader />, { states: { session: 'loggedOut' }, fetch })
    await userEvent.click(await screen.findByRole('radio', { name: 'Geschäftskunde' }))
    expect(screen.getByRole('radio', { name: 'Geschäftskunde' })).toHaveProperty('checked', true)
    expect(requests.filter((request) => request.includes('preferences'))).toEqual([])
  })
})
