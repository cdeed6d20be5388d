import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  priceSheetPaths,
  SheetVersionListResponseSchema,
  SheetVersionResponseSchema,
} from '#shared/contracts/price-sheet.contract.ts'
import {
  CreatePrintModeSchema,
  StaffPrintModeListSchema,
  StaffPrintModeResponseSchema,
  staffPaths,
  type StaffPrintMode,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { REQUIRED_SHEET_RESULT_CELLS } from '#shared/domain/sheet-result-cells.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * Decision 0116: the sheet editor starts a print mode's first version on screen, empty (the required result cells)
 * or as a copy of another mode's published version, and publishing it is the ordinary save (`PUT`), version 1.
 * These are the calls the editor makes, in its order.
 */

let t: TestApp
let staffCookie: string
let customerCookie: string
let pla: StaffPrintMode
let fresh: StaffPrintMode

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = staffCookie) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) })

beforeAll(async () => {
  t = await createTestApp()
  staffCookie = await signIn(t.app, await createUser(t.db, 'staff'))
  customerCookie = await signIn(t.app, await createUser(t.db, 'customer'))
  const modes = StaffPrintModeListSchema.parse(
    (await call('GET', staffPaths.list('print-modes'))).json(),
  ).printModes
  pla = modes.find((mode) => mode.name.de === 'PLA (FDM)')!
  // A new mode with PLA's fields: only its sheet matters here.
  const body = Object.fromEntries(
    Object.keys(CreatePrintModeSchema.shape).map((key) => [key, pla[key as keyof StaffPrintMode]]),
  )
  const created = await call('POST', staffPaths.list('print-modes'), {
    ...body,
    name: { de: 'Erste Version', en: 'First version', fr: 'Première version' },
  })
  expect(created.statusCode, created.body).toBe(201)
  fresh = StaffPrintModeResponseSchema.parse(created.json()).printMode
})
afterAll(async () => {
  await t.close()
})

describe('the first price-sheet version of a new print mode', () => {
  it('has no version yet: an empty list, and the current version is a 404', async () => {
    expect(fresh.currentSheetVersionId).toBeNull()
    const list = await call('GET', priceSheetPaths.versions(fresh.id))
    expect(list.statusCode).toBe(200)
    expect(SheetVersionListResponseSchema.parse(list.json()).versions).toEqual([])
    const current = await call('GET', priceSheetPaths.current(fresh.id))
    expect(current.statusCode).toBe(404)
  })

  it('refuses the empty start unfilled with 422 and an issue at each required cell, saving nothing', async () => {
    const empty = REQUIRED_SHEET_RESULT_CELLS.map((name) => ({ name, formula: '' }))
    const response = await call('PUT', priceSheetPaths.current(fresh.id), { cells: empty })
    expect(response.statusCode).toBe(422)
    const error = ErrorBodySchema.parse(response.json()).error
    expect(error.code).toBe('sheet_invalid')
    expect(error.details?.sheetIssues).toEqual(
      REQUIRED_SHEET_RESULT_CELLS.map((cell) => expect.objectContaining({ cell, reason: 'empty_formula' })),
    )
    const list = await call('GET', priceSheetPaths.versions(fresh.id))
    expect(SheetVersionListResponseSchema.parse(list.json()).versions).toEqual([])
  })

  it('saves a copy of another mode’s published version as version 1, audited, and lists the mode with it', async () => {
    const source = await call('GET', priceSheetPaths.version(pla.currentSheetVersionId!))
    expect(source.statusCode).toBe(200)
    const { cells, optionVariables } = SheetVersionResponseSchema.parse(source.json()).version
    const saved = await call('PUT', priceSheetPaths.current(fresh.id), { cells, optionVariables })
    expect(saved.statusCode, saved.body).toBe(201)
    const version = SheetVersionResponseSchema.parse(saved.json()).version
    expect(version).toMatchObject({ printModeId: fresh.id, version: 1, current: true, cells })

    const { rows } = await t.db.query<{ details: { version: number } }>(
      "SELECT details FROM staff_audit_log WHERE action = 'save_sheet' AND entity_id = $1",
      [fresh.id],
    )
    expect(rows.map((row) => row.details.version)).toEqual([1])
    const modes = StaffPrintModeListSchema.parse(
      (await call('GET', staffPaths.list('print-modes'))).json(),
    ).printModes
    expect(modes.find((mode) => mode.id === fresh.id)?.currentSheetVersionId).toBe(version.id)
  })

  it('is staff only: a customer can neither read a version to copy nor save one', async () => {
    const read = await call(
      'GET',
      priceSheetPaths.version(pla.currentSheetVersionId!),
      undefined,
      customerCookie,
    )
    expect(read.statusCode).toBe(403)
    const save = await call('PUT', priceSheetPaths.current(fresh.id), { cells: [] }, customerCookie)
    expect(save.statusCode).toBe(403)
  })
})
