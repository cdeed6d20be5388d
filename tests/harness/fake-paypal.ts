import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A fake PayPal on a real HTTP port, speaking the Orders v2 shapes the shop uses: the OAuth2 token, create order
 * (with PayPal-Request-Id replay), capture (same), show order and verify-webhook-signature. Switches make it
 * approve or not, decline, hold a capture PENDING, capture a different amount, answer slowly or say FAILURE to a
 * webhook signature. It counts what it was asked, so tests can assert "one capture".
 */

export type CaptureMode = 'complete' | 'declined' | 'pending' | 'amount_mismatch' | 'server_error'

interface FakeOrder {
  id: string
  status: 'CREATED' | 'APPROVED' | 'COMPLETED'
  customId: string
  invoiceId: string
  currency: string
  value: string
  capture?: { id: string; status: string; value: string }
}

export interface FakePaypal {
  baseUrl: string
  /** Every call by kind: token, create, capture, show, verify. */
  calls: Record<'token' | 'create' | 'capture' | 'show' | 'verify', number>
  /** Capture requests that really captured (not answered from the PayPal-Request-Id replay). */
  capturesPerformed: number
  captureMode: CaptureMode
  /** Delay of every capture answer (a slow PayPal). */
  captureDelayMs: number
  verifyStatus: 'SUCCESS' | 'FAILURE'
  /** The last verify request's body, as PayPal would receive it. */
  lastVerifyBody: string | undefined
  /** The buyer approves the order on PayPal's page. */
  approve(orderId: string): void
  /** A pending capture completes (PayPal's later PAYMENT.CAPTURE.COMPLETED). */
  completePendingCapture(orderId: string): void
  order(orderId: string): FakeOrder | undefined
  orders(): FakeOrder[]
  close(): Promise<void>
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

const unprocessable = (issue: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  details: [{ issue, description: issue }],
})

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function orderView(base: string, order: FakeOrder) {
  return {
    id: order.id,
    status: order.status === 'CREATED' ? 'PAYER_ACTION_REQUIRED' : order.status,
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
    ],
    purchase_units: [
      {
        reference_id: order.customId,
        custom_id: order.customId,
        invoice_id: order.invoiceId,
        amount: { currency_code: order.currency, value: order.value },
        ...(order.capture === undefined
          ? {}
          : {
              payments: {
                captures: [
                  {
                    id: order.capture.id,
                    status: order.capture.status,
                    amount: { currency_code: order.currency, value: order.capture.value },
                    custom_id: order.customId,
                    invoice_id: order.invoiceId,
                  },
                ],
              },
            }),
      },
    ],
  }
}

const lessOneCent = (value: string) => (Math.round(Number(value) * 100) - 1) / 100

export async function startFakePaypal(): Promise<FakePaypal> {
  const orders = new Map<string, FakeOrder>()
  const replies = new Map<string, { status: number; body: unknown }>()
  let baseUrl = ''

  const fake: FakePaypal = {
    baseUrl: '',
    calls: { token: 0, create: 0, capture: 0, show: 0, verify: 0 },
    capturesPerformed: 0,
    captureMode: 'complete',
    captureDelayMs: 0,
    verifyStatus: 'SUCCESS',
    lastVerifyBody: undefined,
    approve(orderId) {
      const order = orders.get(orderId)
      if (order === undefined) throw new Error(`fake PayPal: no order ${orderId}`)
      if (order.status === 'CREATED') order.status = 'APPROVED'
    },
    completePendingCapture(orderId) {
      const capture = orders.get(orderId)?.capture
      if (capture !== undefined) capture.status = 'COMPLETED'
    },
    order: (orderId) => orders.get(orderId),
    orders: () => [...orders.values()],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  function create(body: string): { status: number; body: unknown } {
    const request = JSON.parse(body) as {
      purchase_units: {
        custom_id: string
        invoice_id: string
        amount: { currency_code: string; value: string }
      }[]
    }
    const unit = request.purchase_units[0]
    if (unit === undefined) return { status: 400, body: { name: 'INVALID_REQUEST' } }
    const order: FakeOrder = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: 'CREATED',
      customId: unit.custom_id,
      invoiceId: unit.invoice_id,
      currency: unit.amount.currency_code,
      value: unit.amount.value,
    }
    orders.set(order.id, order)
    return { status: 200, body: orderView(baseUrl, order) }
  }

  function capture(orderId: string): { status: number; body: unknown } {
    const order = orders.get(orderId)
    if (order === undefined) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } }
    if (order.status === 'CREATED') return { status: 422, body: unprocessable('ORDER_NOT_APPROVED') }
    if (order.capture !== undefined) return { status: 422, body: unprocessable('ORDER_ALREADY_CAPTURED') }
    if (fake.captureMode === 'server_error') return { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } }
    if (fake.captureMode === 'declined') return { status: 422, body: unprocessable('INSTRUMENT_DECLINED') }
    fake.capturesPerformed++
    order.status = 'COMPLETED'
    const value = fake.captureMode === 'amount_mismatch' ? lessOneCent(order.value).toFixed(2) : order.value
    const status = fake.captureMode === 'pending' ? 'PENDING' : 'COMPLETED'
    order.capture = { id: `CAP${randomBytes(6).toString('hex').toUpperCase()}`, status, value }
    return { status: 201, body: orderView(baseUrl, order) }
  }

  /** Requests with a PayPal-Request-Id seen before get the answer given then (PayPal keeps them 6 h). */
  function idempotent(request: IncomingMessage, run: () => { status: number; body: unknown }) {
    const key = request.headers['paypal-request-id']
    if (typeof key !== 'string') return run()
    const previous = replies.get(`${request.url}|${key}`)
    if (previous !== undefined) return previous
    const reply = run()
    if (reply.status < 500) replies.set(`${request.url}|${key}`, reply)
    return reply
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request)
    const url = request.url ?? ''
    if (url === '/v1/oauth2/token' && request.method === 'POST') {
      fake.calls.token++
      if (!(request.headers.authorization ?? '').startsWith('Basic ')) return json(response, 401, {})
      return json(response, 200, { access_token: `A21${randomBytes(8).toString('hex')}`, expires_in: 32400 })
    }
    if (!(request.headers.authorization ?? '').startsWith('Bearer A21')) return json(response, 401, {})
    if (url === '/v2/checkout/orders' && request.method === 'POST') {
      fake.calls.create++
      const reply = idempotent(request, () => create(body))
      return json(response, reply.status, reply.body)
    }
    const captureMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(url)
    if (captureMatch !== null && request.method === 'POST') {
      fake.calls.capture++
      if (fake.captureDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.captureDelayMs))
      const reply = idempotent(request, () => capture(captureMatch[1] ?? ''))
      return json(response, reply.status, reply.body)
    }
    const showMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(url)
    if (showMatch !== null && request.method === 'GET') {
      fake.calls.show++
      const order = orders.get(showMatch[1] ?? '')
      return order === undefined ? json(response, 404, {}) : json(response, 200, orderView(baseUrl, order))
    }
    if (url === '/v1/notifications/verify-webhook-signature' && request.method === 'POST') {
      fake.calls.verify++
      fake.lastVerifyBody = body
      JSON.parse(body)
      return json(response, 200, { verification_status: fake.verifyStatus })
    }
    json(response, 404, { name: 'RESOURCE_NOT_FOUND' })
  }

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => json(response, 500, { message: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.baseUrl = baseUrl
  return fake
}
