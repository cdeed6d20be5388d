import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { AuditLogResponseSchema, auditLogUrl } from '#shared/contracts/staff-audit.contract.ts'
import {
  PrintabilityNoteResponseSchema,
  StaffOrderDetailResponseSchema,
  staffOrderPaths,
} from '#shared/contracts/staff-orders.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { type AnalysisRunner, createAnalysisRunner } from '#server/modules/analysis/analysis-runner.ts'
import { createMailService, type MailService } from '#server/modules/mail/mail.service.ts'
import { createOutbox } from '#server/modules/mail/outbox.ts'
import { createOrderDocumentsModule } from '#server/modules/order-documents/order-documents.module.ts'
import type { OrderDocuments } from '#server/modules/orders/orders.module.ts'
import { silentRunnerLog, waitForTask } from '#tests/integration/helpers/analysis-app.ts'
import { addItems, createCart, itemInput } from '#tests/integration/helpers/cart.ts'
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

/**
 * The printability note of the order back office (issue 17, decision 0107) and the customer's verified-company flag
 * in the order detail, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The mails go through the real
 * order-documents module into the mail outbox, so the attachment is checked as the customer receives it. The demo
 * vase is analysed by a runner of the test's own (about 5-10 s on a loaded machine).
 */

let t: OrderTestApp
let runner: AnalysisRunner
let mail: MailService
let real: OrderDocuments | undefined
let staffCookie: string
let staffId: string
let customerCookie: string
let customerId: string
let vaseId: string

/** The real documents module, built once the app's config (its outbox folder) is known. */
const documents: RecordingDocuments = {
  sent: [],
  renderPdf: async () => new Uint8Array(),
  sendOrderMail: async (...args) => {
    if (real === undefined) throw new Error('documents not ready')
    await real.sendOrderMail(...args)
  },
}

beforeAll(async () => {
  t = await createOrderTestApp({ documents, env: { ANALYSIS_POLL_MS: '100', ANALYSIS_WORKERS: '1' } })
  mail = createMailService(t.config.mail)
  real = createOrderDocumentsModule({ mail }).service
  runner = createAnalysisRunner({ db: t.db, config: t.config })
  await runner.start(silentRunnerLog)
  await runner.ready()
  const staff = await createUser(t.db, 'staff')
  staffId = staff.id
  staffCookie = await signIn(t.app, staff)
  const customer = await createUser(t.db, 'customer')
  customerId = customer.id
  customerCookie = await signIn(t.app, customer)
  const demo = await t.app.inject({ method: 'POST', url: '/api/analytx/demo' })
  expect(demo.statusCode, demo.body).toBe(201)
  const created = AnalysisUploadResponseSchema.parse(demo.json())
  // Up to 3 minutes: the analysis shares two cores with the other test files of both lanes.
  expect((await waitForTask(t.app, created.taskId, 180_000)).state).toBe('completed')
  vaseId = created.createdObject._id
}, 240_000)
afterAll(async () => {
  await runner?.stop()
  mail?.close()
  await t?.close()
})

const asStaff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: staffCookie },
    ...(payload === undefined ? {} : { payload }),
  })

/** An order of one line: the analysed vase or the box (a row without analysis files); as a guest or a customer. */
async function order(
  model: 'vase' | 'box',
  email: string,
  cookie?: string,
): Promise<{ id: string; number: string; lineId: string }> {
  let cartId: string
  if (model === 'box') cartId = await readyCart(t, 1)
  else {
    cartId = await createCart(t.app)
    await addItems(t.app, cartId, [itemInput(vaseId, t.fdm.id)])
  }
  const body = { cartId, paymentDetails: await details(t.db, 'DE', { email }), isBusinessCustomer: false }
  const { answer } = await placeOrder(t.app, body, cookie === undefined ? {} : { cookie })
  // The checkout's answer is the placement's summary; the lines are read as staff read them.
  const detail = await asStaff('GET', staffOrderPaths.one(answer.order._id))
  const lineId = StaffOrderDetailResponseSchema.parse(detail.json()).order.items[0]?._id
  if (lineId === undefined) throw new Error('the order has no line')
  return { id: answer.order._id, number: answer.order.orderNumber, lineId }
}

