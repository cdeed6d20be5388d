import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_HEADER } from '#shared/domain/limits.ts'
import {
  PRICING_BATCH_MAX_PARAMS,
  PricingBatchResponseSchema,
  pricedConfigurationsOf,
  resultsOf,
  type PricingBatchRequest,
} from '#shared/contracts/pricing.contract.ts'
import {
  GetPrintModesResponseSchema,
  PRINT_MODES_PATH,
  type PrintMode,
} from '#shared/contracts/print-modes.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { pricingRequestOf } from '#machines/pricing/pricing-request.ts'
import { newId } from '#server/db/ids.ts'
import { COMPRESS_JSON_MIN_BYTES } from '#server/http/compress-json.ts'
import { PRICING_BATCH_PATH } from '#server/modules/pricing/pricing.routes.ts'
import {
  boxProperties,
  createMemoryAnalysedObjectRepo,
  insertAnalysedModelFile,
} from '#tests/integration/helpers/analysed-objects.ts'
import { BROWSER_ACCEPT_ENCODING } from '#tests/integration/helpers/browser-headers.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

let t: TestApp
let modes: PrintMode[]
let fdm: PrintMode
/** A 50 × 40 × 30 mm box stored as the analysis stores an STL in mm. */
let boxId: string

beforeAll(async () => {
  t = await createTestApp()
  modes = GetPrintModesResponseSchema.parse(
    (await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH })).json(),
  ).printModes
  fdm = modes.find((mode) => mode.name === 'PLA (FDM)')!
  boxId = await insertAnalysedModelFile(t.db, { properties: boxProperties(50, 40, 30) })
})
afterAll(async () => {
  await t.close()
})

function request(overrides: Partial<PricingBatchRequest> = {}): PricingBatchRequest {
  return {
    objectId: boxId,
    objectScale: 1,
    objectUnitLength: 'mm',
    objectQuantity: 1,
    params: [{ printModeId: fdm.id }],
    ...overrides,
  }
}

async function price(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, payload: body as object, headers })
}

/** The answer to `body` as the client reads it: checked by the contract, one line per configuration. */
function linesOf(body: Pick<PricingBatchRequest, 'params'>, response: { json(): unknown }) {
  return pricedConfigurationsOf(body, PricingBatchResponseSchema.parse(response.json()))
}

async function priced(body: PricingBatchRequest) {
  const response = await price(body)
  expect(response.statusCode, response.body).toBe(200)
  return linesOf(body, response)
}

/** Every print mode × finish × colour of the catalogue, each naming all three ids. */
function everyConfiguration(): PricingBatchRequest['params'] {
  return modes.flatMap((mode) =>
    mode.surfaceFinishes.flatMap((finish) =>
      finish.colors.map((color) => ({
        printModeId: mode.id,
        surfaceFinishId: finish.id,
        printModeColorId: color.id,
      })),
    ),
  )
}

function errorOf(body: string) {
  return ErrorBodySchema.parse(JSON.parse(body)).error
}

describe('POST /api/pricing/batch-calculations: the answer on the wire', () => {
  it("sends a configure view's answer plain to a browser: under the compression threshold (decision 0146)", async () => {
    const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING }
    for (const mode of modes) {
      const finish = mode.surfaceFinishes[0]
      const selection = {
        objectId: boxId,
        objectScale: 1.25,
        objectUnitLength: 'mm' as const,
        objectQuantity: 3,
        printModeId: mode.id,
        surfaceFinishId: finish?.id ?? null,
        printModeColorId: (finish?.colors ?? mode.colors)[0]?.id ?? null,
      }
      const body = pricingRequestOf(selection, modes)!
      const response = await price(body, browser)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(response.rawPayload.length).toBeLessThan(COMPRESS_JSON_MIN_BYTES)
      expect(linesOf(body, response).prices).toHaveLength(body.params.length)
    }
  })
})

