import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DomainInputError } from '#shared/domain/domain-input-error.ts'
import { assessPrintability, type PrintModeLimits } from '#shared/domain/printability.ts'
import {
  priceConfiguration,
  priceScaledConfiguration,
  type AnalysedProperties,
} from '#server/modules/pricing/price-configuration.ts'
import { scaleObject } from '#server/modules/pricing/scaled-object.ts'
import { compileSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { ANALYSED_BLOCK } from '#server/modules/pricing/pricing-test-fixtures.ts'
import { DEFAULT_PRICE_SHEETS } from '#server/modules/pricing/sheet/default-sheets.ts'

const analysed: AnalysedProperties = ANALYSED_BLOCK
const modes: PrintModeLimits[] = [
  { maxDimensionsMm: { x: 200, y: 200, z: 200 }, minFeatureSizeMm: 0.8 },
  { maxDimensionsMm: { x: 50, y: 50, z: 50 }, minFeatureSizeMm: 1.5 },
  { maxDimensionsMm: { x: 300, y: 300, z: 300 }, minFeatureSizeMm: 0.1 },
]
const sheets = DEFAULT_PRICE_SHEETS.map((sheet, index) =>
  compileSheet({ versionId: `v${index}`, draft: sheet.draft }),
)

describe('scaleObject', () => {
  it('gives the print-mode verdict of assessPrintability for any sequence of print modes and sheet answers', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 40, noNaN: true }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: modes.length - 1 }), fc.boolean()), { maxLength: 12 }),
        (scale, asked) => {
          const scaled = scaleObject({ analysed, scale, unit: 'cm', quantity: 1 })
          for (const [mode, accepts] of asked) {
            expect(scaled.printability(modes[mode]!, accepts)).toEqual(
              assessPrintability({
                dimensionsMm: scaled.dimensionsMm,
                lengthFactor: scaled.lengthFactor,
                wallThickness: analysed.wallThickness,
                analysisPrintable: analysed.printable,
                printMode: modes[mode]!,
                printModeAccepts: accepts,
              }),
            )
          }
        },
      ),
    )
  })

  it('prices every configuration of one request as pricing each on its own does', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 40, noNaN: true }),
        fc.integer({ min: 1, max: 500 }),
        fc.array(
          fc.record({
            sheet: fc.integer({ min: 0, max: sheets.length - 1 }),
            mode: fc.integer({ min: 0, max: modes.length - 1 }),
            color: fc.constantFrom(1, 1.1, 1.25),
            finish: fc.constantFrom(1, 1.2),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        (scale, quantity, configurations) => {
          const scaled = scaleObject({ analysed, scale, unit: 'mm', quantity })
          for (const chosen of configurations) {
            const configuration = {
              printMode: modes[chosen.mode]!,
              color: { sheetVariable: chosen.color },
              finish: { sheetVariable: chosen.finish },
              sheet: sheets[chosen.sheet]!,
              taxRatePercent: 19,
            }
            expect(priceScaledConfiguration(scaled, configuration)).toEqual(
              priceConfiguration({ ...configuration, analysed, scale, unit: 'mm', quantity }),
            )
          }
        },
      ),
    )
  })

  it('refuses a bad quantity before a bad measure, as pricing one configuration does', () => {
    const broken = { ...analysed, internalVolume: -1 }
    const fieldOf = (quantity: number): string | undefined => {
      try {
        scaleObject({ analysed: broken, scale: 1, unit: 'mm', quantity })
      } catch (error) {
        if (error instanceof DomainInputError) return error.field
        throw error
      }
      return undefined
    }
    expect(fieldOf(0)).toBe('quantity')
    expect(fieldOf(1)).toBe('analysed.internalVolume')
  })
})
