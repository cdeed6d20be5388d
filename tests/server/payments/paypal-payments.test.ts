import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CHECKOUT_CALLBACK_PATH,
  CheckoutCallbackResponseSchema,
  PAYPAL_WEBHOOK_PATH,
} from '#shared/contracts/checkout.contract.ts'
import { startFakePaypal, type FakePaypal } from '#tests/harness/fake-paypal.ts'
import { createPaymentsTestApp, type PaymentsTestApp } from '#tests/server/payments/payments-test-app.ts'

/** PayPal Orders v2 against a fake PayPal on a real port (issue 16, decision 0096; reliability checks 20–24). */

let paypal: FakePaypal
let t: PaymentsTestApp

beforeAll(async () => {
  paypal = await startFakePaypal()
  t = await createPaymentsTestApp({
    PAYPAL_CLIENT_ID: 'client',
    PAYPAL_CLIENT_SECRET: 'secret',
    PAYPAL_API_BASE: paypal.baseUrl,
    PAYPAL_WEBHOOK_ID: 'WH-TEST',
  })
})
afterAll(async () => {
  await t.close()
  await paypal.close()
})
beforeEach(() => {
  paypal.captureMode = 'complete'
  paypal.captureDelayMs = 0
  paypal.verifyStatus = 'SUCCESS'
})

let address = 0
const callback = (token: string, success: boolean) =>
  t.app.inject({
    method: 'POST',
    url: CHECKOUT_CALLBACK_PATH,
    remoteAddress: `10.9.0.${++address % 250}`,
    payload: { token, success, ...(success ? { PayerID: 'PAYER1' } : {}) },
  })

let transmission = 0
function webhook(
  eventType: string,
  resource: Record<string, unknown>,
  transmissionId = `tx-${++transmission}`,
) {
  return t.app.inject({
    method: 'POST',
    url: PAYPAL_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/cert.pem',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': 'c2lnbmF0dXJl',
      'paypal-transmission-time': new Date().toISOString(),
    },
    payload: JSON.stringify({ id: `WH-${transmissionId}`, event_type: eventType, resource }),
  })
}

const approvedEvent = (providerOrderId: string) => webhook('CHECKOUT.ORDER.APPROVED', { id: providerOrderId })

/** A placed PayPal order, started with PayPal: its PayPal order id. */
async function started(totalCents?: number) {
  const { order, accessToken } = await t.newOrder(totalCents)
  const { approveUrl } = await t.payments.startPayment({
    orderId: order._id,
    orderNumber: order.orderNumber,
    amountCents: order.amounts.total.totalCents,
    locale: 'de',
    accessToken,
  })
  const providerOrderId = new URL(approveUrl).searchParams.get('token') ?? ''
  return { order, providerOrderId, approveUrl }
}

const paymentRow = async (providerOrderId: string) =>
  (
    await t.db.query<{ status: string; review_reason: string | null; capture_id: string | null }>(
      'SELECT status, review_reason, capture_id FROM payments WHERE provider_order_id = $1',
      [providerOrderId],
    )
  ).rows[0]

describe('starting a payment', () => {
  it('creates one PayPal order for the total, with our order id, number and the return URLs', async () => {
    const creates = paypal.calls.create
    const { order, providerOrderId, approveUrl } = await started()
    expect(approveUrl).toBe(`${paypal.baseUrl}/checkoutnow?token=${providerOrderId}`)
    const created = paypal.order(providerOrderId)
    expect(created).toMatchObject({
      customId: order._id,
      invoiceId: order.orderNumber,
      currency: 'EUR',
      value: '39.75',
    })
    // Started again (a retry, "pay now"): the same PayPal order, no second one.
    const again = await t.payments.startPayment({
      orderId: order._id,
      orderNumber: order.orderNumber,
      amountCents: order.amounts.total.totalCents,
      locale: 'de',
      accessToken: 'T'.repeat(43),
    })
    expect(again.approveUrl).toBe(approveUrl)
    expect(paypal.calls.create).toBe(creates + 1)
    expect(t.payments.available()).toBe(true)
  })
})