describe('POST /api/pricing/batch-calculations: prices', () => {
  it('prices a configuration from the analysis record and the current sheet, in integer cents (golden)', async () => {
    // PLA FDM sheet, 50 × 40 × 30 mm: 60 cm³, 94 cm², laid flat 30 mm high → print_hours 6.735,
    // piece 60 × 0.09 + 6.735 × 3.2 + 3.5 = 30.452 € → 30.45 € → 3045 cents; tax 19 % of 3045 = 578.55 → 579.
    const { prices, printabilityForSelected } = await priced(request())
    const [first] = prices
    expect(first).toMatchObject({
      printModeId: fdm.id,
      surfaceFinishId: fdm.surfaceFinishes[0]!.id,
      printModeColorId: fdm.surfaceFinishes[0]!.colors[0]!.id,
      price: { netPrice: 3045, tax: 579, totalPrice: 3624, taxRate: 19 },
      linePrice: { netPrice: 3045, tax: 579, totalPrice: 3624 },
      printable: true,
      tooLarge: false,
      tooSmall: false,
      mightCauseProblems: false,
      productionTimeDays: 4,
    })
    expect(printabilityForSelected).toEqual({
      printable: true,
      tooLarge: false,
      tooSmall: false,
      price: { netPrice: 3045, tax: 579, totalPrice: 3624 },
    })
  })

  it('makes the line price unit × quantity, taxed once per line', async () => {
    const { prices } = await priced(request({ objectQuantity: 3 }))
    // 3 × 3045 = 9135 net; 19 % = 1735.65 → 1736 (not 3 × 579 = 1737).
    expect(prices[0]?.price).toMatchObject({ netPrice: 3045, tax: 579 })
    expect(prices[0]?.linePrice).toEqual({ netPrice: 9135, tax: 1736, totalPrice: 10871 })
  })

  it('applies the finish and colour spreadsheet variables (sanded is a factor of 1.2)', async () => {
    const sanded = fdm.surfaceFinishes.find((finish) => finish.properties.name === 'Geschliffen')!
    const { prices } = await priced(
      request({
        params: [{ printModeId: fdm.id, surfaceFinishId: sanded.id, printModeColorId: sanded.colors[0]!.id }],
      }),
    )
    // 30.452 × 1.2 = 36.5424 → 36.54 €.
    expect(prices[0]?.price.netPrice).toBe(3654)
    expect(prices[0]?.surfaceFinishId).toBe(sanded.id)
  })

  it('prices every print mode × finish × colour of the catalogue, each naming its sheet version', async () => {
    const params = everyConfiguration()
    expect(params.length).toBeLessThanOrEqual(PRICING_BATCH_MAX_PARAMS)
    const { prices } = await priced(request({ params }))
    expect(prices).toHaveLength(params.length)
    const { rows } = await t.db.query<{ print_mode_id: string; current_version_id: string }>(
      'SELECT print_mode_id, current_version_id FROM price_sheets',
    )
    const currentVersion = new Map(rows.map((row) => [row.print_mode_id, row.current_version_id]))
    for (const [index, entry] of prices.entries()) {
      expect(entry.printModeId).toBe(params[index]!.printModeId)
      expect(entry.printModeColorId).toBe(params[index]!.printModeColorId)
      expect(entry.sheetVersion).toBe(currentVersion.get(entry.printModeId))
      expect(Number.isInteger(entry.price.netPrice) && entry.price.netPrice > 0).toBe(true)
      expect(entry.price.totalPrice).toBe(entry.price.netPrice + entry.price.tax)
      expect(entry.price.tax).toBe(Math.round(entry.price.netPrice * 0.19))
    }
  })

  it('applies the request unit to unitless files once, and never to files with their own unit', async () => {
    const mm = (await priced(request({ objectScale: 10 }))).prices[0]!
    const cm = (await priced(request({ objectUnitLength: 'cm' }))).prices[0]!
    expect(cm.price).toEqual(mm.price)
    expect(cm.productionTimeDays).toBe(mm.productionTimeDays)

    // A 3MF is stored in millimetres already: asking for cm must not scale it by 10 again.
    const threeMf = await insertAnalysedModelFile(t.db, {
      properties: boxProperties(50, 40, 30),
      format: '3mf',
    })
    const asCm = (await priced(request({ objectId: threeMf, objectUnitLength: 'cm' }))).prices[0]!
    const asMm = (await priced(request({ objectUnitLength: 'mm' }))).prices[0]!
    expect(asCm.price).toEqual(asMm.price)
  })

  it('reports too large for one mode and for all, too small, and thin walls as a warning', async () => {
    // 400 mm fits the SLS and MJF chambers only if ≤ their longest side; 5 m fits nothing.
    const huge = await insertAnalysedModelFile(t.db, { properties: boxProperties(5000, 40, 30) })
    const all = await priced(
      request({ objectId: huge, params: modes.map((mode) => ({ printModeId: mode.id })) }),
    )
    expect(all.prices.every((entry) => entry.tooLarge && !entry.printable)).toBe(true)
    expect(all.printabilityForAll).toEqual({ tooLarge: true })
    expect(all.printabilityForSelected.price).toBeNull()

    // Too large only for the selected mode: "all" looks at every offered mode, not only the ones asked for.
    const fdmMax = Math.max(
      fdm.features.maxDimensions.x,
      fdm.features.maxDimensions.y,
      fdm.features.maxDimensions.z,
    )
    const modesMax = Math.max(
      ...modes.map((mode) =>
        Math.max(mode.features.maxDimensions.x, mode.features.maxDimensions.y, mode.features.maxDimensions.z),
      ),
    )
    expect(modesMax).toBeGreaterThan(fdmMax)
    const long = await insertAnalysedModelFile(t.db, { properties: boxProperties(fdmMax + 1, 10, 10) })
    const one = await priced(request({ objectId: long }))
    expect(one.prices[0]?.tooLarge).toBe(true)
    expect(one.printabilityForAll).toEqual({ tooLarge: false })

    const tiny = await priced(request({ objectScale: 0.001 }))
    expect(tiny.prices[0]).toMatchObject({ tooSmall: true, mightCauseProblems: false, printable: false })

    const thin = await insertAnalysedModelFile(t.db, {
      properties: boxProperties(50, 40, 30),
      histogram: { binEdgesMm: [0, 0.1, 0.2, null], areaMm2: [0, 5, 0] },
    })
    expect((await priced(request({ objectId: thin }))).prices[0]).toMatchObject({
      mightCauseProblems: true,
      tooSmall: false,
      printable: true,
    })
  })

  it('refuses a part smaller than the minimum feature size of the mode: too small, not printable, no price (issue 14, item 6)', async () => {
    expect(fdm.features.minFeatureSize).toBe(0.8)
    // pr2_head_pan.stl of the corpus measured in mm, and the 20 mm cube at scale 0.02 (0.4 mm a side).
    const headPan = await insertAnalysedModelFile(t.db, { properties: boxProperties(0.25, 0.32, 0.14) })
    const cube = await insertAnalysedModelFile(t.db, { properties: boxProperties(20, 20, 20) })
    for (const body of [request({ objectId: headPan }), request({ objectId: cube, objectScale: 0.02 })]) {
      const answer = await priced(body)
      expect(answer.prices[0]).toMatchObject({ tooSmall: true, tooLarge: false, printable: false })
      expect(answer.printabilityForSelected).toEqual({
        printable: false,
        tooLarge: false,
        tooSmall: true,
        price: null,
      })
    }
    const normal = await priced(request({ objectId: cube }))
    expect(normal.prices[0]).toMatchObject({ tooSmall: false, printable: true })
    expect(normal.printabilityForSelected.price).not.toBeNull()
  })

  it('sends each distinct result once and repeats none of the ids the request named (decision 0136)', async () => {
    const params = everyConfiguration()
    const response = await price(request({ params, objectQuantity: 3 }))
    const wire = PricingBatchResponseSchema.parse(response.json())
    expect(wire.resultOf).toHaveLength(params.length)
    // Colours and finishes that share a price factor share a result.
    const results = resultsOf(wire.results)
    expect(results.length).toBeLessThan(params.length / 2)
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(results.length)
    expect(wire.filledIn).toEqual([])
    for (const param of params) expect(response.body).not.toContain(param.printModeColorId!)
  })

  it('uses the defaults of part 1 §4: first finish, its first colour; a colour alone picks its first finish', async () => {
    const sls = modes.find((mode) => mode.printModeMethod.name.startsWith('SLS'))!
    const blackOnlyDyed = sls.colors.find((color) => color.surfaceFinishes[0] !== sls.surfaceFinishes[0]!.id)!
    const body = request({
      params: [
        { printModeId: sls.id },
        { printModeId: sls.id, printModeColorId: blackOnlyDyed.id },
        {
          printModeId: sls.id,
          surfaceFinishId: sls.surfaceFinishes[0]!.id,
          printModeColorId: sls.surfaceFinishes[0]!.colors[0]!.id,
        },
      ],
    })
    const response = await price(body)
    // Only the params that left a finish or colour out are named in the answer, with what was priced.
    expect(PricingBatchResponseSchema.parse(response.json()).filledIn).toEqual([
      {
        param: 0,
        surfaceFinishId: sls.surfaceFinishes[0]!.id,
        printModeColorId: sls.surfaceFinishes[0]!.colors[0]!.id,
      },
      { param: 1, surfaceFinishId: blackOnlyDyed.surfaceFinishes[0], printModeColorId: blackOnlyDyed.id },
    ])
    const { prices } = linesOf(body, response)
    expect(prices[0]).toMatchObject({
      surfaceFinishId: sls.surfaceFinishes[0]!.id,
      printModeColorId: sls.surfaceFinishes[0]!.colors[0]!.id,
    })
    expect(prices[1]).toMatchObject({
      surfaceFinishId: blackOnlyDyed.surfaceFinishes[0],
      printModeColorId: blackOnlyDyed.id,
    })
  })
})

