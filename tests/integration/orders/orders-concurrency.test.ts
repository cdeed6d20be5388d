import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CheckoutResponseSchema } from '#shared/contracts/checkout.contract.ts'
import {
  priceSheetPaths,
  type SheetVersion,
  SheetVersionResponseSchema,
} from '#shared/contracts/price-sheet.contract.ts'
import { newId } from '#server/db/ids.ts'
import { errorOf } from '#tests/integration/helpers/cart.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { testDbKind } from '#tests/integration/helpers/test-app.ts'
import {
  checkout,
  createOrderTestApp,
  details,
  type OrderTestApp,
  preview,
  readyCart,
  voucherId,
} from '#tests/integration/orders/order-helpers.ts'

/**
 * Commerce-reliability checks 1, 2, 5 and 11: one cart gives one order under a storm of placements, a voucher of
 * maxUsage 1 is used once by 50 simultaneous checkouts, a price change between review and placement is a 409 with
 * the new total. The races are real on PostgreSQL (TEST_DATABASE_URL); on PGlite every transaction is serialised,
 * so there they only show that the rules hold.
 */

let t: OrderTestApp

beforeAll(async () => {
  t = await createOrderTestApp()
})
afterAll(async () => {
  await t.close()
})

async function requestFor(cartId: string, discountId: string | null = null) {
  const body = { cartId, paymentDetails: await details(t.db), isBusinessCustomer: false, discountId }
  const { amounts } = await preview(t.app, body)
  return { ...body, termsAccepted: true as const, expectedTotalCents: amounts.total.totalCents }
}

describe(`one cart, one order (${testDbKind})`, () => {
  it('20 parallel placements of one cart with one key and with 20 keys give exactly one order', async () => {
    for (const sameKey of [true, false]) {
      const cartId = await readyCart(t)
      const request = await requestFor(cartId)
      const key = newId()
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => checkout(t.app, request, { key: sameKey ? key : newId() })),
      )
      const ids = new Set<string>()
      for (const response of responses) {
        if (response.statusCode === 409) {
          expect(errorOf(response).code).toBe('order_in_progress')
          continue
        }
        expect(response.statusCode, response.body).toBe(200)
        ids.add(CheckoutResponseSchema.parse(response.json()).order._id)
      }
      expect(ids.size).toBe(1)
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE cart_id = $1',
        [cartId],
      )
      expect(rows[0]?.n).toBe(1)
      // A retry after the storm answers the order.
      const retry = await checkout(t.app, request, { key })
      expect(CheckoutResponseSchema.parse(retry.json()).order._id).toBe([...ids][0])
    }
  })

  it('50 checkouts of 50 carts with a voucher of maxUsage 1 use it exactly once', async () => {
    const once = await voucherId(t.db, 'ONCE')
    await t.db.query('UPDATE vouchers SET used_count = 0 WHERE id = $1', [once])
    const carts = await Promise.all(Array.from({ length: 50 }, () => readyCart(t)))
    const requests = await Promise.all(carts.map((cartId) => requestFor(cartId, once)))
    const responses = await Promise.all(requests.map((request) => checkout(t.app, request)))
    const codes = responses.map((response) => (response.statusCode === 200 ? 'ok' : errorOf(response).code))
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1)
    expect(codes.filter((code) => code === 'voucher_max_usage')).toHaveLength(49)
    const { rows } = await t.db.query<{ used: number; orders: number }>(
      `SELECT used_count AS used, (SELECT count(*)::int FROM orders WHERE voucher_id = $1) AS orders
         FROM vouchers WHERE id = $1`,
      [once],
    )
    expect(rows[0]).toEqual({ used: 1, orders: 1 })
  }, 60_000)
})

describe('drift between review and placement', () => {
  it('a price-sheet change after the preview answers 409 cart_changed with the new total, then places with it', async () => {
    const staff = await signIn(t.app, await createUser(t.db, 'staff'))
    const cartId = await readyCart(t, 2)
    const request = await requestFor(cartId)
    const current = await t.app.inject({
      method: 'GET',
      url: priceSheetPaths.current(t.fdm.id),
      headers: { cookie: staff },
    })
    const v1: SheetVersion = SheetVersionResponseSchema.parse(current.json()).version
    const put = (cells: SheetVersion['cells']) =>
      t.app.inject({
        method: 'PUT',
        url: priceSheetPaths.current(t.fdm.id),
        headers: { cookie: staff },
        payload: { cells, optionVariables: v1.optionVariables },
      })
    const changed = await put(
      v1.cells.map((cell) => (cell.name === 'handling_eur' ? { ...cell, formula: 5 } : cell)),
    )
    expect(changed.statusCode, changed.body).toBe(201)
    try {
      const refused = await checkout(t.app, request)
      expect(refused.statusCode).toBe(409)
      const error = errorOf(refused)
      expect(error.code).toBe('cart_changed')
      const amounts = (error.details as { amounts: { total: { totalCents: number } } }).amounts
      expect(amounts.total.totalCents).toBeGreaterThan(request.expectedTotalCents)
      const placed = await checkout(t.app, { ...request, expectedTotalCents: amounts.total.totalCents })
      expect(placed.statusCode, placed.body).toBe(200)
    } finally {
      expect((await put(v1.cells)).statusCode).toBe(201)
    }
  })
})
