import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { priceSheetPaths, SheetVersionResponseSchema } from '#shared/contracts/price-sheet.contract.ts'
import {
  EvaluateSheetResponseSchema,
  ReplaySheetResponseSchema,
  staffSheetPaths,
  StaffUploadListResponseSchema,
  staffUploadsUrl,
  type StaffUploadListQuery,
} from '#shared/contracts/staff-sheet.contract.ts'
import { boxProperties, insertAnalysedModelFile } from '#tests/integration/helpers/analysed-objects.ts'
import { addItems, createCart, itemInput } from '#tests/integration/helpers/cart.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import {
  createOrderTestApp,
  details,
  type OrderTestApp,
  placeOrder,
  readyCart,
} from '#tests/integration/orders/order-helpers.ts'

/**
 * The sheet editor's object picker and the replay over carts and orders (decision 0114), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

let t: OrderTestApp
let staffCookie: string
let customerCookie: string
/** Uploads made here, oldest first: [cm box "Halter", 3MF "Zahnrad", STL "Deckel_50%"]. */
let uploads: { holder: string; gear: string; lid: string }

async function named(name: string, options: Parameters<typeof insertAnalysedModelFile>[1], at: string) {
  const id = await insertAnalysedModelFile(t.db, options)
  await t.db.query(
    'UPDATE model_files SET name = $2, original_file_name = $3, created_at = $4 WHERE id = $1',
    [id, name, `${name}.${options.format ?? 'stl'}`, at],
  )
  return id
}

beforeAll(async () => {
  t = await createOrderTestApp()
  staffCookie = await signIn(t.app, await createUser(t.db, 'staff'))
  customerCookie = await signIn(t.app, await createUser(t.db, 'customer'))
  // Dated in the future, so they list before every other upload of the test database.
  uploads = {
    holder: await named(
      'Halter',
      { properties: boxProperties(5, 4, 3), givenUnitOfLength: 'cm' },
      '2099-01-01T10:00:00Z',
    ),
    gear: await named(
      'Zahnrad',
      { properties: boxProperties(20, 20, 8), format: '3mf', givenUnitOfLength: 'inch' },
      '2099-01-02T10:00:00Z',
    ),
    lid: await named('Deckel_50%', { properties: boxProperties(60, 60, 2) }, '2099-01-03T10:00:00Z'),
  }
  // Neither an analysis in progress nor a failed one is listed.
  await named(
    'Halter-im-Lauf',
    { properties: boxProperties(1, 1, 1), state: 'analysing' },
    '2099-01-04T10:00:00Z',
  )
  await named(
    'Halter-kaputt',
    { properties: boxProperties(1, 1, 1), state: 'failed' },
    '2099-01-05T10:00:00Z',
  )
}, 120_000)
afterAll(async () => {
  await t.close()
})

const list = async (query: StaffUploadListQuery) => {
  const response = await t.app.inject({
    method: 'GET',
    url: staffUploadsUrl(query),
    headers: { cookie: staffCookie },
  })
  expect(response.statusCode, response.body).toBe(200)
  return StaffUploadListResponseSchema.parse(response.json())
}