describe('POST /api/pricing/batch-calculations: refusals', () => {
  it('answers an unknown or unfinished object with 404 not_found', async () => {
    const analysing = await insertAnalysedModelFile(t.db, {
      properties: boxProperties(1, 1, 1),
      state: 'analysing',
    })
    for (const objectId of [newId(), analysing]) {
      const response = await price(request({ objectId }))
      expect(response.statusCode).toBe(404)
      expect(errorOf(response.body)).toMatchObject({ code: 'not_found', details: { resource: 'object' } })
    }
  })

  it('answers an unknown print mode with 404, and bad finishes and colours with 400 naming the param', async () => {
    const sla = modes.find((mode) => mode.printModeMethod.name.startsWith('SLA'))!
    const standard = fdm.surfaceFinishes[0]!
    const redOnlyStandard = fdm.colors.find(
      (color) => !color.surfaceFinishes.includes(fdm.surfaceFinishes[1]!.id),
    )!
    const cases: [PricingBatchRequest['params'][number], number, string][] = [
      [{ printModeId: newId() }, 404, 'not_found'],
      [{ printModeId: fdm.id, surfaceFinishId: newId() }, 400, 'unknown_surface_finish'],
      [{ printModeId: fdm.id, surfaceFinishId: sla.surfaceFinishes[1]!.id }, 400, 'finish_not_in_print_mode'],
      [{ printModeId: fdm.id, printModeColorId: newId() }, 400, 'unknown_color'],
      [{ printModeId: fdm.id, printModeColorId: sla.colors[0]!.id }, 400, 'color_not_in_print_mode'],
      [
        {
          printModeId: fdm.id,
          surfaceFinishId: fdm.surfaceFinishes[1]!.id,
          printModeColorId: redOnlyStandard.id,
        },
        400,
        'color_not_in_finish',
      ],
    ]
    expect(standard.colors.map((color) => color.id)).toContain(redOnlyStandard.id)
    for (const [param, status, code] of cases) {
      const response = await price(request({ params: [{ printModeId: fdm.id }, param] }))
      expect(response.statusCode, code).toBe(status)
      const error = errorOf(response.body)
      if (status === 404) expect(error.details).toMatchObject({ resource: 'printMode', param: 1 })
      else expect(error.issues?.[0]).toMatchObject({ path: ['params', 1, expect.any(String)], code })
    }
  })

  it('refuses invalid numbers, units and batch sizes with 400 validation_failed and the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ objectScale: 0 }, 'objectScale'],
      [{ objectScale: -1 }, 'objectScale'],
      [{ objectScale: '1' }, 'objectScale'],
      [{ objectQuantity: 0 }, 'objectQuantity'],
      [{ objectQuantity: -1 }, 'objectQuantity'],
      [{ objectQuantity: 1.5 }, 'objectQuantity'],
      [{ objectQuantity: '1e3' }, 'objectQuantity'],
      [{ objectQuantity: null }, 'objectQuantity'],
      [{ objectUnitLength: 'm' }, 'objectUnitLength'],
      [{ params: [] }, 'params'],
      [
        { params: Array.from({ length: PRICING_BATCH_MAX_PARAMS + 1 }, () => ({ printModeId: fdm.id })) },
        'params',
      ],
      [{ objectId: 'not-an-id' }, 'objectId'],
    ]
    for (const [override, field] of cases) {
      const response = await price({ ...request(), ...override })
      expect(response.statusCode, JSON.stringify(override).slice(0, 80)).toBe(400)
      const error = errorOf(response.body)
      expect(error.code).toBe('validation_failed')
      expect(error.issues?.[0]?.path[0]).toBe(field)
    }
  })

  it('rejects any price, volume or other field the client should not send (tampering)', async () => {
    for (const field of [
      'price',
      'netPrice',
      'unitPrice',
      'total',
      'taxRate',
      'discount',
      'volume',
      'status',
    ]) {
      const top = await price({ ...request(), [field]: 1 })
      expect(top.statusCode, field).toBe(400)
      expect(errorOf(top.body).issues?.[0]?.code).toBe('unrecognized_keys')
      const inParam = await price({ ...request(), params: [{ printModeId: fdm.id, [field]: 0 }] })
      expect(inParam.statusCode, field).toBe(400)
    }
  })

  it('answers ≥ 150 generated bad bodies with 4xx and never with a 5xx or a tampered price', async () => {
    const tamperFields = [
      'price',
      'netPrice',
      'unitPrice',
      'total',
      'taxRate',
      'discount',
      'volume',
      'status',
    ]
    const badQuantity = fc.constantFrom<unknown>(-1, 0, 1.5, '1e3', null, 'NaN', true, [], {}, -1e9, 2 ** 53)
    const anyScale = fc.oneof(
      fc.constantFrom<unknown>(0, -1, '1', null, 1e308, 5e-324, 'NaN', [], {}),
      fc.double({ noNaN: true }),
    )
    const body = fc.oneof(
      badQuantity.map((objectQuantity) => ({ ...request(), objectQuantity })),
      anyScale.map((objectScale) => ({ ...request(), objectScale })),
      fc.string({ maxLength: 6 }).map((objectUnitLength) => ({ ...request(), objectUnitLength })),
      fc.tuple(fc.constantFrom(...tamperFields), fc.jsonValue()).map(([field, value]) => ({
        ...request(),
        [field]: value,
      })),
      fc.tuple(fc.constantFrom(...tamperFields), fc.jsonValue()).map(([field, value]) => ({
        ...request(),
        params: [{ printModeId: fdm.id, [field]: value }],
      })),
      fc.jsonValue().map((value) => ({ ...request(), params: value })),
      fc.jsonValue(),
    )
    let runs = 0
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        runs++
        const response = await t.app.inject({
          method: 'POST',
          url: PRICING_BATCH_PATH,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        })
        expect(response.statusCode).toBeLessThan(500)
        if (response.statusCode === 200) {
          // Only a valid body prices, and then the prices are the server's own: no tampered field got through.
          const sent = JSON.stringify(payload)
          for (const field of tamperFields) expect(sent.includes(`"${field}"`)).toBe(false)
        } else {
          expect([400, 404, 422]).toContain(response.statusCode)
        }
      }),
      { numRuns: 150 },
    )
    expect(runs).toBeGreaterThanOrEqual(150)
  })

  it('refuses an unknown API key with 401 and malformed JSON with 400', async () => {
    const response = await price(request(), { [API_KEY_HEADER]: 'no-such-key' })
    expect(response.statusCode).toBe(401)
    expect(errorOf(response.body).code).toBe('unknown_api_key')
    const malformed = await t.app.inject({
      method: 'POST',
      url: PRICING_BATCH_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"objectQuantity": NaN}',
    })
    expect(malformed.statusCode).toBe(400)
  })
})

