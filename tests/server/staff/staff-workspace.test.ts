import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionResponseSchema, SIGN_IN_PATH } from '#shared/contracts/auth.contract.ts'
import { fastifyPathOf } from '#shared/contracts/api-route.ts'
import { priceSheetPaths, SheetVersionResponseSchema } from '#shared/contracts/price-sheet.contract.ts'
import { AuditLogResponseSchema, auditLogUrl } from '#shared/contracts/staff-audit.contract.ts'
import { STAFF_API_ROUTES } from '#shared/contracts/staff-api-routes.ts'
import {
  EvaluateSheetResponseSchema,
  ReplaySheetResponseSchema,
  RestoreSheetResponseSchema,
  SheetDiffResponseSchema,
  staffSheetPaths,
} from '#shared/contracts/staff-sheet.contract.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { SESSION_IDLE_MS, STAFF_SESSION_IDLE_MS } from '#server/modules/auth/auth.service.ts'
import { addItems, createCart, insertBox, itemInput, printModes } from '#tests/integration/helpers/cart.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

let t: TestApp
let staffCookie: string
let customerCookie: string
let staffName: string
let fdm: PrintMode
let boxId: string

beforeAll(async () => {
  t = await createTestApp()
  const staff = await createUser(t.db, 'staff')
  staffName = staff.username
  staffCookie = await signIn(t.app, staff)
  customerCookie = await signIn(t.app, await createUser(t.db, 'customer'))
  fdm = (await printModes(t.app)).find((mode) => mode.name === 'PLA (FDM)')!
  boxId = await insertBox(t.db)
})
afterAll(async () => {
  await t.close()
})

async function currentSheet() {
  const response = await t.app.inject({
    method: 'GET',
    url: priceSheetPaths.current(fdm.id),
    headers: { cookie: staffCookie },
  })
  return SheetVersionResponseSchema.parse(response.json()).version
}

/** The current sheet with its unit price cell multiplied by `factor`. */
async function scaledDraft(factor: number) {
  const sheet = await currentSheet()
  return {
    cells: sheet.cells.map((cell) =>
      cell.name.toLowerCase() === 'unit_net_price_eur' && typeof cell.formula === 'string'
        ? { ...cell, formula: `=(${cell.formula.slice(1)})*${factor}` }
        : cell,
    ),
    optionVariables: sheet.optionVariables,
  }
}

describe('every /api/staff route refuses visitors and customers', () => {
  // Ids that match the id pattern, so the guard (not the parameter check) answers.
  const fill = (path: string) => path.replace(/:[A-Za-z]+/g, 'AAAAAAAAAAAAAAAAAAAAAA')
  const staffRoutes = STAFF_API_ROUTES.map((route) => ({
    method: route.method,
    url: fill(fastifyPathOf(route)),
  }))

  it('covers the workspace routes', () => {
    expect(staffRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/staff/audit-log', expect.stringMatching(/price-spreadsheet\/replay$/)]),
    )
  })

  it.each(staffRoutes)('$method $url: 401 without a session, 403 for a customer', async (route) => {
    const payload = route.method === 'GET' ? undefined : {}
    const visitor = await t.app.inject({ method: route.method, url: route.url, payload })
    expect(visitor.statusCode, visitor.body).toBe(401)
    const customer = await t.app.inject({
      method: route.method,
      url: route.url,
      payload,
      headers: { cookie: customerCookie },
    })
    expect(customer.statusCode, customer.body).toBe(403)
  })
})

describe('staff sessions', () => {
  const lifetimeOf = async (role: 'staff' | 'customer') => {
    const user = await createUser(t.db, role)
    const response = await t.app.inject({
      method: 'POST',
      url: SIGN_IN_PATH,
      payload: { username: user.username, password: user.password },
    })
    expect(response.statusCode, response.body).toBe(200)
    return Date.parse(SessionResponseSchema.parse(response.json()).expiresAt) - Date.now()
  }

  it('expire sooner than customer sessions', async () => {
    const staff = await lifetimeOf('staff')
    expect(staff).toBeLessThanOrEqual(STAFF_SESSION_IDLE_MS)
    expect(staff).toBeGreaterThan(STAFF_SESSION_IDLE_MS - 60_000)
    expect(await lifetimeOf('customer')).toBeGreaterThan(SESSION_IDLE_MS - 60_000)
  })
})

