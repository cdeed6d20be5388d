import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CheckoutResponseSchema, UserOrdersResponseSchema } from '#shared/contracts/checkout.contract.ts'
import { newId } from '#server/db/ids.ts'
import { CART_BASE, errorOf, itemInput } from '#tests/integration/helpers/cart.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { testDbKind } from '#tests/integration/helpers/test-app.ts'
import {
  checkout,
  createOrderTestApp,
  details,
  type OrderTestApp,
  orderOf,
  placeOrder,
  preview,
  readOrder,
  readyCart,
} from '#tests/integration/orders/order-helpers.ts'

/** Placement, access and the order reads (issue 16), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. */

let t: OrderTestApp

beforeAll(async () => {
  t = await createOrderTestApp()
})
afterAll(async () => {
  await t.close()
})

const waitForMails = async (count: number) => {
  for (let i = 0; i < 100 && t.documents.sent.length < count; i++) await new Promise((r) => setTimeout(r, 20))
}

describe(`a guest's prepaid order (${testDbKind})`, () => {
  it('places the cart once: preview total = order total, the cart is gone, the confirmation is queued', async () => {
    const cartId = await readyCart(t, 2)
    const body = { cartId, paymentDetails: await details(t.db), isBusinessCustomer: false }
    const before = t.documents.sent.length
    const { answer, amounts } = await placeOrder(t.app, body)
    expect(answer.order).toMatchObject({ orderStatus: 'ORDER_RECEIVED', paymentStatus: 'PAYMENT_PENDING' })
    expect(answer.order.orderNumber).toMatch(/^SW-\d{4}-\d{6}$/)
    expect(answer.payment).toBeNull()

    const read = await readOrder(t.app, answer.order._id, `?access=${answer.order.accessToken}`)
    expect(read.statusCode, read.body).toBe(200)
    const order = orderOf(read)
    expect(order.amounts).toEqual(amounts)
    expect(order.amounts.taxRatePercent).toBe(19)
    expect(order.items).toHaveLength(1)
    expect(order.items[0]).toMatchObject({
      quantity: 2,
      unitPrice: { netCents: 3045 },
      printModeName: 'PLA (FDM)',
    })
    expect(order.items[0]!.fileSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(order.bankDetails?.iban).toBeTruthy()
    expect(order.actions).toEqual({ reorder: false, payNow: false, orderNow: false })

    // An ordered cart: reads 404, changes 409 cart_ordered.
    expect((await t.app.inject({ method: 'GET', url: `${CART_BASE}/${cartId}` })).statusCode).toBe(404)
    const add = await t.app.inject({
      method: 'POST',
      url: `${CART_BASE}/${cartId}/item`,
      payload: { items: [itemInput(t.boxId, t.fdm.id)] },
    })
    expect(add.statusCode).toBe(409)
    expect(errorOf(add).code).toBe('cart_ordered')

    await waitForMails(before + 1)
    const mails = t.documents.sent.filter((mail) => mail.order._id === answer.order._id)
    expect(mails.map((mail) => mail.kind)).toEqual(['order_confirmation'])
  })

  it('answers 404 without the token, with a wrong one and to another customer; the same for an unknown id', async () => {
    const cartId = await readyCart(t)
    const { answer } = await placeOrder(t.app, {
      cartId,
      paymentDetails: await details(t.db),
      isBusinessCustomer: false,
    })
    const other = await signIn(t.app, await createUser(t.db, 'customer'))
    const unknown = await readOrder(t.app, newId())
    for (const response of [
      await readOrder(t.app, answer.order._id),
      await readOrder(t.app, answer.order._id, `?access=${'A'.repeat(43)}`),
      await readOrder(t.app, answer.order._id, '', other),
      await t.app.inject({ method: 'GET', url: `/api/checkout/order/${answer.order._id}/document.pdf` }),
      await readOrder(t.app, 'not-an-id'),
    ]) {
      expect(response.statusCode).toBe(404)
      expect(response.body).toBe(unknown.body)
    }
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/checkout/order/${answer.order._id}/document.pdf?access=${answer.order.accessToken}`,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.body).toContain(answer.order.orderNumber)
  })
})

describe('idempotency and drift', () => {
  it('needs a key; replays the same key byte for byte; refuses it with another body', async () => {
    const cartId = await readyCart(t)
    const body = { cartId, paymentDetails: await details(t.db), isBusinessCustomer: false }
    const { amounts } = await preview(t.app, body)
    const request = { ...body, termsAccepted: true as const, expectedTotalCents: amounts.total.totalCents }
    const missing = await checkout(t.app, request, { key: null })
    expect(missing.statusCode).toBe(400)

    const key = newId()
    const first = await checkout(t.app, request, { key })
    expect(first.statusCode, first.body).toBe(200)
    const again = await checkout(t.app, request, { key })
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(first.body)

    const other = await checkout(
      t.app,
      { ...request, paymentDetails: { ...body.paymentDetails, phone: '123' } },
      { key },
    )
    expect(other.statusCode).toBe(422)
    expect(errorOf(other).code).toBe('idempotency_key_reused')

    // Another key for the same cart: the same order, not a second one.
    const otherKey = await checkout(t.app, request)
    expect(CheckoutResponseSchema.parse(otherKey.json()).order._id).toBe(
      CheckoutResponseSchema.parse(first.json()).order._id,
    )
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE cart_id = $1',
      [cartId],
    )
    expect(rows[0]?.n).toBe(1)
  })

  it('answers 409 cart_changed with the server amounts when the expected total differs, and places nothing', async () => {
    const cartId = await readyCart(t)
    const body = { cartId, paymentDetails: await details(t.db), isBusinessCustomer: false }
    const { amounts } = await preview(t.app, body)
    const response = await checkout(t.app, {
      ...body,
      termsAccepted: true,
      expectedTotalCents: amounts.total.totalCents - 1,
    })
    expect(response.statusCode).toBe(409)
    const error = errorOf(response)
    expect(error.code).toBe('cart_changed')
    expect(error.details).toEqual({ amounts })
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE cart_id = $1',
      [cartId],
    )
    expect(rows[0]?.n).toBe(0)
  })
})

describe('payment methods and quotes', () => {
  it('refuses invoice and quote for a guest, and invoice abroad', async () => {
    const cartId = await readyCart(t)
    for (const method of ['billing', 'quote'] as const) {
      const paymentDetails = await details(t.db, 'DE', { billingPaymentMethod: method })
      const response = await checkout(t.app, {
        cartId,
        paymentDetails,
        isBusinessCustomer: false,
        termsAccepted: true,
        expectedTotalCents: 1,
      })
      expect(response.statusCode).toBe(422)
      expect(errorOf(response).code).toBe('payment_method_not_allowed')
    }
  })

  it('gives a signed-in customer a quote: QUOTE_GENERATED, nothing due, no voucher, a quote mail; then orders it', async () => {
    const user = await createUser(t.db, 'customer')
    const cookie = await signIn(t.app, user)
    const cartId = await readyCart(t)
    const { rows: vouchers } = await t.db.query<{ id: string }>("SELECT id FROM vouchers WHERE code = 'FIX5'")
    const body = {
      cartId,
      paymentDetails: await details(t.db, 'DE', { billingPaymentMethod: 'quote' }),
      isBusinessCustomer: false,
      discountId: vouchers[0]!.id,
    }
    const { answer, amounts } = await placeOrder(t.app, body, { cookie })
    expect(amounts.discount).toBeNull()
    expect(answer.order).toMatchObject({ orderStatus: 'QUOTE_GENERATED', paymentStatus: 'PAYMENT_NOT_DUE' })
    const order = orderOf(await readOrder(t.app, answer.order._id, '', cookie))
    expect(order).toMatchObject({ isQuote: true, actions: { orderNow: true } })
    const { rows } = await t.db.query<{ invoice_number: string | null }>(
      'SELECT invoice_number FROM orders WHERE id = $1',
      [answer.order._id],
    )
    expect(rows[0]?.invoice_number).toBeNull()

    const ordered = await t.app.inject({
      method: 'PUT',
      url: `/api/checkout/order/${answer.order._id}/payment-details`,
      headers: { cookie },
      payload: {
        billingPaymentMethod: 'billing',
        termsAccepted: true,
        expectedTotalCents: amounts.total.totalCents,
      },
    })
    expect(ordered.statusCode, ordered.body).toBe(200)
    expect(CheckoutResponseSchema.parse(ordered.json()).order).toMatchObject({
      orderStatus: 'ORDER_RECEIVED',
      paymentStatus: 'PAYMENT_PENDING',
    })
    const list = await t.app.inject({ method: 'GET', url: '/api/checkout/order/user', headers: { cookie } })
    expect(UserOrdersResponseSchema.parse(list.json()).orders.map((entry) => entry._id)).toEqual([
      answer.order._id,
    ])
    await waitForMails(t.documents.sent.length + 1)
    expect(
      t.documents.sent.filter((mail) => mail.order._id === answer.order._id).map((mail) => mail.kind),
    ).toEqual(['quote', 'order_confirmation'])
  })

  it('re-orders a paid order of its owner as a new order priced now; others get 404', async () => {
    const user = await createUser(t.db, 'customer')
    const cookie = await signIn(t.app, user)
    const cartId = await readyCart(t)
    const body = { cartId, paymentDetails: await details(t.db), isBusinessCustomer: false }
    const { answer } = await placeOrder(t.app, body, { cookie })
    const notYet = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/order/${answer.order._id}`,
      headers: { cookie },
    })
    expect(notYet.statusCode).toBe(409)
    await t.db.query("UPDATE orders SET payment_status = 'PAYMENT_RECEIVED' WHERE id = $1", [
      answer.order._id,
    ])
    const stranger = await signIn(t.app, await createUser(t.db, 'customer'))
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/order/${answer.order._id}`,
      headers: { cookie: stranger },
    })
    expect(foreign.statusCode).toBe(404)
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/order/${answer.order._id}`,
      headers: { cookie },
    })
    expect(again.statusCode, again.body).toBe(200)
    const second = CheckoutResponseSchema.parse(again.json()).order
    expect(second._id).not.toBe(answer.order._id)
    const first = orderOf(await readOrder(t.app, answer.order._id, '', cookie))
    const copy = orderOf(await readOrder(t.app, second._id, '', cookie))
    expect(copy.amounts.total).toEqual(first.amounts.total)
    expect(copy.billingInformation).toEqual(first.billingInformation)
  })
})

describe('legacy reads', () => {
  it('tracks an order by number and e-mail only; ProfileOrdersGet needs a session', async () => {
    const cartId = await readyCart(t)
    const { answer } = await placeOrder(t.app, {
      cartId,
      paymentDetails: await details(t.db),
      isBusinessCustomer: false,
    })
    const track = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/rest_api/trackorder.php?${query}` })
    const found = await track(`orderNumber=${answer.order.orderNumber}&email=ERIKA@example.test`)
    expect(found.statusCode, found.body).toBe(200)
    expect(orderOf(found)._id).toBe(answer.order._id)
    expect((await track(`orderNumber=${answer.order.orderNumber}&email=other@example.test`)).statusCode).toBe(
      404,
    )
    expect((await t.app.inject({ method: 'GET', url: '/api/ProfileOrdersGet.php' })).statusCode).toBe(401)
  })
})
