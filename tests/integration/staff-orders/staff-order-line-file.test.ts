import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StaffOrderDetailResponseSchema, staffOrderPaths } from '#shared/contracts/staff-orders.contract.ts'
import { sourcePath } from '#server/modules/analysis/analysis-storage.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { testDbKind } from '#tests/integration/helpers/test-app.ts'
import {
  createOrderTestApp,
  details,
  type OrderTestApp,
  placeOrder,
  readyCart,
} from '#tests/integration/orders/order-helpers.ts'

/**
 * An order line's uploaded file for staff (issue 17 "file download", decision 0107): streamed through the analysis
 * module's face under the customer's file name; staff only; 404 for a line of another order or a file that is gone.
 */

let t: OrderTestApp
let staffCookie: string
let customerCookie: string

beforeAll(async () => {
  t = await createOrderTestApp()
  staffCookie = await signIn(t.app, await createUser(t.db, 'staff'))
  customerCookie = await signIn(t.app, await createUser(t.db, 'customer'))
})
afterAll(async () => {
  await t.close()
})

async function guestOrder(): Promise<{ orderId: string; lineId: string }> {
  const cartId = await readyCart(t, 1)
  const body = { cartId, paymentDetails: await details(t.db, 'DE'), isBusinessCustomer: false }
  const { answer } = await placeOrder(t.app, body)
  const response = await t.app.inject({
    method: 'GET',
    url: staffOrderPaths.one(answer.order._id),
    headers: { cookie: staffCookie },
  })
  const line = StaffOrderDetailResponseSchema.parse(response.json()).order.items[0]
  if (line === undefined) throw new Error('the order has no line')
  return { orderId: answer.order._id, lineId: line._id }
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } })

describe(`an order line's file for staff (${testDbKind})`, () => {
  it('streams the upload as it arrived, under its original name, to staff only', async () => {
    const { orderId, lineId } = await guestOrder()
    const url = staffOrderPaths.lineFile(orderId, lineId)
    // The upload's folder is gone (the test box has only its row): nothing to send.
    expect((await get(url, staffCookie)).statusCode).toBe(404)

    const path = sourcePath(t.config.analysis.uploadsDir, t.boxId, 'stl')
    mkdirSync(dirname(path), { recursive: true })
    const bytes = Buffer.from('solid part\nendsolid part\n')
    writeFileSync(path, bytes)

    expect((await get(url)).statusCode).toBe(401)
    expect((await get(url, customerCookie)).statusCode).toBe(403)
    const answer = await get(url, staffCookie)
    expect(answer.statusCode).toBe(200)
    expect(answer.rawPayload.equals(bytes)).toBe(true)
    expect(answer.headers['content-type']).toBe('application/octet-stream')
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="part.stl"; filename*=UTF-8''part.stl`,
    )
    expect(answer.headers['cache-control']).toBe('private, no-store')
  })

  it("answers 404 for another order's line, an unknown order and a malformed id", async () => {
    const first = await guestOrder()
    const second = await guestOrder()
    expect((await get(staffOrderPaths.lineFile(second.orderId, first.lineId), staffCookie)).statusCode).toBe(
      404,
    )
    expect((await get(staffOrderPaths.lineFile(first.lineId, first.lineId), staffCookie)).statusCode).toBe(
      404,
    )
    expect((await get(staffOrderPaths.lineFile(first.orderId, 'x'), staffCookie)).statusCode).toBe(400)
  })
})
