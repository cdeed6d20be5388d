import { describe, expect, it } from 'vitest'
import { draftWith, TEST_PARAMETERS } from '#server/modules/pricing/sheet/formula-test-helpers.ts'
import { SHEET_LIMITS } from '#server/modules/pricing/sheet/sheet-types.ts'
import { validateSheet } from '#server/modules/pricing/sheet/validate-sheet.ts'

const valid = draftWith([
  { name: 'volume_cm3', formula: '=internal_volume_mm3 / 1000' },
  { name: 'unit_net_price_eur', formula: '=ROUND(volume_cm3 * 0.35 + 4.5; 2)' },
  { name: 'production_days', formula: 3 },
])

describe('validateSheet', () => {
  it('accepts a sound sheet', () => {
    expect(validateSheet(valid, TEST_PARAMETERS)).toEqual([])
  })

  it('lists syntax errors with the offset in the cell text', () => {
    const issues = validateSheet(draftWith([{ name: 'a', formula: '=1 +* 2' }]), TEST_PARAMETERS)
    expect(issues).toEqual([
      { cell: 'a', reason: 'syntax_error', detail: "expected a value, found '*'", position: 4 },
    ])
  })

  it('lists unknown names and functions, wrong argument counts and non-number values', () => {
    const issues = validateSheet(
      draftWith([
        { name: 'a', formula: '=volum * 2' },
        { name: 'b', formula: '=SUMME(1)' },
        { name: 'c', formula: '=ROUND()' },
        { name: 'd', formula: '4,5' },
        { name: 'e', formula: '' },
      ]),
      TEST_PARAMETERS,
    )
    expect(issues.map(({ cell, reason }) => ({ cell, reason }))).toEqual([
      { cell: 'a', reason: 'unknown_name' },
      { cell: 'b', reason: 'unknown_function' },
      { cell: 'c', reason: 'wrong_argument_count' },
      { cell: 'd', reason: 'syntax_error' },
      { cell: 'e', reason: 'empty_formula' },
    ])
  })

  it('lists every cell on a cycle, self-references included', () => {
    const issues = validateSheet(
      draftWith([
        { name: 'a', formula: '=b + 1' },
        { name: 'b', formula: '=c + 1' },
        { name: 'c', formula: '=a + 1' },
        { name: 'self', formula: '=self' },
        { name: 'after', formula: '=a * 2' },
      ]),
      TEST_PARAMETERS,
    )
    expect(
      issues
        .filter((issue) => issue.reason === 'cycle')
        .map((issue) => issue.cell)
        .sort(),
    ).toEqual(['a', 'b', 'c', 'self'])
    expect(issues.some((issue) => issue.cell === 'after')).toBe(false)
  })

  it('requires both result cells', () => {
    const issues = validateSheet({ cells: [{ name: 'a', formula: 1 }] }, TEST_PARAMETERS)
    expect(issues).toEqual([
      { cell: 'unit_net_price_eur', reason: 'missing_result_cell' },
      { cell: 'production_days', reason: 'missing_result_cell' },
    ])
  })

  it('rejects bad, duplicate and reserved cell names', () => {
    const issues = validateSheet(
      draftWith([
        { name: '1st', formula: 1 },
        { name: 'rate', formula: 1 },
        { name: 'Rate', formula: 2 },
        { name: 'x_mm', formula: 1 },
        { name: 'max', formula: 1 },
        { name: 'true', formula: 1 },
        { name: 'a'.repeat(SHEET_LIMITS.maxNameLength + 1), formula: 1 },
      ]),
      TEST_PARAMETERS,
    )
    expect(issues.map((issue) => issue.reason)).toEqual([
      'invalid_name',
      'duplicate_name',
      'reserved_name',
      'reserved_name',
      'reserved_name',
      'invalid_name',
    ])
  })

  it('evaluates with the pricing test parameters: faults and negative or non-finite results are errors', () => {
    const faults = validateSheet(
      draftWith([
        { name: 'per_mm', formula: '=100 / (x_mm - 40)' },
        { name: 'unit_net_price_eur', formula: '=per_mm + 1' },
      ]),
      TEST_PARAMETERS,
    )
    expect(faults).toEqual([{ cell: 'per_mm', reason: 'division_by_zero' }])

    const negative = validateSheet(
      draftWith([{ name: 'unit_net_price_eur', formula: '=10 - x_mm' }]),
      TEST_PARAMETERS,
    )
    expect(negative).toEqual([{ cell: 'unit_net_price_eur', reason: 'negative_result' }])

    const tooLarge = validateSheet(
      draftWith([{ name: 'unit_net_price_eur', formula: '=internal_volume_mm3 * 1000' }]),
      TEST_PARAMETERS,
    )
    expect(tooLarge).toEqual([{ cell: 'unit_net_price_eur', reason: 'result_too_large' }])

    const days = validateSheet(draftWith([{ name: 'production_days', formula: '=-1' }]), TEST_PARAMETERS)
    expect(days).toEqual([{ cell: 'production_days', reason: 'negative_result' }])
  })

  it('tries every colour and finish value and says which combination failed', () => {
    const draft = draftWith([{ name: 'unit_net_price_eur', formula: '=10 / (color - 2) + 20 * finish' }])
    expect(validateSheet(draft, TEST_PARAMETERS, { colorValues: [1, 2], finishValues: [1] })).toEqual([
      { cell: 'unit_net_price_eur', reason: 'division_by_zero', detail: 'color 2, finish 1' },
    ])
  })

  it('treats invalid test parameters as an error of that variable', () => {
    expect(validateSheet(valid, { ...TEST_PARAMETERS, zMm: Number.NaN })).toEqual([
      { cell: 'z_mm', reason: 'invalid_input' },
    ])
  })

  it('checks processing-step option variables', () => {
    const draft = draftWith(
      [{ name: 'unit_net_price_eur', formula: '=5 + option_dyeing * 2' }],
      ['option_dyeing', 'dyeing', 'option_dyeing'],
    )
    expect(validateSheet(draft, TEST_PARAMETERS)).toEqual([
      { cell: 'dyeing', reason: 'invalid_option_variable', detail: 'must start with option_' },
      { cell: 'option_dyeing', reason: 'duplicate_name' },
    ])
  })

  it('bounds the size of a sheet and of a formula', () => {
    const many = draftWith(
      Array.from({ length: SHEET_LIMITS.maxCells }, (_, index) => ({ name: `c${index}`, formula: 1 })),
    )
    expect(validateSheet(many, TEST_PARAMETERS)).toContainEqual({
      cell: '',
      reason: 'too_many_cells',
      detail: 'at most 200',
    })
    const long = draftWith([{ name: 'a', formula: `=${'1+'.repeat(SHEET_LIMITS.maxFormulaLength)}1` }])
    expect(validateSheet(long, TEST_PARAMETERS).map((issue) => issue.reason)).toEqual(['formula_too_long'])
  })
})
