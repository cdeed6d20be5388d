import { describe, expect, it } from 'vitest'
import { draftWith, TEST_PARAMETERS } from '#server/modules/pricing/sheet/formula-test-helpers.ts'
import { testSheet } from '#server/modules/pricing/sheet/test-sheet.ts'

describe('testSheet', () => {
  it("returns every cell's value in display order, booleans as booleans, and the result", () => {
    const report = testSheet(
      draftWith([
        { name: 'Volume_cm3', formula: '=internal_volume_mm3 / 1000' },
        { name: 'is_big', formula: '=volume_cm3 > 10' },
        { name: 'unit_net_price_eur', formula: '=ROUND(volume_cm3 * 0.35 + 4.5; 2)' },
        { name: 'production_days', formula: '=IF(is_big; 5.2; 3)' },
        { name: 'printable', formula: '=x_mm < 500' },
      ]),
      TEST_PARAMETERS,
      { quantity: 3 },
    )
    expect(report.issues).toEqual([])
    expect(report.cells).toEqual([
      { name: 'Volume_cm3', value: 12 },
      { name: 'is_big', value: true },
      { name: 'unit_net_price_eur', value: 8.7 },
      { name: 'production_days', value: 5.2 },
      { name: 'printable', value: true },
    ])
    expect(report.result).toEqual({
      unitNetPriceEur: 8.7,
      netUnitCents: 870,
      productionDays: 6,
      printable: true,
    })
  })

  it('evaluates what it can when some cells are broken, and says why the others have no value', () => {
    const report = testSheet(
      draftWith([
        { name: 'good', formula: '=x_mm * 2' },
        { name: 'broken', formula: '=x_mm +' },
        { name: 'uses_broken', formula: '=broken * 2' },
        { name: 'faulty', formula: '=1 / (y_mm - 30)' },
        { name: 'uses_faulty', formula: '=faulty + good' },
      ]),
      TEST_PARAMETERS,
    )
    expect(report.cells.slice(0, 5)).toEqual([
      { name: 'good', value: 80 },
      { name: 'broken', value: null, reason: 'syntax_error' },
      { name: 'uses_broken', value: null, reason: 'dependency_failed' },
      { name: 'faulty', value: null, reason: 'division_by_zero' },
      { name: 'uses_faulty', value: null, reason: 'dependency_failed' },
    ])
    expect(report.issues.map((issue) => [issue.cell, issue.reason])).toEqual([
      ['broken', 'syntax_error'],
      ['faulty', 'division_by_zero'],
    ])
    expect(report.result).toEqual({ unitNetPriceEur: 0, netUnitCents: 0, productionDays: 0, printable: true })
  })

  it('has no result when a result cell cannot be evaluated', () => {
    const report = testSheet(draftWith([{ name: 'unit_net_price_eur', formula: '=1 / 0' }]), TEST_PARAMETERS)
    expect(report.result).toBeNull()
    expect(report.issues).toEqual([{ cell: 'unit_net_price_eur', reason: 'division_by_zero' }])
  })

  it('passes processing options and rejects undeclared ones', () => {
    const draft = draftWith(
      [{ name: 'unit_net_price_eur', formula: '=5 + option_dyeing * 2' }],
      ['option_dyeing'],
    )
    expect(testSheet(draft, TEST_PARAMETERS, { options: { option_dyeing: 2 } }).result?.netUnitCents).toBe(
      900,
    )
    expect(testSheet(draft, TEST_PARAMETERS).result?.netUnitCents).toBe(500)
    expect(testSheet(draft, TEST_PARAMETERS, { options: { option_gold: 1 } }).issues).toEqual([
      { cell: 'option_gold', reason: 'unknown_option' },
    ])
  })
})
