import { describe, expect, it } from 'vitest'
import { compileSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { draftWith, TEST_PARAMETERS } from '#server/modules/pricing/sheet/formula-test-helpers.ts'
import { createSheetCache } from '#server/modules/pricing/sheet/sheet-cache.ts'
import { SheetEvaluationError, SheetInvalidError } from '#server/modules/pricing/sheet/sheet-errors.ts'
import { SHEET_VARIABLES, type SheetInputs } from '#server/modules/pricing/sheet/sheet-variables.ts'

const inputs: SheetInputs = { ...TEST_PARAMETERS, quantity: 1, color: 1, finish: 1 }

const source = {
  versionId: 'v1',
  draft: draftWith([
    { name: 'volume_cm3', formula: '=internal_volume_mm3 / 1000' },
    { name: 'rate', formula: 0.35 },
    { name: 'unit_net_price_eur', formula: '=ROUND(volume_cm3 * rate + 4.5; 2) * color' },
    { name: 'production_days', formula: '=2 + CEILING(quantity / 10)' },
  ]),
}

describe('compileSheet', () => {
  it('prices a configuration: euros to cents once, production days in whole days', () => {
    const sheet = compileSheet(source)
    expect(sheet.evaluate(inputs)).toEqual({
      unitNetPriceEur: 8.7,
      netUnitCents: 870,
      productionDays: 3,
      printable: true,
    })
    // 8.7 × 1.5 is 13.049999999999999 in binary; the cents conversion still says 13.05 €.
    expect(sheet.evaluate({ ...inputs, quantity: 11, color: 1.5 })).toMatchObject({
      netUnitCents: 1305,
      productionDays: 4,
    })
  })

  it('reuses nothing from the previous evaluation', () => {
    const sheet = compileSheet(source)
    const first = sheet.evaluate({ ...inputs, internalVolumeMm3: 100_000 })
    expect(sheet.evaluate(inputs)).not.toEqual(first)
    expect(sheet.evaluate(inputs).netUnitCents).toBe(870)
  })

  it('refuses to compile an invalid sheet, with every issue', () => {
    try {
      compileSheet({ versionId: 'bad', draft: { cells: [{ name: 'a', formula: '=b' }] } })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(SheetInvalidError)
      const invalid = error as SheetInvalidError
      expect(invalid.status).toBe(422)
      expect(invalid.code).toBe('sheet_invalid')
      expect(invalid.issues?.map((issue) => issue.code)).toEqual([
        'unknown_name',
        'missing_result_cell',
        'missing_result_cell',
      ])
    }
  })

  it('throws a pricing_failed error naming the cell instead of returning a default price', () => {
    const sheet = compileSheet({
      versionId: 'v2',
      draft: draftWith([
        { name: 'per_length', formula: '=100 / (x_mm - 40)' },
        { name: 'unit_net_price_eur', formula: '=per_length' },
      ]),
    })
    expect(sheet.evaluate({ ...inputs, xMm: 50 }).netUnitCents).toBe(1000)
    try {
      sheet.evaluate(inputs)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(SheetEvaluationError)
      expect(error).toMatchObject({
        cell: 'per_length',
        reason: 'division_by_zero',
        status: 422,
        code: 'pricing_failed',
      })
      expect((error as SheetEvaluationError).details).toEqual({
        cell: 'per_length',
        reason: 'division_by_zero',
        sheetVersion: 'v2',
      })
    }
    expect(() => sheet.evaluate({ ...inputs, xMm: 30 })).toThrow(/negative_result/)
  })

  it('runs only the cells the results depend on, each of them fully, and names the failing one', () => {
    const sheet = compileSheet({
      versionId: 'v6',
      draft: draftWith([
        { name: 'unused', formula: '=1 / (x_mm - 40)' },
        { name: 'first', formula: '=y_mm * 2' },
        { name: 'second', formula: '=first / (y_mm - 31)' },
        { name: 'unit_net_price_eur', formula: '=IF(z_mm > 100; second; first)' },
      ]),
    })
    expect(sheet.evaluate(inputs).netUnitCents).toBe(6000)
    // A cell is evaluated even when the IF that reads it picks the other branch: guard inside the cell.
    expect(() => sheet.evaluate({ ...inputs, yMm: 31 })).toThrow('price sheet cell second: division_by_zero')
  })

  it('rejects non-finite inputs and undeclared options', () => {
    const sheet = compileSheet(source)
    expect(() => sheet.evaluate({ ...inputs, surfaceAreaMm2: Number.POSITIVE_INFINITY })).toThrow(
      /surface_area_mm2: invalid_input/,
    )
    expect(() => sheet.evaluate({ ...inputs, options: { option_x: 1 } })).toThrow(/unknown_option/)
  })

  it('reads the optional printable cell', () => {
    const sheet = compileSheet({
      versionId: 'v3',
      draft: draftWith([{ name: 'printable', formula: '=internal_volume_mm3 >= 500' }]),
    })
    expect(sheet.evaluate(inputs).printable).toBe(true)
    expect(sheet.evaluate({ ...inputs, internalVolumeMm3: 499 }).printable).toBe(false)
  })

  it('resets option variables to 0 between evaluations', () => {
    const sheet = compileSheet({
      versionId: 'v4',
      draft: draftWith([{ name: 'unit_net_price_eur', formula: '=1 + option_a' }], ['option_a']),
    })
    expect(sheet.evaluate({ ...inputs, options: { option_a: 2 } }).netUnitCents).toBe(300)
    expect(sheet.evaluate(inputs).netUnitCents).toBe(100)
  })

  it('feeds every built-in variable into the slot its name reads', () => {
    const checks = SHEET_VARIABLES.map((variable, index) => `${variable.name} = ${index + 1}`)
    const sheet = compileSheet({
      versionId: 'v5',
      draft: draftWith([{ name: 'printable', formula: `=AND(${checks.join('; ')})` }]),
    })
    const distinct = Object.fromEntries(SHEET_VARIABLES.map((variable, index) => [variable.input, index + 1]))
    expect(sheet.evaluate(distinct as unknown as SheetInputs).printable).toBe(true)
    expect(sheet.evaluate({ ...(distinct as unknown as SheetInputs), finish: 1 }).printable).toBe(false)
  })
})

describe('createSheetCache', () => {
  it('compiles a version once and evicts the least recently used', () => {
    const cache = createSheetCache(2)
    const first = cache.getOrCompile(source)
    expect(cache.getOrCompile(source)).toBe(first)
    expect(cache.get('v1')).toBe(first)
    cache.getOrCompile({ ...source, versionId: 'v2' })
    cache.get('v1')
    cache.getOrCompile({ ...source, versionId: 'v3' })
    expect(cache.size).toBe(2)
    expect(cache.get('v1')).toBe(first)
    expect(cache.get('v2')).toBeUndefined()
  })

  it('keeps the version it just compiled when that overflows the bound, however often the others were used', () => {
    const cache = createSheetCache(2)
    const first = cache.getOrCompile(source)
    const second = cache.getOrCompile({ ...source, versionId: 'v2' })
    for (let use = 0; use < 3; use++) cache.get('v1')
    const third = cache.getOrCompile({ ...source, versionId: 'v3' })
    expect(cache.get('v2')).toBeUndefined()
    expect(cache.get('v1')).toBe(first)
    expect(cache.get('v3')).toBe(third)
    expect(second).not.toBe(first)
  })

  it('does not cache an invalid sheet', () => {
    const cache = createSheetCache()
    expect(() => cache.getOrCompile({ versionId: 'bad', draft: { cells: [] } })).toThrow(SheetInvalidError)
    expect(cache.size).toBe(0)
  })
})
