import { describe, expect, it } from 'vitest'
import { compileSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import {
  DEFAULT_PRICE_SHEETS,
  DEFAULT_PRICING_TEST_PARAMETERS,
} from '#server/modules/pricing/sheet/default-sheets.ts'
import { validateSheet } from '#server/modules/pricing/sheet/validate-sheet.ts'

describe('default price sheets', () => {
  it('cover the six print modes once, for the Standard white label', () => {
    expect(DEFAULT_PRICE_SHEETS.map((sheet) => sheet.printModeKey)).toEqual([
      'fdm',
      'sls',
      'mjf',
      'sla',
      'polyjet',
      'metal',
    ])
    expect(new Set(DEFAULT_PRICE_SHEETS.map((sheet) => sheet.whiteLabel))).toEqual(new Set(['Standard']))
  })

  it.each(DEFAULT_PRICE_SHEETS.map((sheet) => [sheet.printModeKey, sheet] as const))(
    '%s passes validation on save for several colour and finish values',
    (_key, sheet) => {
      expect(
        validateSheet(sheet.draft, DEFAULT_PRICING_TEST_PARAMETERS, {
          colorValues: [1, 1.15],
          finishValues: [1, 1.3],
        }),
      ).toEqual([])
    },
  )

  it('price the 40 × 30 × 20 mm test bracket plausibly (minimum piece prices apply to SLS, MJF and SLA)', () => {
    const prices = Object.fromEntries(
      DEFAULT_PRICE_SHEETS.map((sheet) => {
        const result = compileSheet({ versionId: sheet.printModeKey, draft: sheet.draft }).evaluate({
          ...DEFAULT_PRICING_TEST_PARAMETERS,
          quantity: 1,
          color: 1,
          finish: 1,
        })
        return [sheet.printModeKey, { cents: result.netUnitCents, days: result.productionDays }]
      }),
    )
    expect(prices).toEqual({
      fdm: { cents: 998, days: 4 },
      sls: { cents: 1200, days: 5 },
      mjf: { cents: 1000, days: 4 },
      sla: { cents: 1200, days: 5 },
      polyjet: { cents: 2030, days: 5 },
      metal: { cents: 9704, days: 11 },
    })
  })
})
