import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_HEADER, LANGUAGE_HEADER } from '#shared/domain/limits.ts'
import { priceSheetPaths } from '#shared/contracts/price-sheet.contract.ts'
import {
  PricingBatchResponseSchema,
  pricedConfigurationsOf,
  type PricingParam,
} from '#shared/contracts/pricing.contract.ts'
import {
  GetPrintModesResponseSchema,
  PRINT_MODES_PATH,
  type PrintMode,
} from '#shared/contracts/print-modes.contract.ts'
import {
  StaffColorSchema,
  StaffNamedSchema,
  StaffPrintModeSchema,
  StaffProcessingStepSchema,
  StaffSurfaceFinishSchema,
  StaffWhiteLabelSchema,
  staffPaths,
  type StaffPrintMode,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import { PRICING_BATCH_PATH } from '#server/modules/pricing/pricing.routes.ts'
import { DEFAULT_PRICE_SHEETS } from '#server/modules/pricing/sheet/default-sheets.ts'
import { boxProperties, insertAnalysedModelFile } from '#tests/integration/helpers/analysed-objects.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

let t: TestApp
let cookie: string
let boxId: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = await signIn(t.app, await createUser(t.db, 'staff'))
  boxId = await insertAnalysedModelFile(t.db, { properties: boxProperties(50, 40, 30) })
})
afterAll(async () => {
  await t.close()
})

async function staffCall(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) })
}

async function created<T>(url: string, payload: object, key: string): Promise<T> {
  const response = await staffCall('POST', url, payload)
  expect(response.statusCode, response.body).toBe(201)
  return (response.json() as Record<string, T>)[key]!
}

async function customerModes(headers: Record<string, string> = {}): Promise<PrintMode[]> {
  const response = await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH, headers })
  expect(response.statusCode, response.body).toBe(200)
  return GetPrintModesResponseSchema.parse(response.json()).printModes
}

async function priceStatus(params: object[], headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: PRICING_BATCH_PATH,
    headers,
    payload: { objectId: boxId, objectScale: 1, objectUnitLength: 'mm', objectQuantity: 1, params },
  })
}

/** A pricing answer as the client reads it: one line per requested configuration. */
function linesOf(params: PricingParam[], response: { json(): unknown }) {
  return pricedConfigurationsOf({ params }, PricingBatchResponseSchema.parse(response.json()))
}

const text = (de: string) => ({ de, en: `${de} (en)`, fr: `${de} (fr)` })
const ranking = {
  price: 5,
  flexibility: 3,
  stability: 6,
  precision: 7,
  wearResistance: 4,
  heatResistance: 2,
  maxNumberOfParts: 5,
  maxIncrementalMeasurement: 4,
}

describe('staff catalogue: reading', () => {
  it('lists every resource with all languages and the fields of the print-mode editor', async () => {
    const modes = StaffPrintModeSchema.array().parse(
      ((await staffCall('GET', staffPaths.list('print-modes'))).json() as { printModes: unknown }).printModes,
    )
    expect(modes.length).toBeGreaterThanOrEqual(6)
    for (const mode of modes) {
      expect(mode.name.de && mode.name.en && mode.name.fr).toBeTruthy()
      expect(mode.currentSheetVersionId).not.toBeNull()
      expect(mode.surfaceFinishIds.length).toBeGreaterThan(0)
      expect(mode.pricingTestParameters.xMm).toBe(40)
    }
    const colors = StaffColorSchema.array().parse(
      ((await staffCall('GET', staffPaths.list('colors'))).json() as { colors: unknown }).colors,
    )
    expect(colors.some((color) => color.spreadsheetVariable !== 1)).toBe(true)
    const finishes = StaffSurfaceFinishSchema.array().parse(
      ((await staffCall('GET', staffPaths.list('surface-finishes'))).json() as { surfaceFinishes: unknown })
        .surfaceFinishes,
    )
    expect(finishes.find((finish) => finish.name.de === 'Geschliffen')?.spreadsheetVariable).toBe(1.2)
    for (const resource of ['materials', 'methods'] as const) {
      const list = (await staffCall('GET', staffPaths.list(resource))).json() as Record<string, unknown>
      expect(StaffNamedSchema.array().parse(list[resource]).length).toBeGreaterThan(0)
    }
    const steps = (await staffCall('GET', staffPaths.list('processing-steps'))).json() as {
      processingSteps: unknown
    }
    expect(StaffProcessingStepSchema.array().parse(steps.processingSteps)[0]?.options.length).toBeGreaterThan(
      0,
    )
    const labels = (await staffCall('GET', staffPaths.list('white-labels'))).json() as {
      whiteLabels: unknown
    }
    expect(StaffWhiteLabelSchema.array().parse(labels.whiteLabels)[0]).toMatchObject({
      isDefault: true,
      name: 'Standard',
    })
  })
})

