import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AnalysisTaskSchema, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { CreateCartResponseSchema } from '#shared/contracts/cart.contract.ts'
import { CheckoutResponseSchema, OrderPreviewResponseSchema } from '#shared/contracts/checkout.contract.ts'
import { GetPrintModesResponseSchema } from '#shared/contracts/print-modes.contract.ts'
import { GetShippingCountriesResponseSchema } from '#shared/contracts/shipping.contract.ts'
import { newId } from '#server/db/ids.ts'
import {
  disposeServerProcesses,
  serverDatabase,
  type ServerProcess,
  startServer,
} from '#tests/integration/helpers/server-process.ts'
import { createTempDir, testDbKind } from '#tests/integration/helpers/test-app.ts'

/**
 * kill -9 right after an order's commit (decision 0094, commerce-reliability check 4): the real server as a child
 * process with TEST_FAULT=kill-after-order-commit dies before it answers; the restarted server answers the retry
 * with the same order (not a second one), the order's outbox row is there exactly once, and the confirmation mail
 * (sent by the restarted server's outbox) lands in the mail outbox folder exactly once, with its PDF.
 */

/** The confirmation mails of one order in DATA_DIR/outbox (their `.json` summaries). */
function confirmationMails(orderNumber: string): { subject: string; attachments?: { filename: string }[] }[] {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { subject: string; text: string })
    .filter((mail) => mail.subject.includes(orderNumber) || mail.text.includes(orderNumber))
}

const dataDir = createTempDir('schichtwerk-order-crash-')
afterAll(async () => {
  await disposeServerProcesses()
  rmSync(dataDir, { recursive: true, force: true })
})

const post = (server: ServerProcess, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

async function analysedDemo(server: ServerProcess): Promise<string> {
  const upload = AnalysisUploadResponseSchema.parse(
    await (await fetch(`${server.base}/api/analytx/demo`, { method: 'POST' })).json(),
  )
  for (let i = 0; i < 600; i++) {
    const task = AnalysisTaskSchema.parse(
      await (await fetch(`${server.base}/api/analytx/task/${upload.taskId}`)).json(),
    )
    if (task.state === 'completed') return upload.createdObject._id
    if (task.state === 'failed') throw new Error('the demo analysis failed')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the demo analysis did not finish')
}

async function checkoutRequest(server: ServerProcess) {
  const objectId = await analysedDemo(server)
  const modes = GetPrintModesResponseSchema.parse(
    await (await fetch(`${server.base}/api/print-modes`)).json(),
  )
  const fdm = modes.printModes.find((mode) => mode.name === 'PLA (FDM)')!
  const cartId = CreateCartResponseSchema.parse(await (await post(server, '/api/checkout/cart')).json())._id
  const added = await post(server, `/api/checkout/cart/${cartId}/item`, {
    items: [{ objectId, quantity: 1, scale: 1, printModeId: fdm.id, acknowledgedRepairInfo: true }],
  })
  expect(added.status).toBe(200)
  const { shippingCountries } = GetShippingCountriesResponseSchema.parse(
    await (await fetch(`${server.base}/api/shipping/countries`)).json(),
  )
  const germany = shippingCountries.find((country) => country.countryCode === 'DE')!
  const body = {
    cartId,
    isBusinessCustomer: false,
    paymentDetails: {
      email: 'erika@example.test',
      shippingMethodId: germany.shippingMethods[0]!.shippingMethodId,
      billingAddress: {
        firstname: 'Erika',
        lastname: 'Muster',
        street: 'Hauptstraße 1',
        postalCode: '10115',
        city: 'Berlin',
        countryId: germany._id,
      },
    },
  }
  const preview = OrderPreviewResponseSchema.parse(
    await (await post(server, '/api/checkout/order/preview', body)).json(),
  )
  return { ...body, termsAccepted: true, expectedTotalCents: preview.amounts.total.totalCents }
}

describe(`kill -9 after an order's commit (${testDbKind})`, () => {
  it('keeps the committed order; the retry after the restart answers it, once', async () => {
    const database = await serverDatabase(dataDir)
    const env = { ...database.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' }
    const first = await startServer({ ...env, TEST_FAULT: 'kill-after-order-commit' })
    const request = await checkoutRequest(first)
    const key = newId()
    await expect(
      post(first, '/api/checkout/order/checkout', request, { 'idempotency-key': key }),
    ).rejects.toThrow()
    expect((await first.exited).signal).toBe('SIGKILL')

    const second = await startServer(env)
    const retry = await post(second, '/api/checkout/order/checkout', request, { 'idempotency-key': key })
    expect(retry.status).toBe(200)
    const { order } = CheckoutResponseSchema.parse(await retry.json())
    await expect.poll(() => confirmationMails(order.orderNumber).length, { timeout: 30_000 }).toBe(1)
    await second.stop()
    const mails = confirmationMails(order.orderNumber)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.attachments?.map((file) => file.filename.endsWith('.pdf'))).toEqual([true])

    const rows = await database.inspect(async (db) => {
      const orders = await db.query<{ id: string }>('SELECT id FROM orders WHERE cart_id = $1', [
        request.cartId,
      ])
      const outbox = await db.query<{ kind: string }>('SELECT kind FROM order_outbox WHERE order_id = $1', [
        order._id,
      ])
      return { orders: orders.rows.map((row) => row.id), outbox: outbox.rows.map((row) => row.kind) }
    })
    expect(rows).toEqual({ orders: [order._id], outbox: ['order_confirmation'] })
  }, 180_000)
})
