import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_CALLBACK_PATH, PAYMENT_AVAILABILITY_PATH } from '#shared/contracts/checkout.contract.ts'
import { createPaymentsTestApp, type PaymentsTestApp } from '#tests/server/payments/payments-test-app.ts'

/** The local test provider (PAYMENT_TEST_PROVIDER=1 without PayPal): its page, and the same settle as PayPal's. */

let t: PaymentsTestApp
beforeAll(async () => {
  t = await createPaymentsTestApp({ PAYMENT_TEST_PROVIDER: '1' })
})
afterAll(async () => {
  await t.close()
})

async function started() {
  const { order, accessToken } = await t.newOrder()
  const { approveUrl } = await t.payments.startPayment({
    orderId: order._id,
    orderNumber: order.orderNumber,
    amountCents: order.amounts.total.totalCents,
    locale: 'de',
    accessToken,
  })
  return { order, accessToken, approveUrl }
}

const callback = (token: string, success: boolean) =>
  t.app.inject({ method: 'POST', url: CHECKOUT_CALLBACK_PATH, payload: { token, success } })

describe('the test provider', () => {
  it('makes the public availability answer offer PayPal', async () => {
    const answer = await t.app.inject({ method: 'GET', url: PAYMENT_AVAILABILITY_PATH })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ paypal: true })
    // Without PayPal and without the test provider the page must not offer PayPal.
    const bare = await createPaymentsTestApp({ PAYMENT_TEST_PROVIDER: '0' })
    try {
      const off = await bare.app.inject({ method: 'GET', url: PAYMENT_AVAILABILITY_PATH })
      expect(off.json()).toEqual({ paypal: false })
    } finally {
      await bare.close()
    }
  })

  it('serves an approval page with links back to the return and cancel URLs, in the visitor’s language', async () => {
    expect(t.payments.available()).toBe(true)
    const { order, accessToken, approveUrl } = await started()
    const url = new URL(approveUrl)
    expect(url.origin).toBe('https://shop.example')
    const providerOrderId = url.pathname.split('/').pop() ?? ''
    const page = await t.app.inject({
      method: 'GET',
      url: url.pathname,
      headers: { 'accept-language': 'de-DE' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).not.toMatch(/<script|style=/)
    expect(page.body).toContain('Zahlung bestätigen')
    expect(page.body).toContain('Abbrechen')
    const access = encodeURIComponent(accessToken)
    expect(page.body).toContain(
      `https://shop.example/order-complete/${order._id}?access=${access}&amp;token=${providerOrderId}&amp;PayerID=TESTPAYER`,
    )
    expect(page.body).toContain(
      `https://shop.example/order-failed?orderId=${order._id}&amp;access=${access}&amp;token=${providerOrderId}`,
    )
    const french = await t.app.inject({
      method: 'GET',
      url: url.pathname,
      headers: { 'accept-language': 'fr' },
    })
    expect(french.body).toContain('Confirmer le paiement')
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payments/test-provider/TEST-unknown' })).statusCode,
    ).toBe(404)
  })

  it('confirming settles once through the same settle step; a replay answers the same', async () => {
    const { order, approveUrl } = await started()
    const token = new URL(approveUrl).pathname.split('/').pop() ?? ''
    const first = await callback(token, true)
    expect(first.json().order.paymentStatus).toBe('PAYMENT_RECEIVED')
    const second = await callback(token, true)
    expect(second.json()).toEqual(first.json())
    expect(t.orders.settled.filter((id) => id === order._id)).toHaveLength(1)
  })

  it('cancelling fails the payment; the amount check still applies to what the provider reports', async () => {
    const cancelled = await started()
    const token = new URL(cancelled.approveUrl).pathname.split('/').pop() ?? ''
    expect((await callback(token, false)).json().order.paymentStatus).toBe('PAYMENT_FAILED')
    // The order's total changed after the payment was created: the capture no longer matches it.
    const { order, approveUrl } = await started()
    const entry = t.orders.orders.get(order._id)!
    entry.order = {
      ...entry.order,
      amounts: { ...entry.order.amounts, total: { netCents: 1, taxCents: 0, totalCents: 1 } },
    }
    const other = new URL(approveUrl).pathname.split('/').pop() ?? ''
    expect((await callback(other, true)).json().order.paymentStatus).toBe('PAYMENT_PENDING')
    expect(t.orders.settled).not.toContain(order._id)
  })
})