describe('staff catalogue: a new print mode end to end', () => {
  let mode: StaffPrintMode
  let finishA: string
  let finishB: string
  let colorId: string

  it('creates material, method, finishes, a processing step and a print mode, visible to customers at once', async () => {
    const material = await created<{ id: string }>(
      staffPaths.list('materials'),
      { name: text('PETG') },
      'material',
    )
    const method = await created<{ id: string }>(staffPaths.list('methods'), { name: text('FFF') }, 'method')
    finishA = (
      await created<{ id: string }>(
        staffPaths.list('surface-finishes'),
        { name: text('Roh'), description: text('Wie gedruckt') },
        'surfaceFinish',
      )
    ).id
    finishB = (
      await created<{ id: string }>(
        staffPaths.list('surface-finishes'),
        { name: text('Poliert'), description: text('Glatt'), spreadsheetVariable: 2 },
        'surfaceFinish',
      )
    ).id
    const step = await created<{ id: string; options: { id: string }[] }>(
      staffPaths.list('processing-steps'),
      { name: text('Entgraten'), options: [{ name: text('Kanten') }, { name: text('Bohrungen') }] },
      'processingStep',
    )
    expect(step.options).toHaveLength(2)

    const labels = (await staffCall('GET', staffPaths.list('white-labels'))).json() as {
      whiteLabels: { id: string; isDefault: boolean }[]
    }
    const standardId = labels.whiteLabels.find((label) => label.isDefault)!.id
    mode = await created<StaffPrintMode>(
      staffPaths.list('print-modes'),
      {
        materialId: material.id,
        methodId: method.id,
        name: text('PETG (FFF)'),
        description: text('Zäh und günstig'),
        surfaceQuality: text('Schichtlinien'),
        applications: text('Halterungen'),
        maxDimensions: { x: 250, y: 210, z: 200 },
        minFeatureSize: 0.8,
        resolutionXY: 0.4,
        resolutionZ: 0.2,
        ranking,
        whiteLabelIds: [standardId],
        surfaceFinishIds: [finishA, finishB],
        processingStepIds: [step.id],
      },
      'printMode',
    )
    expect(mode).toMatchObject({ isActive: true, archived: false, currentSheetVersionId: null, sortOrder: 0 })

    const color = await created<{ id: string; hue: number; thumbnailPath: string }>(
      staffPaths.list('colors'),
      {
        printModeId: mode.id,
        name: text('Signalrot'),
        hex: '#ff0000',
        spreadsheetVariable: 1.5,
        surfaceFinishIds: [finishA, finishB],
      },
      'color',
    )
    colorId = color.id
    expect(color.hue).toBe(0)
    expect(color.thumbnailPath).toBe(`colors/${color.id}.svg`)

    const english = await customerModes({ [LANGUAGE_HEADER]: 'GB' })
    const shown = english.find((candidate) => candidate.id === mode.id)
    expect(shown).toMatchObject({
      name: 'PETG (FFF) (en)',
      printModeMaterial: { name: 'PETG (en)' },
      printModeMethod: { name: 'FFF (en)' },
    })
    expect(shown?.surfaceFinishes.map((finish) => finish.id)).toEqual([finishA, finishB])
    expect(shown?.colors[0]).toMatchObject({ id: color.id, name: 'Signalrot (en)', hex: '#ff0000' })
    expect(shown?.processingSteps[0]?.options.map((option) => option.name)).toEqual([
      'Kanten (en)',
      'Bohrungen (en)',
    ])
    const swatch = await t.app.inject({ method: 'GET', url: shown!.colors[0]!.thumbnail })
    expect(swatch.statusCode).toBe(200)
    expect(swatch.body).toContain('#ff0000')
  })

  it('cannot price it before it has a sheet (422, no default price), and prices it after', async () => {
    const missing = await priceStatus([{ printModeId: mode.id }])
    expect(missing.statusCode).toBe(422)
    expect(ErrorBodySchema.parse(missing.json()).error).toMatchObject({
      code: 'pricing_failed',
      details: { reason: 'missing_sheet' },
    })

    const sheet = DEFAULT_PRICE_SHEETS.find((candidate) => candidate.printModeKey === 'fdm')!.draft
    const saved = await staffCall('PUT', priceSheetPaths.current(mode.id), {
      cells: sheet.cells,
      optionVariables: [],
    })
    expect(saved.statusCode, saved.body).toBe(201)
    const params = [
      { printModeId: mode.id, surfaceFinishId: finishA, printModeColorId: colorId },
      { printModeId: mode.id, surfaceFinishId: finishB, printModeColorId: colorId },
    ]
    const priced = await priceStatus(params)
    expect(priced.statusCode, priced.body).toBe(200)
    const [raw, polished] = linesOf(params, priced).prices
    // 30.452 € × colour 1.5 = 45.678 → 45.68 €; × finish 2 = 91.356 → 91.36 €.
    expect(raw?.price.netPrice).toBe(4568)
    expect(polished?.price.netPrice).toBe(9136)
  })

  it('updates fields and links, and customers and prices see the change at once', async () => {
    const response = await staffCall('PATCH', staffPaths.one('print-modes', mode.id), {
      name: { de: 'PETG Pro' },
      surfaceFinishIds: [finishB, finishA],
      maxDimensions: { x: 20, y: 20, z: 20 },
    })
    expect(response.statusCode, response.body).toBe(200)
    const shown = (await customerModes({ [LANGUAGE_HEADER]: 'FR' })).find(
      (candidate) => candidate.id === mode.id,
    )
    // French falls back to German when a text has none.
    expect(shown?.name).toBe('PETG Pro')
    expect(shown?.surfaceFinishes.map((finish) => finish.id)).toEqual([finishB, finishA])
    const onlyMode = [{ printModeId: mode.id }]
    const priced = linesOf(onlyMode, await priceStatus(onlyMode))
    expect(priced.prices[0]).toMatchObject({ surfaceFinishId: finishB, tooLarge: true, printable: false })

    const recolored = await staffCall('PATCH', staffPaths.one('colors', colorId), { hex: '#00ff00' })
    expect(StaffColorSchema.parse((recolored.json() as { color: unknown }).color).hue).toBe(120)
    const swatch = await t.app.inject({ method: 'GET', url: `/api/thumbnails/colors/${colorId}.svg` })
    expect(swatch.body).toContain('#00ff00')
  })

  it('archives instead of deleting: hidden from customers and new prices, the row stays, and it can come back', async () => {
    expect((await staffCall('POST', staffPaths.archive('colors', colorId))).statusCode).toBe(204)
    const withoutColor = (await customerModes()).find((candidate) => candidate.id === mode.id)
    expect(withoutColor?.colors).toEqual([])
    const refused = await priceStatus([{ printModeId: mode.id, printModeColorId: colorId }])
    expect(refused.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(refused.json()).error.issues?.[0]?.code).toBe('color_not_in_print_mode')

    expect((await staffCall('POST', staffPaths.archive('print-modes', mode.id))).statusCode).toBe(204)
    expect((await customerModes()).some((candidate) => candidate.id === mode.id)).toBe(false)
    expect((await priceStatus([{ printModeId: mode.id }])).statusCode).toBe(404)
    const { rows } = await t.db.query<{ archived: boolean }>(
      'SELECT archived_at IS NOT NULL AS archived FROM print_modes WHERE id = $1',
      [mode.id],
    )
    expect(rows).toEqual([{ archived: true }])
    const staffView = StaffPrintModeSchema.parse(
      ((await staffCall('GET', staffPaths.one('print-modes', mode.id))).json() as { printMode: unknown })
        .printMode,
    )
    expect(staffView.archived).toBe(true)

    // There is no delete route, and the database refuses a DELETE of anything an order may name.
    const deleted = await staffCall('DELETE', staffPaths.one('print-modes', mode.id))
    expect(deleted.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(deleted.json()).error.code).toBe('route_not_found')
    await expect(t.db.query('DELETE FROM print_modes WHERE id = $1', [mode.id])).rejects.toThrow(/archived/)
    await expect(t.db.query('DELETE FROM colors WHERE id = $1', [colorId])).rejects.toThrow(/archived/)

    expect((await staffCall('POST', staffPaths.restore('print-modes', mode.id))).statusCode).toBe(204)
    expect((await staffCall('POST', staffPaths.restore('colors', colorId))).statusCode).toBe(204)
    const back = (await customerModes()).find((candidate) => candidate.id === mode.id)
    expect(back?.colors.map((color) => color.id)).toEqual([colorId])
  })

  it('archives dropped processing-step options and keeps the ones listed', async () => {
    const steps = StaffProcessingStepSchema.array().parse(
      ((await staffCall('GET', staffPaths.list('processing-steps'))).json() as { processingSteps: unknown })
        .processingSteps,
    )
    const step = steps.find((candidate) => candidate.name.de === 'Entgraten')!
    const [kanten] = step.options
    const response = await staffCall('PATCH', staffPaths.one('processing-steps', step.id), {
      options: [{ id: kanten!.id, name: text('Kanten brechen') }, { name: text('Gewinde') }],
    })
    expect(response.statusCode, response.body).toBe(200)
    const updated = StaffProcessingStepSchema.parse(
      (response.json() as { processingStep: unknown }).processingStep,
    )
    expect(updated.options.map((option) => [option.name.de, option.archived])).toEqual([
      ['Kanten brechen', false],
      ['Gewinde', false],
      ['Bohrungen', true],
    ])
    const shown = (await customerModes()).find((candidate) => candidate.id === mode.id)
    expect(shown?.processingSteps[0]?.options.map((option) => option.name)).toEqual([
      'Kanten brechen',
      'Gewinde',
    ])
  })

  it('records every change in the audit log', async () => {
    const { rows } = await t.db.query<{ action: string; entity: string }>(
      'SELECT action, entity FROM staff_audit_log WHERE entity_id = $1 ORDER BY id',
      [mode.id],
    )
    expect(rows.map((row) => `${row.action} ${row.entity}`)).toEqual([
      'create print-mode',
      'save_sheet print-mode',
      'update print-mode',
      'archive print-modes',
      'restore print-modes',
    ])
  })
})

