import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { USER_DETAILS_PATH } from '#shared/contracts/account.contract.ts'
import type { Order } from '#shared/contracts/checkout.contract.ts'
import { AuditLogResponseSchema, auditLogUrl } from '#shared/contracts/staff-audit.contract.ts'
import {
  type StaffOrderListQuery,
  StaffOrderDetailResponseSchema,
  StaffOrderListResponseSchema,
  staffOrderPaths,
} from '#shared/contracts/staff-orders.contract.ts'
import type { OrderMailKind, OrderStatusMail } from '#server/modules/orders/order-ports.ts'
import { orderMailMessage } from '#server/modules/order-documents/order-mails.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { testDbKind } from '#tests/integration/helpers/test-app.ts'
import {
  createOrderTestApp,
  details,
  type OrderTestApp,
  placeOrder,
  readyCart,
  type RecordingDocuments,
} from '#tests/integration/orders/order-helpers.ts'

/** The order back office (issue 17, decision 0105), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. */

/** Records every mail with the status it announces (the helpers' double drops that third argument). */
function statusRecordingDocuments() {
  const mails: { kind: OrderMailKind; order: Order; statusMail: OrderStatusMail | undefined }[] = []
  const documents: RecordingDocuments = {
    sent: [],
    renderPdf: async () => new Uint8Array(),
    sendOrderMail: async (kind, order, statusMail) => {
      documents.sent.push({ kind, order })
      mails.push({ kind, order, statusMail })
    },
  }
  return { documents, mails }
}

const recorded = statusRecordingDocuments()
let t: OrderTestApp
let staffCookie: string
let staffId: string
let customerCookie: string
let customerId: string

beforeAll(async () => {
  t = await createOrderTestApp({ documents: recorded.documents })
  const staff = await createUser(t.db, 'staff')
  staffId = staff.id
  staffCookie = await signIn(t.app, staff)
  const customer = await createUser(t.db, 'customer')
  customerId = customer.id
  customerCookie = await signIn(t.app, customer)
})
afterAll(async () => {
  await t.close()
})

async function guestOrder(email: string): Promise<{ id: string; number: string }> {
  const cartId = await readyCart(t, 1)
  const body = { cartId, paymentDetails: await details(t.db, 'DE', { email }), isBusinessCustomer: false }
  const { answer } = await placeOrder(t.app, body)
  return { id: answer.order._id, number: answer.order.orderNumber }
}

const asStaff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: staffCookie },
    ...(payload === undefined ? {} : { payload }),
  })

async function list(query: StaffOrderListQuery) {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  )
  const response = await asStaff('GET', `${staffOrderPaths.list}?${params.toString()}`)
  expect(response.statusCode, response.body).toBe(200)
  return StaffOrderListResponseSchema.parse(response.json())
}

async function detail(orderId: string) {
  const response = await asStaff('GET', staffOrderPaths.one(orderId))
  expect(response.statusCode, response.body).toBe(200)
  return StaffOrderDetailResponseSchema.parse(response.json())
}

const waitForMail = async (orderNumber: string, status: string) => {
  const found = () =>
    recorded.mails.find(
      (mail) => mail.order.orderNumber === orderNumber && mail.statusMail?.status === status,
    )
  for (let i = 0; i < 100 && found() === undefined; i++) await new Promise((r) => setTimeout(r, 20))
  return found()
}

describe(`the order list (${testDbKind})`, () => {
  it('filters by status, payment status, dates, customer and text (wildcards literal), newest first', async () => {
    const first = await guestOrder('lena_100@example.test')
    const second = await guestOrder('paul@example.test')
    const all = await list({ limit: 100 })
    const ids = all.orders.map((order) => order._id)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    expect(all.total).toBeGreaterThanOrEqual(2)

    expect((await list({ q: second.number })).orders.map((o) => o._id)).toEqual([second.id])
    expect((await list({ q: 'a_100' })).orders.map((o) => o._id)).toEqual([first.id])
    // `_` and `%` match only themselves: as wildcards "e_a" would match every "example" and "%" everything.
    expect((await list({ q: 'e_a' })).total).toBe(0)
    expect((await list({ q: '%' })).total).toBe(0)
    expect((await list({ customer: 'PAUL@example.test' })).orders.map((o) => o._id)).toEqual([second.id])
    expect((await list({ status: 'ORDER_RECEIVED', paymentStatus: 'PAYMENT_PENDING' })).total).toBe(all.total)
    expect((await list({ status: 'ORDER_COMPLETED' })).orders.map((o) => o._id)).not.toContain(first.id)
    expect((await list({ paymentStatus: 'PAYMENT_RECEIVED' })).orders.map((o) => o._id)).not.toContain(
      first.id,
    )
    const today = new Date().toISOString().slice(0, 10)
    expect((await list({ from: today, to: today })).total).toBe(all.total)
    expect((await list({ to: '2000-01-01' })).total).toBe(0)
    const page = await list({ limit: 1, offset: 1 })
    expect(page.orders.map((o) => o._id)).toEqual([ids[1]])
    expect((await asStaff('GET', `${staffOrderPaths.list}?limit=101`)).statusCode).toBe(400)
  })
})

