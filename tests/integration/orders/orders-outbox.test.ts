import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbKind } from '#tests/integration/helpers/test-app.ts'
import {
  createOrderTestApp,
  details,
  type OrderTestApp,
  placeOrder,
  readyCart,
  recordingDocuments,
  type RecordingDocuments,
} from '#tests/integration/orders/order-helpers.ts'

/**
 * The order outbox (decision 0094, commerce-reliability check 4): a mail queued in the order's transaction that did
 * not go out (the process died, the mail server was down) goes out after a restart, once; later starts send nothing.
 */

let t: OrderTestApp
let down: RecordingDocuments

beforeAll(async () => {
  // The first process's mail never leaves: every send fails, as if it died right after the commit.
  down = {
    ...recordingDocuments(),
    sendOrderMail: () => Promise.reject(new Error('mail server down')),
  }
  t = await createOrderTestApp({ documents: down })
})
afterAll(async () => {
  await t.close()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe(`order mails after a restart (${testDbKind})`, () => {
  it('sends the queued confirmation once after a restart and never again', async () => {
    const cartId = await readyCart(t)
    const { answer } = await placeOrder(t.app, {
      cartId,
      paymentDetails: await details(t.db),
      isBusinessCustomer: false,
    })
    await settle()
    const { rows: pending } = await t.db.query<{ done: boolean; attempts: number; last_error: string }>(
      'SELECT done_at IS NOT NULL AS done, attempts, last_error FROM order_outbox WHERE order_id = $1',
      [answer.order._id],
    )
    expect(pending).toEqual([{ done: false, attempts: 1, last_error: 'mail server down' }])

    const second = recordingDocuments()
    await t.restart(second)
    for (let i = 0; i < 50 && second.sent.length === 0; i++) await settle()
    expect(second.sent.map((mail) => [mail.kind, mail.order._id])).toEqual([
      ['order_confirmation', answer.order._id],
    ])
    expect(second.sent[0]!.order.orderNumber).toBe(answer.order.orderNumber)

    const third = recordingDocuments()
    await t.restart(third)
    await settle()
    expect(third.sent).toEqual([])
    const { rows: done } = await t.db.query<{ done: boolean }>(
      'SELECT done_at IS NOT NULL AS done FROM order_outbox WHERE order_id = $1',
      [answer.order._id],
    )
    expect(done).toEqual([{ done: true }])
  })
})