describe('POST /api/pricing/batch-calculations: no side effects', () => {
  it('leaves every table exactly as it was (row counts and the catalogue revision)', async () => {
    const counts = async () => {
      const { rows: tables } = await t.db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
      const result: Record<string, number> = {}
      for (const { table_name } of tables) {
        const { rows } = await t.db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM "${table_name}"`,
        )
        result[table_name] = rows[0]!.count
      }
      const { rows } = await t.db.query<{ revision: number }>(
        'SELECT revision::int AS revision FROM catalogue_revision',
      )
      result['catalogue_revision.revision'] = rows[0]!.revision
      return result
    }
    const before = await counts()
    expect(Object.keys(before).length).toBeGreaterThan(15)
    for (let i = 0; i < 50; i++) {
      await priced(
        request({ objectQuantity: 1 + i, params: modes.map((mode) => ({ printModeId: mode.id })) }),
      )
      await price({ ...request(), price: 1 })
      await price(request({ objectId: newId() }))
    }
    expect(await counts()).toEqual(before)
  })
})

describe('with the analysed-object repository double', () => {
  it('prices objects inserted through the double, reading the analysis once per request', async () => {
    const objects = createMemoryAnalysedObjectRepo()
    const app = await createTestApp({ analysedObjects: objects })
    try {
      const id = objects.add(boxProperties(50, 40, 30))
      const params = modes.map((mode) => ({ printModeId: mode.id }))
      const before = objects.reads
      const response = await app.app.inject({
        method: 'POST',
        url: PRICING_BATCH_PATH,
        payload: request({ objectId: id, params: params.map((param) => ({ ...param })) }),
      })
      // Another app, another seed: its print mode ids differ, so resolve them by name first.
      expect(response.statusCode).toBe(404)
      expect(objects.reads).toBe(before)

      const appModes = GetPrintModesResponseSchema.parse(
        (await app.app.inject({ method: 'GET', url: PRINT_MODES_PATH })).json(),
      ).printModes
      const appFdm = appModes.find((mode) => mode.name === 'PLA (FDM)')!
      const everyMode = request({ objectId: id, params: appModes.map((mode) => ({ printModeId: mode.id })) })
      const ok = await app.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, payload: everyMode })
      expect(ok.statusCode).toBe(200)
      expect(objects.reads).toBe(before + 1)
      const body = linesOf(everyMode, ok)
      expect(body.prices.find((entry) => entry.printModeId === appFdm.id)?.price.netPrice).toBe(3045)

      const fromFile = objects.add(boxProperties(50, 40, 30), { unitFromFile: true })
      const inInch = request({
        objectId: fromFile,
        objectUnitLength: 'inch',
        params: [{ printModeId: appFdm.id }],
      })
      const inch = await app.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, payload: inInch })
      expect(linesOf(inInch, inch).prices[0]?.price.netPrice).toBe(3045)
    } finally {
      await app.close()
    }
  })
})

describe('repeated requests (answer cache, decision 0072)', () => {
  it('answers an identical body with identical bytes, still reading the analysis once per request', async () => {
    const objects = createMemoryAnalysedObjectRepo()
    const app = await createTestApp({ analysedObjects: objects })
    try {
      const appModes = GetPrintModesResponseSchema.parse(
        (await app.app.inject({ method: 'GET', url: PRINT_MODES_PATH })).json(),
      ).printModes
      const id = objects.add(boxProperties(50, 40, 30))
      const body = request({ objectId: id, params: appModes.map((mode) => ({ printModeId: mode.id })) })
      const send = (payload: string, headers: Record<string, string> = {}) =>
        app.app.inject({
          method: 'POST',
          url: PRICING_BATCH_PATH,
          headers: { 'content-type': 'application/json', ...headers },
          payload,
        })

      // The first two are computed (an answer is kept the second time its body is seen), the third is the kept one.
      const readsBefore = objects.reads
      const [first, second, third] = [
        await send(JSON.stringify(body)),
        await send(JSON.stringify(body)),
        await send(JSON.stringify(body)),
      ]
      for (const response of [first, second, third]) {
        expect(response.statusCode).toBe(200)
        expect(response.rawPayload.equals(first.rawPayload)).toBe(true)
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
        expect(response.headers['content-length']).toBe(String(first.rawPayload.length))
      }
      expect(objects.reads).toBe(readsBefore + 3)
      const answer = PricingBatchResponseSchema.parse(third.json())
      expect(linesOf(body, third).prices).toHaveLength(appModes.length)

      // The same request written differently is parsed and priced alike.
      const spaced = await send(JSON.stringify(body, null, 2))
      expect(PricingBatchResponseSchema.parse(spaced.json())).toEqual(answer)

      // The API key is checked on every request, cached body or not.
      const unknownKey = await send(JSON.stringify(body), { [API_KEY_HEADER]: 'no-such-key' })
      expect(unknownKey.statusCode).toBe(401)

      // A deleted upload is not priced from an earlier answer.
      objects.remove(id)
      const gone = await send(JSON.stringify(body))
      expect(gone.statusCode).toBe(404)
      expect(errorOf(gone.body)).toMatchObject({ code: 'not_found', details: { resource: 'object' } })
    } finally {
      await app.close()
    }
  })

  it('parses what it has not seen like every JSON route: empty, malformed, prototype-poisoning, missing and text/plain bodies are 400', async () => {
    const valid = JSON.stringify(request())
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: PRICING_BATCH_PATH,
          headers: { 'content-type': 'application/json' },
          payload: valid,
        })
      ).statusCode,
    ).toBe(200)
    for (const payload of ['', '{', valid.slice(0, -1), `{"__proto__":{"admin":true},${valid.slice(1)}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: PRICING_BATCH_PATH,
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(response.statusCode, payload.slice(0, 40)).toBe(400)
      expect(ErrorBodySchema.safeParse(JSON.parse(response.body)).success).toBe(true)
    }
    // Only a JSON body is read as JSON: no body, or a valid request sent as text/plain, is a 400 and not a price.
    for (const headers of [{}, { 'content-type': 'text/plain' }]) {
      const payload = 'content-type' in headers ? valid : undefined
      const response = await t.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, headers, payload })
      expect(response.statusCode, JSON.stringify(headers)).toBe(400)
      expect(errorOf(response.body).code).toBe('validation_failed')
    }
    // A refused body stays refused when asked again: only answers are kept.
    const tampered = JSON.stringify({ ...request(), price: 1 })
    for (let i = 0; i < 2; i++) expect((await price(JSON.parse(tampered) as unknown)).statusCode).toBe(400)
  })

  it('parses a new body as the default JSON parser does, through its fast path or not: a byte-order mark, escapes and the poisoning keys in any spelling', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: PRICING_BATCH_PATH,
        headers: { 'content-type': 'application/json' },
        payload,
      })
    const valid = JSON.stringify(request())
    const refusedCode = errorOf((await post(`{"__proto__":{"admin":true},${valid.slice(1)}`)).body).code
    // Accepted: a leading byte-order mark (the default parser drops it) and escapes in a string value.
    const withEscape = JSON.stringify({
      ...request(),
      params: [{ ...request().params[0]!, printModeColor: 'Blau \\ "hell" \u00e9' }],
    })
    for (const payload of [`\ufeff${valid}`, withEscape]) {
      const response = await post(payload)
      expect(response.statusCode, payload.slice(0, 40)).toBe(200)
    }
    // Refused with the same error as the plain __proto__ key: the keys the default parser refuses, also escaped.
    for (const payload of [
      `{"\\u005f_proto__":{"admin":true},${valid.slice(1)}`,
      `{"constructor":{"prototype":{"admin":true}},${valid.slice(1)}`,
      `{"\\u0063onstructor":{"prototype":{"admin":true}},${valid.slice(1)}`,
    ]) {
      const response = await post(payload)
      expect(response.statusCode, payload.slice(0, 40)).toBe(400)
      expect(errorOf(response.body).code, payload.slice(0, 40)).toBe(refusedCode)
    }
  })
})