describe(`an order through its life (${testDbKind})`, () => {
  it('moves along the allowed statuses with history, audit and a mail each; production waits for payment', async () => {
    const order = await guestOrder('maria@example.test')
    const start = await detail(order.id)
    expect(start.order.orderNumber).toBe(order.number)
    expect(start.history.map((entry) => entry.to)).toContain('ORDER_RECEIVED')
    expect(start.allowedNextStatuses).toContain('READY_FOR_PROCESSING')
    expect(start.allowedNextStatuses).not.toContain('IN_PRODUCTION')

    const move = (to: string, note?: string) =>
      asStaff('POST', staffOrderPaths.status(order.id), note === undefined ? { to } : { to, note })
    expect((await move('READY_FOR_PROCESSING', 'Wir prüfen Ihre Dateien.')).statusCode).toBe(200)
    expect((await move('FILES_PRINTABLE')).statusCode).toBe(200)

    const early = await move('IN_PRODUCTION')
    expect(early.statusCode).toBe(422)
    expect(early.json()).toMatchObject({
      error: { code: 'status_change_refused', details: { reason: 'payment_outstanding' } },
    })
    const refused = await move('ORDER_COMPLETED')
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ error: { details: { reason: 'not_allowed' } } })
    expect((await move('FILES_PRINTABLE', 'x'.repeat(1001))).statusCode).toBe(400)

    const paid = await asStaff('POST', staffOrderPaths.markPaid(order.id))
    expect(paid.statusCode, paid.body).toBe(200)
    expect(StaffOrderDetailResponseSchema.parse(paid.json()).order.paymentStatus).toBe('PAYMENT_RECEIVED')
    expect((await asStaff('POST', staffOrderPaths.markPaid(order.id))).statusCode).toBe(409)
    const cancel = await move('ORDER_CANCELLED')
    expect(cancel.json()).toMatchObject({ error: { details: { reason: 'refund_first' } } })

    for (const to of ['IN_PRODUCTION', 'PARTS_REVIEWED']) expect((await move(to)).statusCode).toBe(200)
    const done = await move('ORDER_COMPLETED', 'DHL 123')
    const end = StaffOrderDetailResponseSchema.parse(done.json())
    expect(end.order.orderStatus).toBe('ORDER_COMPLETED')
    expect(end.allowedNextStatuses).toEqual([])
    const orderMoves = end.history.filter((entry) => entry.kind === 'order' && entry.by === staffId)
    expect(orderMoves.map((entry) => entry.to)).toEqual([
      'READY_FOR_PROCESSING',
      'FILES_PRINTABLE',
      'IN_PRODUCTION',
      'PARTS_REVIEWED',
      'ORDER_COMPLETED',
    ])
    expect(orderMoves[0]!.note).toBe('Wir prüfen Ihre Dateien.')
    expect(end.history).toContainEqual(
      expect.objectContaining({ kind: 'payment', to: 'PAYMENT_RECEIVED', by: staffId }),
    )

    const shipped = await waitForMail(order.number, 'ORDER_COMPLETED')
    expect(shipped?.statusMail).toEqual({ status: 'ORDER_COMPLETED', note: 'DHL 123' })
    const message = orderMailMessage('status_changed', shipped!.order, undefined, shipped!.statusMail)
    expect(message.subject).toBe(`Ihre Bestellung ${order.number}: wurde versandt`)
    expect(message.text).toContain('DHL 123')
    expect(message.to).toEqual(['maria@example.test'])
    expect(
      recorded.mails.some((m) => m.order.orderNumber === order.number && m.kind === 'payment_received'),
    ).toBe(true)
    const mails = (await detail(order.id)).mails
    expect(mails.filter((mail) => mail.kind === 'status_changed')).toHaveLength(5)

    const audit = await asStaff('GET', auditLogUrl({ entity: 'order', entityId: order.id, pageSize: 100 }))
    const entries = AuditLogResponseSchema.parse(audit.json()).entries
    expect(entries).toHaveLength(6)
    expect(entries[0]).toMatchObject({
      actor: { id: staffId },
      action: 'update',
      details: { change: 'status', before: 'PARTS_REVIEWED', after: 'ORDER_COMPLETED' },
    })
  })

  it('answers 404 for an unknown order', async () => {
    expect((await asStaff('GET', staffOrderPaths.one('AAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(404)
  })
})

describe(`company verification (${testDbKind})`, () => {
  it('marks a customer a verified company, with an audit entry; staff accounts are no customers', async () => {
    const response = await asStaff('POST', staffOrderPaths.verifyCompany(customerId))
    expect(response.statusCode, response.body).toBe(200)
    const account = await t.app.inject({
      method: 'GET',
      url: USER_DETAILS_PATH,
      headers: { cookie: customerCookie },
    })
    expect(account.json()).toMatchObject({ isVerifiedCompany: true })
    expect((await asStaff('POST', staffOrderPaths.verifyCompany(staffId))).statusCode).toBe(404)
    const audit = await asStaff('GET', auditLogUrl({ entity: 'customer', entityId: customerId }))
    expect(AuditLogResponseSchema.parse(audit.json()).entries).toHaveLength(1)
  })
})

describe('every back-office route refuses visitors and customers', () => {
  const id = 'AAAAAAAAAAAAAAAAAAAAAA'
  const routes = [
    { method: 'GET', url: staffOrderPaths.list },
    { method: 'GET', url: staffOrderPaths.one(id) },
    { method: 'POST', url: staffOrderPaths.status(id) },
    { method: 'POST', url: staffOrderPaths.markPaid(id) },
    { method: 'POST', url: staffOrderPaths.verifyCompany(id) },
  ] as const
  it.each(routes)('$method $url: 401 without a session, 403 for a customer', async (route) => {
    const payload = route.method === 'GET' ? undefined : { to: 'IN_PRODUCTION' }
    expect((await t.app.inject({ ...route, payload })).statusCode).toBe(401)
    const customer = await t.app.inject({ ...route, payload, headers: { cookie: customerCookie } })
    expect(customer.statusCode).toBe(403)
  })
})
