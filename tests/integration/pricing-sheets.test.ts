import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_HEADER } from '#shared/domain/limits.ts'
import {
  priceSheetPaths,
  SheetVersionListResponseSchema,
  SheetVersionResponseSchema,
  TestSheetResponseSchema,
  type SaveSheetRequest,
  type SheetVersion,
} from '#shared/contracts/price-sheet.contract.ts'
import {
  PricingBatchResponseSchema,
  pricedConfigurationsOf,
  type PricingBatchRequest,
} from '#shared/contracts/pricing.contract.ts'
import {
  GetPrintModesResponseSchema,
  PRINT_MODES_PATH,
  type PrintMode,
} from '#shared/contracts/print-modes.contract.ts'
import { staffPaths } from '#shared/contracts/staff-catalogue.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { priceConfiguration } from '#server/modules/pricing/price-configuration.ts'
import { PRICING_BATCH_PATH } from '#server/modules/pricing/pricing.routes.ts'
import { compileSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { boxProperties, insertAnalysedModelFile } from '#tests/integration/helpers/analysed-objects.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

let t: TestApp
let staffCookie: string
let customerCookie: string
let modes: PrintMode[]
let fdm: PrintMode
let boxId: string
const logLines: string[] = []

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void logLines.push(line) } })
  staffCookie = await signIn(t.app, await createUser(t.db, 'staff'))
  customerCookie = await signIn(t.app, await createUser(t.db, 'customer'))
  modes = GetPrintModesResponseSchema.parse(
    (await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH })).json(),
  ).printModes
  fdm = modes.find((mode) => mode.name === 'PLA (FDM)')!
  boxId = await insertAnalysedModelFile(t.db, { properties: boxProperties(50, 40, 30) })
})
afterAll(async () => {
  await t.close()
})

const asStaff = (cookie = staffCookie) => ({ cookie })

async function current(printModeId: string, whiteLabelId?: string): Promise<SheetVersion> {
  const query = whiteLabelId === undefined ? '' : `?whiteLabelId=${whiteLabelId}`
  const response = await t.app.inject({
    method: 'GET',
    url: priceSheetPaths.current(printModeId) + query,
    headers: asStaff(),
  })
  expect(response.statusCode, response.body).toBe(200)
  return SheetVersionResponseSchema.parse(response.json()).version
}

async function save(printModeId: string, body: SaveSheetRequest) {
  return t.app.inject({
    method: 'PUT',
    url: priceSheetPaths.current(printModeId),
    headers: asStaff(),
    payload: body,
  })
}

async function priceFdm(overrides: Partial<PricingBatchRequest> = {}, headers: Record<string, string> = {}) {
  const body: PricingBatchRequest = {
    objectId: boxId,
    objectScale: 1,
    objectUnitLength: 'mm',
    objectQuantity: 1,
    params: [{ printModeId: fdm.id }],
    ...overrides,
  }
  const response = await t.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, headers, payload: body })
  expect(response.statusCode, response.body).toBe(200)
  return pricedConfigurationsOf(body, PricingBatchResponseSchema.parse(response.json())).prices[0]!
}

/** The seeded FDM sheet with another handling fee. */
function withHandling(version: SheetVersion, euros: number): SaveSheetRequest {
  return {
    cells: version.cells.map((cell) => (cell.name === 'handling_eur' ? { ...cell, formula: euros } : cell)),
    optionVariables: version.optionVariables,
  }
}