describe('GET /api/staff/uploads', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/uploads' })).statusCode).toBe(401)
    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/staff/uploads',
      headers: { cookie: customerCookie },
    })
    expect(customer.statusCode).toBe(403)
  })

  it.each(['limit=0', 'limit=101', 'offset=-1', 'limit=abc', 'sort=name', `query=${'x'.repeat(201)}`])(
    'refuses ?%s with 400',
    async (search) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/staff/uploads?${search}`,
        headers: { cookie: staffCookie },
      })
      expect(response.statusCode, response.body).toBe(400)
    },
  )

  it('lists analysed uploads newest first with their measures in millimetres', async () => {
    const page = await list({ limit: 3 })
    expect(page.uploads.map((upload) => upload.id)).toEqual([uploads.lid, uploads.gear, uploads.holder])
    expect(page.total).toBeGreaterThanOrEqual(4) // the order app's own box as well
    const [lid, gear, holder] = page.uploads
    expect(lid).toMatchObject({
      name: 'Deckel_50%',
      originalFileName: 'Deckel_50%.stl',
      unit: 'mm',
      triangles: 12,
    })
    expect(lid!.createdAt).toBe('2099-01-03T10:00:00.000Z')
    // Given in centimetres: ten times the lengths, a hundred times the area, a thousand times the volume.
    expect(holder).toMatchObject({ unit: 'cm' })
    expect(holder!.measures.xMm).toBeCloseTo(50)
    expect(holder!.measures.surfaceAreaMm2).toBeCloseTo(9_400)
    expect(holder!.measures.internalVolumeMm3).toBeCloseTo(60_000)
    expect(holder!.measures).toMatchObject({ minXMm: expect.closeTo(30), maxXMm: expect.closeTo(50) })
    // A 3MF carries its own unit (stored in mm): the unit given at upload does not apply.
    expect(gear).toMatchObject({ unit: 'mm', measures: expect.objectContaining({ xMm: 20, zMm: 8 }) })
  })

  it('filters by a part of the file name (case-insensitive, % taken literally) and pages', async () => {
    const holders = await list({ query: 'halter' })
    expect(holders.uploads.map((upload) => upload.id)).toEqual([uploads.holder])
    expect(holders.total).toBe(1)
    expect((await list({ query: '.3MF' })).uploads.map((upload) => upload.id)).toEqual([uploads.gear])
    expect((await list({ query: '50%' })).uploads.map((upload) => upload.id)).toEqual([uploads.lid])
    expect((await list({ query: '5_%' })).total).toBe(0)

    const first = await list({ limit: 2 })
    const second = await list({ limit: 2, offset: 2 })
    expect(second.uploads[0]!.id).toBe(uploads.holder)
    expect(second.total).toBe(first.total)
    const past = await list({ limit: 2, offset: 1000 })
    expect(past).toEqual({ uploads: [], total: first.total })
  })

  it('evaluates a draft with a picked upload in the measures the picker listed', async () => {
    const sheet = SheetVersionResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: priceSheetPaths.current(t.fdm.id),
          headers: { cookie: staffCookie },
        })
      ).json(),
    ).version
    const response = await t.app.inject({
      method: 'POST',
      url: staffSheetPaths.evaluate(t.fdm.id),
      headers: { cookie: staffCookie },
      payload: { cells: sheet.cells, optionVariables: sheet.optionVariables, objectId: uploads.holder },
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = EvaluateSheetResponseSchema.parse(response.json())
    const listed = (await list({ query: 'Halter' })).uploads[0]!.measures
    expect(body.testParameters).toEqual(listed)
    // The same 50 × 40 × 30 mm box as the order app's own: the same price.
    expect(body.result?.netUnitCents).toBe(3045)
  })
})

describe('replay over carts and orders', () => {
  const replay = async (limit: number, factor = 2) => {
    const sheet = SheetVersionResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: priceSheetPaths.current(t.fdm.id),
          headers: { cookie: staffCookie },
        })
      ).json(),
    ).version
    const cells = sheet.cells.map((cell) =>
      cell.name.toLowerCase() === 'unit_net_price_eur' && typeof cell.formula === 'string'
        ? { ...cell, formula: `=(${cell.formula.slice(1)})*${factor}` }
        : cell,
    )
    const response = await t.app.inject({
      method: 'POST',
      url: staffSheetPaths.replay(t.fdm.id),
      headers: { cookie: staffCookie },
      payload: { cells, optionVariables: sheet.optionVariables, limit },
    })
    expect(response.statusCode, response.body).toBe(200)
    return ReplaySheetResponseSchema.parse(response.json())
  }

  it('re-prices order lines too, says how many came from each, and never counts an ordered cart twice', async () => {
    const open = await createCart(t.app)
    await addItems(t.app, open, [itemInput(t.boxId, t.fdm.id), itemInput(t.boxId, t.fdm.id, { quantity: 2 })])
    expect(await replay(50)).toMatchObject({ total: 2, sources: { cart: 2, order: 0 }, changed: 2 })

    // An order of three lines: its cart's items are now the order's lines.
    const ordered = await readyCart(t)
    await addItems(t.app, ordered, [
      itemInput(t.boxId, t.fdm.id),
      itemInput(t.boxId, t.fdm.id, { quantity: 5 }),
    ])
    const { answer } = await placeOrder(t.app, {
      cartId: ordered,
      paymentDetails: await details(t.db),
      isBusinessCustomer: false,
    })
    expect(answer.order.orderNumber).toMatch(/^SW-/)

    const doubled = await replay(50)
    expect(doubled).toMatchObject({ total: 5, sources: { cart: 2, order: 3 }, changed: 5, unchanged: 0 })
    expect(doubled.histogram.find((bin) => bin.key === 'up50')?.count).toBe(5)
    expect(doubled.largest.filter((move) => move.source === 'order')).toHaveLength(3)
    for (const move of doubled.largest) expect(move.changePercent).toBeCloseTo(100, 0)

    // The newest N across both: the order was placed after the open cart's items were priced.
    expect(await replay(3)).toMatchObject({ total: 3, sources: { cart: 0, order: 3 } })
    expect(await replay(4)).toMatchObject({ total: 4, sources: { cart: 1, order: 3 } })
    expect(await replay(50, 1)).toMatchObject({ total: 5, changed: 0, unchanged: 5 })
  })

  it('refuses a limit of 0 with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: staffSheetPaths.replay(t.fdm.id),
      headers: { cookie: staffCookie },
      payload: { cells: [], optionVariables: [], limit: 0 },
    })
    expect(response.statusCode).toBe(400)
  })
})
