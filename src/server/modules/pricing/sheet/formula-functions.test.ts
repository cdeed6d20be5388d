import { describe, expect, it } from 'vitest'
import { evaluateFormula } from '#server/modules/pricing/sheet/formula-test-helpers.ts'

describe('sheet functions', () => {
  it('IF picks a branch and only evaluates that one', () => {
    expect(evaluateFormula('=IF(x_mm > 10; 1; 2)')).toBe(1)
    expect(evaluateFormula('=IF(x_mm < 10; 1)')).toBe(0)
    expect(evaluateFormula('=IF(x_mm > 0; 120 / x_mm; 1 / 0)')).toBe(3)
    expect(evaluateFormula('=IF(1; TRUE; FALSE)')).toBe(true)
  })

  it('AND, OR and NOT treat non-zero as true and stop at the first decisive argument', () => {
    expect(evaluateFormula('=AND(1; 2; x_mm > 1)')).toBe(true)
    expect(evaluateFormula('=AND(0; 1 / 0)')).toBe(false)
    expect(evaluateFormula('=OR(0; 0)')).toBe(false)
    expect(evaluateFormula('=OR(1; 1 / 0)')).toBe(true)
    expect(evaluateFormula('=NOT(0)')).toBe(true)
    expect(evaluateFormula('=NOT(5)')).toBe(false)
    expect(evaluateFormula('=TRUE + TRUE')).toBe(2)
  })

  it('MIN, MAX, ABS, SQRT and POWER', () => {
    expect(evaluateFormula('=MIN(3; -1; 2)')).toBe(-1)
    expect(evaluateFormula('=MAX(3; -1; 2)')).toBe(3)
    expect(evaluateFormula('=ABS(-2.5)')).toBe(2.5)
    expect(evaluateFormula('=SQRT(16)')).toBe(4)
    expect(evaluateFormula('=POWER(2; 10)')).toBe(1024)
  })

  it('ROUND rounds half away from zero, also for decimal halves binary cannot hold', () => {
    expect(evaluateFormula('=ROUND(2.5)')).toBe(3)
    expect(evaluateFormula('=ROUND(-2.5; 0)')).toBe(-3)
    expect(evaluateFormula('=ROUND(1.005; 2)')).toBe(1.01)
    expect(evaluateFormula('=ROUND(1234.5; -2)')).toBe(1200)
    expect(evaluateFormula('=ROUND(2.345; 2.9)')).toBe(2.35)
  })

  it('ROUNDUP and ROUNDDOWN round away from and towards zero', () => {
    expect(evaluateFormula('=ROUNDUP(2.001; 2)')).toBe(2.01)
    expect(evaluateFormula('=ROUNDUP(-2.001; 2)')).toBe(-2.01)
    expect(evaluateFormula('=ROUNDUP(0.1 * 3; 1)')).toBe(0.3)
    expect(evaluateFormula('=ROUNDDOWN(2.999; 2)')).toBe(2.99)
    expect(evaluateFormula('=ROUNDUP(1234; -2)')).toBe(1300)
  })

  it('CEILING and FLOOR go to multiples of the significance, towards +∞ and −∞', () => {
    expect(evaluateFormula('=CEILING(2.1)')).toBe(3)
    expect(evaluateFormula('=CEILING(7; 5)')).toBe(10)
    expect(evaluateFormula('=CEILING(-2.5; 1)')).toBe(-2)
    expect(evaluateFormula('=CEILING(0.3 / 0.1)')).toBe(3)
    expect(evaluateFormula('=FLOOR(7; 5)')).toBe(5)
    expect(evaluateFormula('=FLOOR(-2.5)')).toBe(-3)
    expect(evaluateFormula('=FLOOR(0.3 / 0.1)')).toBe(3)
  })

  it('faults instead of guessing: division by zero, non-finite values, arguments out of range', () => {
    expect(evaluateFormula('=1 / (x_mm - 40)')).toBe('division_by_zero')
    expect(evaluateFormula('=1 / 0')).toBe('division_by_zero')
    expect(evaluateFormula('=10 ^ 400')).toBe('not_finite')
    expect(evaluateFormula('=1e308 * 10')).toBe('not_finite')
    expect(evaluateFormula('=1 / (1e308 * 10)')).toBe('not_finite')
    expect(evaluateFormula('=SQRT(-1)')).toBe('invalid_argument')
    expect(evaluateFormula('=POWER(-8; 1 / 3)')).toBe('invalid_argument')
    expect(evaluateFormula('=POWER(0; -1)')).toBe('division_by_zero')
    expect(evaluateFormula('=CEILING(5; 0)')).toBe('invalid_argument')
    expect(evaluateFormula('=ROUND(5; 16)')).toBe('invalid_argument')
  })

  it('checks names, functions and argument counts before evaluating', () => {
    expect(evaluateFormula('=volume_cm3 * 2')).toBe('unknown_name')
    expect(evaluateFormula('=SUM(1; 2)')).toBe('unknown_function')
    expect(evaluateFormula('=ROUND(1; 2; 3)')).toBe('wrong_argument_count')
    expect(evaluateFormula('=IF(1)')).toBe('wrong_argument_count')
    expect(evaluateFormula('=MAX()')).toBe('wrong_argument_count')
  })
})