describe('price sheet versions', () => {
  it('seeds version 1 of a default sheet for every seeded print mode', async () => {
    for (const mode of modes) {
      const version = await current(mode.id)
      expect(version).toMatchObject({ printModeId: mode.id, version: 1, createdBy: null, current: true })
      expect(version.cells.map((cell) => cell.name)).toContain('unit_net_price_eur')
    }
  })

  it('saves every change as a new version; prices name it, and an old version prices exactly as before', async () => {
    const v1 = await current(fdm.id)
    // Asked three times, so the answer cache (decision 0072) holds it when the sheet changes.
    const before = await priceFdm()
    expect(await priceFdm()).toEqual(before)
    expect(await priceFdm()).toEqual(before)
    expect(before.sheetVersion).toBe(v1.id)
    expect(before.price.netPrice).toBe(3045)

    const response = await save(fdm.id, withHandling(v1, 5))
    expect(response.statusCode, response.body).toBe(201)
    const v2 = SheetVersionResponseSchema.parse(response.json()).version
    expect(v2).toMatchObject({ version: 2, current: true, printModeId: fdm.id })
    expect(v2.id).not.toBe(v1.id)

    // The cache serves the new version at once: 30.452 + 1.5 = 31.952 € → 3195 cents.
    const after = await priceFdm()
    expect(after.sheetVersion).toBe(v2.id)
    expect(after.price.netPrice).toBe(3195)
    // A new body with the same params (shared, with their sheets, since the second request): the new version too.
    const moreOfThem = await priceFdm({ objectQuantity: 2 })
    expect(moreOfThem.sheetVersion).toBe(v2.id)
    expect(moreOfThem.price.netPrice).toBe(3195)

    // Version 1 is still there, unchanged, and reproduces the old price to the cent.
    const old = await t.app.inject({ method: 'GET', url: priceSheetPaths.version(v1.id), headers: asStaff() })
    const reread = SheetVersionResponseSchema.parse(old.json()).version
    expect(reread).toEqual({ ...v1, current: false })
    const replay = priceConfiguration({
      analysed: { ...boxProperties(50, 40, 30), wallThickness: null },
      scale: 1,
      unit: 'mm',
      quantity: 1,
      printMode: {
        maxDimensionsMm: fdm.features.maxDimensions,
        minFeatureSizeMm: fdm.features.minFeatureSize,
      },
      color: { sheetVariable: 1 },
      finish: { sheetVariable: 1 },
      sheet: compileSheet({ versionId: reread.id, draft: reread }),
      taxRatePercent: 19,
    })
    expect(replay).toMatchObject({
      netUnitCents: before.price.netPrice,
      taxCents: before.linePrice.tax,
      sheetVersion: v1.id,
    })

    const list = await t.app.inject({
      method: 'GET',
      url: priceSheetPaths.versions(fdm.id),
      headers: asStaff(),
    })
    const versions = SheetVersionListResponseSchema.parse(list.json()).versions
    expect(versions.map((version) => version.version)).toEqual([2, 1])
    expect(versions.map((version) => version.current)).toEqual([true, false])
  })

  it('keeps versions immutable in the database and audits every save', async () => {
    const v = await current(fdm.id)
    await expect(
      t.db.query("UPDATE price_sheet_versions SET cells = '[]'::jsonb WHERE id = $1", [v.id]),
    ).rejects.toThrow(/immutable/)
    await expect(t.db.query('DELETE FROM price_sheet_versions WHERE id = $1', [v.id])).rejects.toThrow(
      /immutable/,
    )
    const { rows } = await t.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM staff_audit_log WHERE action = 'save_sheet' AND entity_id = $1",
      [fdm.id],
    )
    expect(rows[0]?.count).toBeGreaterThanOrEqual(1)
  })

  it('refuses an invalid sheet with 422 sheet_invalid and one {cell, reason} issue per problem, saving nothing', async () => {
    const before = await current(fdm.id)
    const response = await save(fdm.id, {
      cells: [
        { name: 'volume_cm3', formula: '=internal_volume_mm3 / 1000' },
        { name: 'broken', formula: '=volume_cm3 * (2' },
        { name: 'unit_net_price_eur', formula: '=volume_cm3 * nonsense' },
      ],
    })
    expect(response.statusCode).toBe(422)
    const error = ErrorBodySchema.parse(response.json()).error
    expect(error.code).toBe('sheet_invalid')
    const issues = error.details?.sheetIssues as { cell: string; reason: string }[]
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cell: 'broken', reason: 'syntax_error' }),
        expect.objectContaining({ cell: 'unit_net_price_eur', reason: 'unknown_name' }),
        expect.objectContaining({ cell: 'production_days', reason: 'missing_result_cell' }),
      ]),
    )
    expect(error.issues?.[0]?.path[0]).toBe('cells')
    expect((await current(fdm.id)).id).toBe(before.id)

    // A division by zero at the print mode's own test parameters (40 × 30 × 20 mm) is caught on save.
    const divides = await save(fdm.id, {
      cells: [
        { name: 'risky', formula: '=100 / (x_mm - 40)' },
        { name: 'unit_net_price_eur', formula: '=risky' },
        { name: 'production_days', formula: 5 },
      ],
    })
    expect(divides.statusCode).toBe(422)
    expect(ErrorBodySchema.parse(divides.json()).error.details?.sheetIssues).toEqual([
      expect.objectContaining({ cell: 'risky', reason: 'division_by_zero' }),
    ])
  })

  it('answers 422 pricing_failed when a saved sheet divides by zero for this part, never a default price; the cell and version go to the log only', async () => {
    const polyjet = modes.find((mode) => mode.printModeMethod.name.startsWith('PolyJet'))!
    const response = await save(polyjet.id, {
      cells: [
        { name: 'risky', formula: '=100 / (x_mm - 77)' },
        { name: 'unit_net_price_eur', formula: '=ROUND(ABS(risky) + 20; 2)' },
        { name: 'production_days', formula: 5 },
      ],
    })
    expect(response.statusCode, response.body).toBe(201)
    const versionId = SheetVersionResponseSchema.parse(response.json()).version.id
    const part = await insertAnalysedModelFile(t.db, { properties: boxProperties(77, 40, 30) })
    const failed = await t.app.inject({
      method: 'POST',
      url: PRICING_BATCH_PATH,
      payload: {
        objectId: part,
        objectScale: 1,
        objectUnitLength: 'mm',
        objectQuantity: 1,
        params: [{ printModeId: fdm.id }, { printModeId: polyjet.id }],
      },
    })
    expect(failed.statusCode).toBe(422)
    expect(ErrorBodySchema.parse(failed.json()).error).toMatchObject({
      code: 'pricing_failed',
      details: { printModeId: polyjet.id, param: 1 },
    })
    expect(failed.body).not.toContain('risky')
    expect(failed.body).not.toContain(versionId)
    expect(failed.body).not.toContain('division_by_zero')

    const logged = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry['cell'] === 'risky')
    expect(logged).toMatchObject({
      code: 'pricing_failed',
      reason: 'division_by_zero',
      sheetVersion: versionId,
    })
    expect(logged?.['reqId']).toEqual(expect.any(String))
  })

  it('lets a white label have its own sheet; others fall back to the default white label’s', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: staffPaths.list('white-labels'),
      headers: asStaff(),
      payload: { name: 'Partner Sheets', apiKey: 'partner-sheets-key' },
    })
    expect(created.statusCode).toBe(201)
    const partnerId = (created.json() as { whiteLabel: { id: string } }).whiteLabel.id
    const link = await t.app.inject({
      method: 'PATCH',
      url: staffPaths.one('print-modes', fdm.id),
      headers: asStaff(),
      payload: { whiteLabelIds: [...(await staffPrintModeWhiteLabels(fdm.id)), partnerId] },
    })
    expect(link.statusCode, link.body).toBe(200)

    const partnerHeaders = { [API_KEY_HEADER]: 'partner-sheets-key' }
    const standard = await current(fdm.id)
    expect((await priceFdm({}, partnerHeaders)).sheetVersion).toBe(standard.id)

    const own = await save(fdm.id, { ...withHandling(standard, 10), whiteLabelId: partnerId })
    expect(own.statusCode, own.body).toBe(201)
    const partnerVersion = SheetVersionResponseSchema.parse(own.json()).version
    expect(partnerVersion).toMatchObject({ version: 1, whiteLabelId: partnerId })
    expect((await priceFdm({}, partnerHeaders)).sheetVersion).toBe(partnerVersion.id)
    expect((await priceFdm()).sheetVersion).toBe(standard.id)
  })
})

