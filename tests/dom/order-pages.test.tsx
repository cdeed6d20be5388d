import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  ACCESS_TOKEN,
  ORDER_ID,
  orderList,
  paidOrder,
  REORDERED_ID,
} from '#machines/order-details/order-details.fixtures.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

type Call = { method: string; url: string; body: string | null }

/** Answers the order API by method and path; records every call (with its query). */
function orderApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    calls.push({ method, url, body: typeof init?.body === 'string' ? init.body : null })
    const answer = answers[`${method} ${new URL(url, 'http://shop').pathname}`]
    if (!answer) return new Promise<Response>(() => {})
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { fetch, calls }
}

const orderPath = `/api/checkout/order/${ORDER_ID}`
const notFound = { status: 404, body: { error: { code: 'not_found', status: 404, message: 'Not found' } } }

// The first test transforms the lazy order-pages chunk: room for a machine busy with other test projects.
describe('order pages', { timeout: 20_000 }, () => {
  it('reads a guest order with the access token from the URL and shows it', async () => {
    const api = orderApi({ [`GET ${orderPath}`]: { status: 200, body: { order: paidOrder } } })
    await renderApp({ path: `/order-details/${ORDER_ID}?access=${ACCESS_TOKEN}`, fetch: api.fetch })
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Bestellung SW-2026-000123' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy()
    expect(api.calls.find((call) => call.url.startsWith(orderPath))?.url).toBe(
      `${orderPath}?access=${ACCESS_TOKEN}`,
    )
    expect(screen.getByText('PO-4711')).toBeTruthy()
    expect(screen.getByText('In Produktion')).toBeTruthy()
    // The fake catalogue does not know this print mode: the name frozen at placement stands in.
    expect(screen.getByText('PA12 – Lasersintern · Gestrahlt · Weiß')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Bestellbestätigung als PDF/ }).getAttribute('href')).toBe(
      `${orderPath}/document.pdf?access=${ACCESS_TOKEN}`,
    )
  })

  it('replaces an order the visitor may not read with the not-available page', async () => {
    const api = orderApi({ [`GET ${orderPath}`]: notFound })
    const { router } = await renderApp({ path: `/order-details/${ORDER_ID}`, fetch: api.fetch })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diese Seite ist nicht verfügbar' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/not-available')
    expect(router.state.location.search).toEqual({ status: 404 })
  })

  it('re-orders after the confirmation, says so and opens the new order', async () => {
    const api = orderApi({
      [`GET ${orderPath}`]: { status: 200, body: { order: paidOrder } },
      [`POST ${orderPath}`]: {
        status: 200,
        body: {
          order: {
            _id: REORDERED_ID,
            orderNumber: 'SW-2026-000200',
            accessToken: ACCESS_TOKEN,
            orderStatus: 'ORDER_RECEIVED',
            paymentStatus: 'PAYMENT_PENDING',
          },
          payment: null,
        },
      },
    })
    const { edges } = await renderApp({
      path: `/order-details/${ORDER_ID}`,
      fetch: api.fetch,
      states: { session: 'loggedIn' },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Erneut bestellen' }))
    expect(screen.getByRole('heading', { name: 'Bestellung erneut aufgeben?' })).toBeTruthy()
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig erneut bestellen' }))
    expect(await screen.findByText('Bestellung wurde erneut aufgegeben')).toBeTruthy()
    expect(screen.getByText('Sie erhalten in Kürze eine Bestätigung per E-Mail.')).toBeTruthy()
    await waitFor(() => expect(edges.navigations).toContain(`/order-details/${REORDERED_ID}`))
  })

  it('lists the signed-in customer’s orders on the account page with links to their details', async () => {
    const api = orderApi({ 'GET /api/checkout/order/user': { status: 200, body: { orders: orderList } } })
    await renderApp({ path: '/account', fetch: api.fetch, states: { session: 'loggedIn' } })
    const link = await screen.findByRole('link', { name: 'SW-2026-000123' })
    expect(link.getAttribute('href')).toBe(`/order-details/${ORDER_ID}`)
    expect(screen.getByRole('link', { name: 'Angebot SW-2026-000124' })).toBeTruthy()
    expect(screen.getByText('wurde versandt')).toBeTruthy()
  })
})