describe('staff catalogue: a print mode without finishes', () => {
  it('offers its finish-less colours and prices them, the first one by default', async () => {
    const [template] = StaffPrintModeSchema.array().parse(
      ((await staffCall('GET', staffPaths.list('print-modes'))).json() as { printModes: unknown }).printModes,
    )
    const { id: _id, archived: _archived, currentSheetVersionId: _sheet, ...fields } = template!
    const mode = await created<StaffPrintMode>(
      staffPaths.list('print-modes'),
      { ...fields, name: text('Ohne Finish'), surfaceFinishIds: [], processingStepIds: [] },
      'printMode',
    )
    const colors = []
    for (const [index, hex] of ['#112233', '#445566'].entries()) {
      colors.push(
        await created<{ id: string }>(
          staffPaths.list('colors'),
          {
            printModeId: mode.id,
            name: text(`Farbe ${index}`),
            hex,
            spreadsheetVariable: index + 1,
            sortOrder: index,
          },
          'color',
        ),
      )
    }
    const sheet = DEFAULT_PRICE_SHEETS.find((candidate) => candidate.printModeKey === 'fdm')!.draft
    expect(
      (await staffCall('PUT', priceSheetPaths.current(mode.id), { cells: sheet.cells })).statusCode,
    ).toBe(201)

    const shown = (await customerModes()).find((candidate) => candidate.id === mode.id)
    expect(shown?.surfaceFinishes).toEqual([])
    expect(shown?.colors.map((color) => color.id)).toEqual(colors.map((color) => color.id))

    const params = [{ printModeId: mode.id }, { printModeId: mode.id, printModeColorId: colors[1]!.id }]
    const response = await priceStatus(params)
    expect(response.statusCode, response.body).toBe(200)
    const [first, second] = linesOf(params, response).prices
    expect(first).toMatchObject({ surfaceFinishId: null, printModeColorId: colors[0]!.id })
    expect(second).toMatchObject({ surfaceFinishId: null, printModeColorId: colors[1]!.id })
    // Colour factor 2 doubles the piece price: 30.452 € × 2 = 60.904 → 60.90 €.
    expect(second?.price.netPrice).toBe(6090)
  })
})