async function staffPrintModeWhiteLabels(id: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: staffPaths.one('print-modes', id),
    headers: asStaff(),
  })
  return (response.json() as { printMode: { whiteLabelIds: string[] } }).printMode.whiteLabelIds
}

describe('POST /api/print-modes/{id}/price-spreadsheet/test', () => {
  it('evaluates a draft with the print mode’s test parameters and returns every cell’s value', async () => {
    const draft = {
      cells: [
        { name: 'volume_cm3', formula: '=internal_volume_mm3 / 1000' },
        { name: 'big', formula: '=volume_cm3 > 10' },
        { name: 'unit_net_price_eur', formula: '=ROUND(volume_cm3 * 0.5 * color; 2)' },
        { name: 'production_days', formula: '=2.5' },
      ],
    }
    const response = await t.app.inject({
      method: 'POST',
      url: priceSheetPaths.test(fdm.id),
      headers: asStaff(),
      payload: { ...draft, configuration: { color: 2 } },
    })
    expect(response.statusCode, response.body).toBe(200)
    const report = TestSheetResponseSchema.parse(response.json())
    expect(report.testParameters.internalVolumeMm3).toBe(12_000)
    expect(report.issues).toEqual([])
    expect(report.cells).toEqual([
      { name: 'volume_cm3', value: 12 },
      { name: 'big', value: true },
      { name: 'unit_net_price_eur', value: 12 },
      { name: 'production_days', value: 2.5 },
    ])
    expect(report.result).toEqual({
      unitNetPriceEur: 12,
      netUnitCents: 1200,
      productionDays: 3,
      printable: true,
    })

    const custom = await t.app.inject({
      method: 'POST',
      url: priceSheetPaths.test(fdm.id),
      headers: asStaff(),
      payload: {
        ...draft,
        testParameters: { ...report.testParameters, internalVolumeMm3: 0, xMm: 0 },
        cells: [...draft.cells, { name: 'per_x', formula: '=1 / x_mm' }],
      },
    })
    const faulty = TestSheetResponseSchema.parse(custom.json())
    expect(faulty.issues).toEqual([expect.objectContaining({ cell: 'per_x', reason: 'division_by_zero' })])
    expect(faulty.cells.find((cell) => cell.name === 'per_x')).toMatchObject({
      value: null,
      reason: 'division_by_zero',
    })
    // Testing saves nothing.
    expect((await current(fdm.id)).version).toBeGreaterThanOrEqual(1)
  })

  it('is staff only, and refuses cross-origin calls', async () => {
    const url = priceSheetPaths.test(fdm.id)
    const payload = { cells: [] }
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'POST', url, payload, headers: asStaff(customerCookie) })).statusCode,
    ).toBe(403)
    const crossSite = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...asStaff(), 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.statusCode).toBe(403)
    const put = await t.app.inject({
      method: 'PUT',
      url: priceSheetPaths.current(fdm.id),
      payload,
      headers: asStaff(customerCookie),
    })
    expect(put.statusCode).toBe(403)
  })
})