describe('the buyer returns', () => {
  it('approve: the server captures once and the order is paid once', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    const response = await callback(providerOrderId, true)
    expect(response.statusCode).toBe(200)
    const body = CheckoutCallbackResponseSchema.parse(response.json())
    expect(body.order).toMatchObject({ _id: order._id, paymentStatus: 'PAYMENT_RECEIVED' })
    // The provider's token alone must not open the order: no access token in the answer.
    expect(JSON.stringify(response.json())).not.toContain('T'.repeat(43))
    expect(t.orders.settled.filter((id) => id === order._id)).toHaveLength(1)
    expect(await paymentRow(providerOrderId)).toMatchObject({ status: 'captured', review_reason: null })
  })

  it('a replayed return answers the same and captures once', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    const performed = paypal.capturesPerformed
    const captureCalls = paypal.calls.capture
    const first = await callback(providerOrderId, true)
    const second = await callback(providerOrderId, true)
    expect(second.json()).toEqual(first.json())
    expect(paypal.capturesPerformed).toBe(performed + 1)
    expect(paypal.calls.capture).toBe(captureCalls + 1)
    expect(t.orders.settled.filter((id) => id === order._id)).toHaveLength(1)
  })

  it('the return URL alone (not approved at PayPal) never marks paid', async () => {
    const { order, providerOrderId } = await started()
    const response = await callback(providerOrderId, true)
    expect(response.statusCode).toBe(200)
    expect(response.json().order.paymentStatus).toBe('PAYMENT_PENDING')
    expect(t.orders.settled).not.toContain(order._id)
    expect((await paymentRow(providerOrderId))?.status).toBe('created')
  })

  it('an unknown token is 404 and a cross-site return is refused before anything runs', async () => {
    expect((await callback('NOSUCHORDER123', true)).statusCode).toBe(404)
    const { providerOrderId } = await started()
    paypal.approve(providerOrderId)
    const captureCalls = paypal.calls.capture
    const crossSite = await t.app.inject({
      method: 'POST',
      url: CHECKOUT_CALLBACK_PATH,
      headers: { origin: 'https://evil.example' },
      payload: { token: providerOrderId, success: true },
    })
    expect(crossSite.statusCode).toBe(403)
    expect(paypal.calls.capture).toBe(captureCalls)
  })

  it('cancel: the payment fails and the order says so', async () => {
    const { order, providerOrderId } = await started()
    const response = await callback(providerOrderId, false)
    expect(response.json().order.paymentStatus).toBe('PAYMENT_FAILED')
    expect(t.orders.failed).toContain(order._id)
    expect(await paymentRow(providerOrderId)).toMatchObject({ status: 'failed', review_reason: 'cancelled' })
  })
})