describe('staff catalogue: white labels', () => {
  it('creates a white label whose key selects its own print modes, and archives it (401 afterwards)', async () => {
    const label = await created<{ id: string }>(
      staffPaths.list('white-labels'),
      { name: 'Partner', apiKey: 'partner-key-1' },
      'whiteLabel',
    )
    const headers = { [API_KEY_HEADER]: 'partner-key-1' }
    expect(await customerModes(headers)).toEqual([])

    const [first] = await customerModes()
    const staffMode = StaffPrintModeSchema.parse(
      ((await staffCall('GET', staffPaths.one('print-modes', first!.id))).json() as { printMode: unknown })
        .printMode,
    )
    await staffCall('PATCH', staffPaths.one('print-modes', first!.id), {
      whiteLabelIds: [...staffMode.whiteLabelIds, label.id],
    })
    expect((await customerModes(headers)).map((mode) => mode.id)).toEqual([first!.id])
    expect((await priceStatus([{ printModeId: first!.id }], headers)).statusCode).toBe(200)

    expect((await staffCall('POST', staffPaths.archive('white-labels', label.id))).statusCode).toBe(204)
    const refused = await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH, headers })
    expect(refused.statusCode).toBe(401)
    expect(ErrorBodySchema.parse(refused.json()).error.code).toBe('unknown_api_key')
    expect((await priceStatus([{ printModeId: first!.id }], headers)).statusCode).toBe(401)
  })

  it('refuses to archive the default white label and a second white label with a taken key (409)', async () => {
    const labels = (await staffCall('GET', staffPaths.list('white-labels'))).json() as {
      whiteLabels: { id: string; isDefault: boolean }[]
    }
    const standard = labels.whiteLabels.find((label) => label.isDefault)!
    const archive = await staffCall('POST', staffPaths.archive('white-labels', standard.id))
    expect(archive.statusCode).toBe(409)
    const duplicate = await staffCall('POST', staffPaths.list('white-labels'), {
      name: 'Copy',
      apiKey: 'schichtwerk-standard',
    })
    expect(duplicate.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(duplicate.json()).error.code).toBe('conflict')
  })
})