describe('price sheet evaluation, diff, restore and replay', () => {
  it('evaluates a draft against an analysed object and names the failing cell', async () => {
    const sheet = await currentSheet()
    const cells = [...sheet.cells, { name: 'broken', formula: '=1/0' }]
    const response = await t.app.inject({
      method: 'POST',
      url: staffSheetPaths.evaluate(fdm.id),
      headers: { cookie: staffCookie },
      payload: { cells, optionVariables: sheet.optionVariables, objectId: boxId },
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = EvaluateSheetResponseSchema.parse(response.json())
    expect(body.testParameters.xMm).toBe(50)
    expect(body.issues).toContainEqual(
      expect.objectContaining({ cell: 'broken', reason: 'division_by_zero' }),
    )
    expect(body.cells.find((cell) => cell.name === 'broken')).toMatchObject({ value: null })
    expect(body.result?.netUnitCents).toBe(3045)
  })

  it('replays cart prices under a draft: a doubled price is counted as changed by +100 %', async () => {
    const cartId = await createCart(t.app)
    await addItems(t.app, cartId, [itemInput(boxId, fdm.id), itemInput(boxId, fdm.id, { quantity: 3 })])
    const replay = async (factor: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: staffSheetPaths.replay(fdm.id),
        headers: { cookie: staffCookie },
        payload: { ...(await scaledDraft(factor)), limit: 50 },
      })
      expect(response.statusCode, response.body).toBe(200)
      return ReplaySheetResponseSchema.parse(response.json())
    }
    const same = await replay(1)
    expect(same).toMatchObject({ total: 2, changed: 0, unchanged: 2, failed: 0 })
    const doubled = await replay(2)
    expect(doubled).toMatchObject({ total: 2, changed: 2, unchanged: 0 })
    expect(doubled.histogram.find((bin) => bin.key === 'up50')?.count).toBe(2)
    expect(doubled.largest[0]).toMatchObject({ beforeCents: 3045, afterCents: 6090, changePercent: 100 })
  })

  it('diffs two versions and restores the older one as a new version, audited', async () => {
    const first = await currentSheet()
    const saved = await t.app.inject({
      method: 'PUT',
      url: priceSheetPaths.current(fdm.id),
      headers: { cookie: staffCookie },
      payload: await scaledDraft(3),
    })
    expect(saved.statusCode, saved.body).toBe(201)
    const second = SheetVersionResponseSchema.parse(saved.json()).version
    const diff = await t.app.inject({
      method: 'GET',
      url: staffSheetPaths.diff(second.id, first.id),
      headers: { cookie: staffCookie },
    })
    expect(diff.statusCode, diff.body).toBe(200)
    const cells = SheetDiffResponseSchema.parse(diff.json()).cells
    expect(cells).toEqual([expect.objectContaining({ name: 'unit_net_price_eur', kind: 'changed' })])

    const restored = await t.app.inject({
      method: 'POST',
      url: staffSheetPaths.restore(first.id),
      headers: { cookie: staffCookie },
    })
    expect(restored.statusCode, restored.body).toBe(201)
    const version = RestoreSheetResponseSchema.parse(restored.json()).version
    expect(version).toMatchObject({ version: second.version + 1, current: true, cells: first.cells })
  })
})

describe('GET /api/staff/audit-log', () => {
  const read = async (query: Parameters<typeof auditLogUrl>[0]) => {
    const response = await t.app.inject({
      method: 'GET',
      url: auditLogUrl(query),
      headers: { cookie: staffCookie },
    })
    expect(response.statusCode, response.body).toBe(200)
    return AuditLogResponseSchema.parse(response.json())
  }

  it("lists the staff member's sheet saves newest first, filtered by actor, entity and day, paged", async () => {
    const all = await read({ actor: staffName, entity: 'print-mode' })
    expect(all.total).toBeGreaterThanOrEqual(2)
    expect(all.entries[0]).toMatchObject({
      action: 'save_sheet',
      entityId: fdm.id,
      actor: { username: staffName },
    })
    expect(Date.parse(all.entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(all.entries[1]!.at))

    const paged = await read({ actor: staffName, pageSize: 1, page: 2 })
    expect(paged.entries).toHaveLength(1)
    expect(paged.entries[0]!.id).toBe(all.entries[1]!.id)

    expect((await read({ actor: 'nobody-at-all' })).total).toBe(0)
    expect((await read({ actor: staffName, to: '2000-01-01' })).total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    expect((await read({ actor: staffName, from: today, to: today })).total).toBe(all.total)
  })

  it('refuses a bad filter with 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/staff/audit-log?from=yesterday',
      headers: { cookie: staffCookie },
    })
    expect(response.statusCode).toBe(400)
  })
})