describe('captures that do not pay', () => {
  it('a declined capture (422) is not paid: the payment fails', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    paypal.captureMode = 'declined'
    const response = await callback(providerOrderId, true)
    expect(response.json().order.paymentStatus).toBe('PAYMENT_FAILED')
    expect(t.orders.settled).not.toContain(order._id)
    expect(await paymentRow(providerOrderId)).toMatchObject({
      status: 'failed',
      review_reason: 'declined_INSTRUMENT_DECLINED',
    })
  })

  it('a capture one cent short is flagged, the order stays pending, a retry changes nothing', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    paypal.captureMode = 'amount_mismatch'
    const response = await callback(providerOrderId, true)
    expect(response.json().order.paymentStatus).toBe('PAYMENT_PENDING')
    expect(await paymentRow(providerOrderId)).toMatchObject({
      status: 'approved',
      review_reason: 'amount_mismatch',
    })
    const captureCalls = paypal.calls.capture
    await callback(providerOrderId, true)
    expect(paypal.calls.capture).toBe(captureCalls)
    expect(t.orders.settled).not.toContain(order._id)
  })

  it('a PENDING capture waits; the later completion settles through the webhook', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    paypal.captureMode = 'pending'
    const response = await callback(providerOrderId, true)
    expect(response.json().order.paymentStatus).toBe('PAYMENT_PENDING')
    expect(await paymentRow(providerOrderId)).toMatchObject({
      status: 'approved',
      review_reason: 'capture_PENDING',
    })
    paypal.completePendingCapture(providerOrderId)
    const capture = paypal.order(providerOrderId)?.capture?.id
    const delivered = await webhook('PAYMENT.CAPTURE.COMPLETED', {
      id: capture,
      supplementary_data: { related_ids: { order_id: providerOrderId } },
    })
    expect(delivered.statusCode).toBe(200)
    expect(t.orders.settled.filter((id) => id === order._id)).toHaveLength(1)
    expect((await paymentRow(providerOrderId))?.status).toBe('captured')
  })

  it('PayPal down (500) decides nothing; the next return captures', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    paypal.captureMode = 'server_error'
    expect((await callback(providerOrderId, true)).json().order.paymentStatus).toBe('PAYMENT_PENDING')
    paypal.captureMode = 'complete'
    expect((await callback(providerOrderId, true)).json().order.paymentStatus).toBe('PAYMENT_RECEIVED')
    expect(t.orders.settled.filter((id) => id === order._id)).toHaveLength(1)
  })
})

describe('return and webhook converge', () => {
  it('concurrent returns and webhooks (slow PayPal): one capture, one settle', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    paypal.captureDelayMs = 300
    const performed = paypal.capturesPerformed
    const answers = await Promise.all([
      callback(providerOrderId, true),
      approvedEvent(providerOrderId),
      callback(providerOrderId, true),
      approvedEvent(providerOrderId),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200])
    expect(paypal.capturesPerformed).toBe(performed + 1)
    expect(t.orders.settled.filter((id) => id === order._id)).toHaveLength(1)
    expect(answers[0]?.json().order.paymentStatus).toBe('PAYMENT_RECEIVED')
  })

  it('a webhook alone settles: the approved order is captured by the server', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    expect((await approvedEvent(providerOrderId)).statusCode).toBe(200)
    expect(t.orders.settled).toContain(order._id)
  })
})

describe('webhook authenticity', () => {
  it('a forged delivery (verify says FAILURE) does nothing', async () => {
    const { order, providerOrderId } = await started()
    paypal.approve(providerOrderId)
    paypal.verifyStatus = 'FAILURE'
    const captureCalls = paypal.calls.capture
    const response = await approvedEvent(providerOrderId)
    expect(response.statusCode).toBe(401)
    expect(paypal.calls.capture).toBe(captureCalls)
    expect(t.orders.settled).not.toContain(order._id)
  })

  it('is verified with the raw body, the transmission headers and our webhook id', async () => {
    const { providerOrderId } = await started()
    await webhook('CHECKOUT.ORDER.APPROVED', { id: providerOrderId }, 'tx-raw-1')
    const sent = JSON.parse(paypal.lastVerifyBody ?? '{}') as Record<string, unknown>
    expect(sent).toMatchObject({
      webhook_id: 'WH-TEST',
      transmission_id: 'tx-raw-1',
      auth_algo: 'SHA256withRSA',
      webhook_event: { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: providerOrderId } },
    })
  })

  it('a replayed transmission id is a no-op; deliveries without the headers are refused', async () => {
    const { providerOrderId } = await started()
    await webhook('CHECKOUT.ORDER.APPROVED', { id: providerOrderId }, 'tx-replay')
    paypal.approve(providerOrderId)
    const captureCalls = paypal.calls.capture
    const replay = await webhook('CHECKOUT.ORDER.APPROVED', { id: providerOrderId }, 'tx-replay')
    expect(replay.statusCode).toBe(200)
    expect(paypal.calls.capture).toBe(captureCalls)
    const bare = await t.app.inject({
      method: 'POST',
      url: PAYPAL_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"x","event_type":"CHECKOUT.ORDER.APPROVED"}',
    })
    expect(bare.statusCode).toBe(400)
  })
})