describe('staff catalogue: input validation', () => {
  it('refuses unknown fields, unknown ids and bad values with 400, and unknown rows with 404', async () => {
    const cases: [string, string, object, number, string?][] = [
      ['POST', staffPaths.list('materials'), { name: { de: 'X' }, price: 1 }, 400, 'unrecognized_keys'],
      ['POST', staffPaths.list('materials'), { name: { en: 'no German' } }, 400],
      [
        'POST',
        staffPaths.list('colors'),
        { printModeId: newId(), name: text('X'), hex: '#000000' },
        400,
        'unknown_print_mode',
      ],
      ['POST', staffPaths.list('colors'), { printModeId: newId(), name: text('X'), hex: 'red' }, 400],
      ['POST', staffPaths.list('white-labels'), { name: 'X', apiKey: 'short' }, 400],
      ['PATCH', staffPaths.one('materials', newId()), { name: text('X') }, 404],
      ['PATCH', staffPaths.one('print-modes', newId()), { name: text('X') }, 404],
      ['PATCH', staffPaths.one('print-modes', 'not-an-id'), { name: text('X') }, 400],
      ['POST', staffPaths.archive('colors', newId()), {}, 404],
    ]
    for (const [method, url, payload, status, code] of cases) {
      const response = await staffCall(method as 'POST' | 'PATCH', url, payload)
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(status)
      if (code !== undefined)
        expect(ErrorBodySchema.parse(response.json()).error.issues?.[0]?.code).toBe(code)
    }
    const [mode] = await customerModes()
    const badLinks = await staffCall('PATCH', staffPaths.one('print-modes', mode!.id), {
      surfaceFinishIds: [newId()],
      ranking: { ...ranking, price: 9 },
    })
    expect(badLinks.statusCode).toBe(400)
  })
})