/** The one mail to `address` whose subject contains `subject`, once the outbox dispatcher has sent it. */
async function mailTo(address: string, subject: string) {
  const box = createOutbox(t.config.mail.outboxDir)
  const matching = () =>
    box.list().filter((entry) => entry.to.includes(address) && entry.subject.includes(subject))
  for (let i = 0; i < 200 && matching().length === 0; i++) await new Promise((r) => setTimeout(r, 50))
  expect(matching()).toHaveLength(1)
  const found = box.read(matching()[0]!.id)
  if (found === undefined) throw new Error('mail vanished')
  return found
}

describe(`the printability note (${testDbKind})`, () => {
  it('mails the customer the note with the line’s wall-thickness PNG, with history and audit entries', async () => {
    const placed = await order('vase', 'vase-note@example.test')
    const message = 'Die Wand am Hals ist stellenweise dünner als 0,8 mm.'
    const response = await asStaff('POST', staffOrderPaths.printabilityNote(placed.id), {
      lineId: placed.lineId,
      message: `  ${message}  `,
    })
    expect(response.statusCode, response.body).toBe(200)
    const answer = PrintabilityNoteResponseSchema.parse(response.json())
    expect(answer.pictureAttached).toBe(true)
    expect(answer.order._id).toBe(placed.id)
    // The order's status stays; the note is in the history, with its line and the trimmed message.
    expect(answer.order.orderStatus).toBe('ORDER_RECEIVED')
    expect(answer.history.at(-1)).toMatchObject({
      kind: 'printability_note',
      from: null,
      to: placed.lineId,
      by: staffId,
      note: message,
    })
    expect(answer.mails.map((entry) => entry.kind)).toContain('printability_note')

    const sent = await mailTo(
      'vase-note@example.test',
      `Hinweis zur Druckbarkeit: Bestellung ${placed.number}`,
    )
    expect(sent.mail.text).toContain(message)
    expect(sent.mail.text).toContain('Position 1: Demo-Vase')
    expect(sent.mail.text).toContain('Wandstärkenbild')
    expect(sent.mail.attachments).toEqual([
      expect.objectContaining({ filename: `Wandstaerke-${placed.number}-1.png`, contentType: 'image/png' }),
    ])
    expect(sent.mail.attachments![0]!.size).toBeGreaterThan(1000)
    // The raw message carries the PNG itself (base64 of the signature "\x89PNG\r\n\x1a\n").
    expect(sent.raw).toContain('Content-Type: image/png')
    expect(sent.raw).toContain('iVBORw0KGgo')

    const audit = await asStaff('GET', auditLogUrl({ entity: 'order', entityId: placed.id }))
    const entries = AuditLogResponseSchema.parse(audit.json()).entries
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actor: { id: staffId },
      action: 'update',
      details: { change: 'printabilityNote', lineId: placed.lineId, note: message, pictureAttached: true },
    })
    // The mail is marked sent in the detail once the dispatcher is done.
    for (let i = 0; i < 100; i++) {
      const mails = StaffOrderDetailResponseSchema.parse(
        (await asStaff('GET', staffOrderPaths.one(placed.id))).json(),
      ).mails
      if (mails.find((entry) => entry.kind === 'printability_note')?.doneAt !== null) break
      await new Promise((r) => setTimeout(r, 50))
    }
    const after = StaffOrderDetailResponseSchema.parse(
      (await asStaff('GET', staffOrderPaths.one(placed.id))).json(),
    )
    expect(after.mails.find((entry) => entry.kind === 'printability_note')?.doneAt).not.toBeNull()
  })

  it('sends the note without a picture when the object has no wall-thickness analysis, and says so', async () => {
    const placed = await order('box', 'box-note@example.test')
    const response = await asStaff('POST', staffOrderPaths.printabilityNote(placed.id), {
      lineId: placed.lineId,
      message: 'Bitte prüfen Sie die Bohrungen.',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(PrintabilityNoteResponseSchema.parse(response.json()).pictureAttached).toBe(false)
    const sent = await mailTo('box-note@example.test', 'Hinweis zur Druckbarkeit')
    expect(sent.mail.text).toContain('Bitte prüfen Sie die Bohrungen.')
    expect(sent.mail.text).not.toContain('Wandstärkenbild')
    expect(sent.mail.attachments).toBeUndefined()
  })

  it('refuses an unknown order, a line of another order and a message that is empty or too long', async () => {
    const first = await order('box', 'refused-1@example.test')
    const second = await order('box', 'refused-2@example.test')
    const note = (orderId: string, body: object) =>
      asStaff('POST', staffOrderPaths.printabilityNote(orderId), body)

    const unknown = await note('AAAAAAAAAAAAAAAAAAAAAA', { lineId: first.lineId, message: 'x' })
    expect(unknown.statusCode).toBe(404)
    const otherLine = await note(second.id, { lineId: first.lineId, message: 'x' })
    expect(otherLine.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(otherLine.json()).error.issues).toEqual([
      expect.objectContaining({ path: ['lineId'], code: 'not_in_order' }),
    ])
    for (const message of ['', '   ', 'x'.repeat(1001)]) {
      const refused = await note(first.id, { lineId: first.lineId, message })
      expect(refused.statusCode, JSON.stringify(message.slice(0, 10))).toBe(400)
      expect(ErrorBodySchema.parse(refused.json()).error.issues?.[0]?.path).toEqual(['message'])
    }
    expect((await note(first.id, { lineId: first.lineId, message: 'x'.repeat(1000) })).statusCode).toBe(200)
    expect((await note(first.id, { message: 'x' })).statusCode).toBe(400)
    // Nothing refused left a trace: one history entry, from the accepted note.
    const detail = StaffOrderDetailResponseSchema.parse(
      (await asStaff('GET', staffOrderPaths.one(first.id))).json(),
    )
    expect(detail.history.filter((entry) => entry.kind === 'printability_note')).toHaveLength(1)
    const secondDetail = StaffOrderDetailResponseSchema.parse(
      (await asStaff('GET', staffOrderPaths.one(second.id))).json(),
    )
    expect(secondDetail.history.filter((entry) => entry.kind === 'printability_note')).toHaveLength(0)
  })

  it('refuses visitors (401) and customers (403)', async () => {
    const placed = await order('box', 'guard@example.test')
    const url = staffOrderPaths.printabilityNote(placed.id)
    const payload = { lineId: placed.lineId, message: 'x' }
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401)
    const customer = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: customerCookie } })
    expect(customer.statusCode).toBe(403)
  })
})

describe(`the verified-company flag in the order detail (${testDbKind})`, () => {
  it('is false for a guest and for an unverified customer, and true after the verification', async () => {
    const guest = await order('box', 'guest-flag@example.test')
    expect(
      StaffOrderDetailResponseSchema.parse((await asStaff('GET', staffOrderPaths.one(guest.id))).json())
        .isVerifiedCompany,
    ).toBe(false)

    const placed = await order('box', 'firma@example.test', customerCookie)
    const before = StaffOrderDetailResponseSchema.parse(
      (await asStaff('GET', staffOrderPaths.one(placed.id))).json(),
    )
    expect(before.userId).toBe(customerId)
    expect(before.isVerifiedCompany).toBe(false)
    expect((await asStaff('POST', staffOrderPaths.verifyCompany(customerId))).statusCode).toBe(200)
    const after = StaffOrderDetailResponseSchema.parse(
      (await asStaff('GET', staffOrderPaths.one(placed.id))).json(),
    )
    expect(after.isVerifiedCompany).toBe(true)
  })
})
