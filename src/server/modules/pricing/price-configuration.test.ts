import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DomainInputError } from '#shared/domain/domain-input-error.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import {
  configurationPrintability,
  configurationTooLarge,
  priceConfiguration,
  printabilityForAll,
  printabilityForSelected,
  type AnalysedProperties,
  type PriceConfigurationInput,
} from '#server/modules/pricing/price-configuration.ts'
import { compileSheet, type CompiledSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { ANALYSED_BLOCK } from '#server/modules/pricing/pricing-test-fixtures.ts'
import { DEFAULT_PRICE_SHEETS } from '#server/modules/pricing/sheet/default-sheets.ts'
import { draftWith } from '#server/modules/pricing/sheet/formula-test-helpers.ts'
import { SheetEvaluationError } from '#server/modules/pricing/sheet/sheet-errors.ts'

const analysed: AnalysedProperties = ANALYSED_BLOCK

/** Prices in euros equal to the scaled X size, so the tests can see the unit conversion and the scale. */
const echoSheet = compileSheet({
  versionId: 'echo-1',
  draft: draftWith([
    { name: 'unit_net_price_eur', formula: '=x_mm + internal_volume_mm3 * 0 + surface_area_mm2 * 0' },
    { name: 'production_days', formula: '=2 + quantity / 10' },
    { name: 'printable', formula: '=max_x_mm < 1000' },
  ]),
})

function input(overrides: Partial<PriceConfigurationInput> = {}): PriceConfigurationInput {
  return {
    analysed,
    scale: 1.5,
    unit: 'cm',
    quantity: 3,
    printMode: { maxDimensionsMm: { x: 200, y: 200, z: 200 }, minFeatureSizeMm: 0.8 },
    color: { sheetVariable: 1 },
    finish: { sheetVariable: 1 },
    sheet: echoSheet,
    taxRatePercent: 19,
    ...overrides,
  }
}

describe('priceConfiguration', () => {
  it('scales the analysis to millimetres, prices the unit, and taxes the line', () => {
    expect(priceConfiguration(input())).toEqual({
      netUnitCents: 6000, // 4 cm × 1.5 = 60 mm → 60 €
      netLineCents: 18_000,
      taxCents: 3420,
      totalLineCents: 21_420,
      productionTimeDays: 3, // 2.3 → 3 business days
      printable: true,
      tooLarge: false,
      tooSmall: false,
      mightCauseProblems: false,
      sheetVersion: 'echo-1',
    })
    expect(priceConfiguration(input({ unit: 'inch', scale: 1 })).netUnitCents).toBe(10_160)
  })

  it('reports too large, too small and thin walls for the print mode', () => {
    expect(priceConfiguration(input({ scale: 10 }))).toMatchObject({ tooLarge: true, printable: false })
    expect(priceConfiguration(input({ unit: 'mm', scale: 0.3 }))).toMatchObject({
      // Smaller than the minimum feature size as a whole: cannot be printed, not just a warning (decision 0102).
      tooSmall: true,
      mightCauseProblems: false,
      printable: false,
    })
    // 0.1 cm walls at scale 0.5 are 0.5 mm, thinner than 0.8 mm.
    expect(priceConfiguration(input({ scale: 0.5 }))).toMatchObject({
      tooSmall: false,
      mightCauseProblems: true,
    })
  })

  it("is not printable when the analysis or the print mode's sheet says so", () => {
    expect(priceConfiguration(input({ analysed: { ...analysed, printable: false } })).printable).toBe(false)
    const huge = { ...analysed, maxX: 1200 }
    expect(priceConfiguration(input({ analysed: huge, unit: 'mm', scale: 1 })).printable).toBe(false)
  })

  it('rejects bad inputs with typed 400 errors', () => {
    const cases: [Partial<PriceConfigurationInput>, string, string][] = [
      [{ scale: 0 }, 'scale', 'not_positive'],
      [{ scale: -1 }, 'scale', 'not_positive'],
      [{ scale: Number.NaN }, 'scale', 'not_finite'],
      [{ scale: Number.POSITIVE_INFINITY }, 'scale', 'not_finite'],
      [{ quantity: 0 }, 'quantity', 'below_minimum'],
      [{ quantity: 1.5 }, 'quantity', 'not_integer'],
      [{ quantity: Number.NaN }, 'quantity', 'not_finite'],
      [{ unit: 'm' as UnitOfLength }, 'unit', 'unknown_unit'],
      [{ analysed: { ...analysed, internalVolume: -1 } }, 'analysed.internalVolume', 'negative'],
      [{ analysed: { ...analysed, maxY: Number.NaN } }, 'analysed.maxY', 'not_finite'],
      [{ analysed: { ...analysed, minX: -1 } }, 'analysed.minX', 'negative'],
      [{ color: { sheetVariable: Number.NaN } }, 'color.sheetVariable', 'not_finite'],
      [{ taxRatePercent: 19.005 }, 'taxRatePercent', 'too_precise'],
    ]
    for (const [overrides, field, reason] of cases) {
      try {
        priceConfiguration(input(overrides))
        expect.unreachable(`${field} ${reason}`)
      } catch (error) {
        expect(error).toBeInstanceOf(DomainInputError)
        expect(error).toMatchObject({ field, reason, status: 400 })
      }
    }
  })

  it('lets a sheet fault through as a pricing_failed error; the printability verdict is still available', () => {
    const faulty = compileSheet({
      versionId: 'faulty',
      draft: draftWith([{ name: 'unit_net_price_eur', formula: '=100 / (quantity - 3)' }]),
    })
    expect(() => priceConfiguration(input({ sheet: faulty }))).toThrow(SheetEvaluationError)
    expect(configurationPrintability(input({ sheet: faulty, scale: 10 }))).toMatchObject({
      tooLarge: true,
      status: 'too_large',
    })
  })
})

describe('printability aggregation', () => {
  const fits = priceConfiguration(input())
  const tooLarge = priceConfiguration(input({ scale: 10 }))

  it('gives the selected configuration its flags and, when orderable, its price', () => {
    expect(printabilityForSelected(fits)).toEqual({
      printable: true,
      tooLarge: false,
      tooSmall: false,
      price: { netCents: 18_000, taxCents: 3420, totalCents: 21_420 },
    })
    expect(printabilityForSelected(tooLarge).price).toBeNull()
  })

  it('is too large for all only when every print mode is too large', () => {
    expect(printabilityForAll([tooLarge, tooLarge])).toEqual({ tooLarge: true })
    expect(printabilityForAll([tooLarge, fits])).toEqual({ tooLarge: false })
    expect(printabilityForAll([])).toEqual({ tooLarge: false })
  })
})

const MM_PER: Record<UnitOfLength, number> = { mm: 1, cm: 10, inch: 25.4 }

/** Plausible uploads: 1–300 mm per side, described in the file's own unit. */
const uploads = fc
  .record({
    unit: fc.constantFrom<UnitOfLength>('mm', 'cm', 'inch'),
    sidesMm: fc.tuple(
      ...[0, 1, 2].map(() => fc.integer({ min: 10, max: 3000 }).map((tenths) => tenths / 10)),
    ),
    fill: fc.integer({ min: 5, max: 100 }).map((percent) => percent / 100),
    roughness: fc.integer({ min: 10, max: 30 }).map((tenths) => tenths / 10),
  })
  .map(({ unit, sidesMm, fill, roughness }) => {
    const [x = 1, y = 1, z = 1] = sidesMm.map((side) => side / MM_PER[unit])
    const [small = 1, middle = 1, large = 1] = [x, y, z].sort((a, b) => a - b)
    const box = x * y * z
    const model: AnalysedProperties = {
      dimensions: { x, y, z },
      internalVolume: box * fill,
      externalVolume: box,
      surfaceArea: 2 * (x * y + y * z + z * x) * roughness,
      minX: small,
      maxX: large,
      maxY: middle,
      wallThickness: null,
      printable: true,
    }
    return { unit, model }
  })

const defaultSheets: readonly CompiledSheet[] = DEFAULT_PRICE_SHEETS.map((sheet) =>
  compileSheet({ versionId: sheet.printModeKey, draft: sheet.draft }),
)

const configurations = fc.record({
  upload: uploads,
  sheet: fc.constantFrom(...defaultSheets),
  scale: fc.integer({ min: 10, max: 300 }).map((hundredths) => hundredths / 100),
  quantity: fc.integer({ min: 1, max: 200 }),
  color: fc.constantFrom(1, 1.1, 1.25),
  finish: fc.constantFrom(1, 1.3),
  rate: fc.constantFrom(0, 7, 19, 20),
})

type Configuration = typeof configurations extends fc.Arbitrary<infer T> ? T : never

function priced(configuration: Configuration, overrides: Partial<PriceConfigurationInput> = {}) {
  return priceConfiguration({
    analysed: configuration.upload.model,
    scale: configuration.scale,
    unit: configuration.upload.unit,
    quantity: configuration.quantity,
    printMode: { maxDimensionsMm: { x: 380, y: 284, z: 380 }, minFeatureSizeMm: 0.8 },
    color: { sheetVariable: configuration.color },
    finish: { sheetVariable: configuration.finish },
    sheet: configuration.sheet,
    taxRatePercent: configuration.rate,
    ...overrides,
  })
}

describe('pricing properties with the default sheets', () => {
  it('never negative; integer cents; line = unit × quantity; net + tax = total to the cent', () => {
    fc.assert(
      fc.property(configurations, (configuration) => {
        const result = priced(configuration)
        expect(result.netUnitCents).toBeGreaterThan(0)
        expect(Number.isSafeInteger(result.netUnitCents) && Number.isSafeInteger(result.taxCents)).toBe(true)
        expect(result.netLineCents).toBe(result.netUnitCents * configuration.quantity)
        expect(result.totalLineCents).toBe(result.netLineCents + result.taxCents)
        expect(result.taxCents).toBeGreaterThanOrEqual(0)
        expect(result.productionTimeDays).toBeGreaterThan(0)
        expect(Number.isInteger(result.productionTimeDays)).toBe(true)
      }),
      { numRuns: 2_000 },
    )
  })

  it('are monotone in quantity: a larger quantity never costs less or is made faster', () => {
    fc.assert(
      fc.property(configurations, fc.integer({ min: 1, max: 100 }), (configuration, extra) => {
        const fewer = priced(configuration)
        const more = priced(configuration, { quantity: configuration.quantity + extra })
        expect(more.totalLineCents).toBeGreaterThanOrEqual(fewer.totalLineCents)
        expect(more.netUnitCents).toBe(fewer.netUnitCents)
        expect(more.productionTimeDays).toBeGreaterThanOrEqual(fewer.productionTimeDays)
      }),
      { numRuns: 1_000 },
    )
  })

  it('are monotone in scale: a larger part never costs less per piece or is made faster', () => {
    fc.assert(
      fc.property(configurations, fc.integer({ min: 0, max: 200 }), (configuration, growPercent) => {
        const smaller = priced(configuration)
        const larger = priced(configuration, { scale: configuration.scale * (1 + growPercent / 100) })
        expect(larger.netUnitCents).toBeGreaterThanOrEqual(smaller.netUnitCents)
        expect(larger.productionTimeDays).toBeGreaterThanOrEqual(smaller.productionTimeDays)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('configurationTooLarge', () => {
  it("is configurationPrintability's tooLarge for any part, scale, unit and build volume", () => {
    const side = fc.integer({ min: 1, max: 5000 }).map((tenths) => tenths / 10)
    const box = fc.record({ x: side, y: side, z: side })
    fc.assert(
      fc.property(
        box,
        box,
        fc.integer({ min: 1, max: 1000 }).map((hundredths) => hundredths / 100),
        fc.constantFrom<UnitOfLength>('mm', 'cm', 'inch'),
        (dimensions, maxDimensionsMm, scale, unit) => {
          const input = {
            analysed: {
              dimensions,
              internalVolume: 1,
              externalVolume: 1,
              surfaceArea: 1,
              minX: 1,
              maxX: 1,
              maxY: 1,
              printable: true,
              wallThickness: { binEdgesMm: [0, 0.5, 1, null], areaMm2: [10, 20, 30] },
            },
            scale,
            unit,
            printMode: { maxDimensionsMm, minFeatureSizeMm: 0.8 },
          }
          expect(configurationTooLarge(input)).toBe(configurationPrintability(input).tooLarge)
        },
      ),
      { numRuns: 2_000 },
    )
  })
})
