import { describe, expect, it } from 'vitest'
import { evaluateFormula } from '#server/modules/pricing/sheet/formula-test-helpers.ts'
import { FormulaSyntaxError } from '#server/modules/pricing/sheet/formula-lexer.ts'
import { MAX_FORMULA_DEPTH, parseFormula } from '#server/modules/pricing/sheet/formula-parser.ts'

function syntaxError(formula: string): FormulaSyntaxError {
  try {
    parseFormula(formula)
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return error
    throw error
  }
  throw new Error(`parsed: ${formula}`)
}

describe('formula syntax', () => {
  it('follows spreadsheet precedence: comparison < + - < * / < ^ < unary minus', () => {
    expect(evaluateFormula('=1 + 2 * 3')).toBe(7)
    expect(evaluateFormula('=(1 + 2) * 3')).toBe(9)
    expect(evaluateFormula('=2 * 3 ^ 2')).toBe(18)
    expect(evaluateFormula('=-2 ^ 2')).toBe(4)
    expect(evaluateFormula('=2 ^ -1')).toBe(0.5)
    expect(evaluateFormula('=1 + 2 > 2')).toBe(true)
  })

  it('associates to the left, also for ^', () => {
    expect(evaluateFormula('=10 - 4 - 3')).toBe(3)
    expect(evaluateFormula('=64 / 4 / 2')).toBe(8)
    expect(evaluateFormula('=2 ^ 3 ^ 2')).toBe(64)
  })

  it('reads numbers with a decimal point, exponents and leading points', () => {
    expect(evaluateFormula('=1.5e3 + .5 + 2.')).toBe(1502.5)
    expect(evaluateFormula('4.5')).toBe(4.5)
    expect(evaluateFormula('-4.5')).toBe(-4.5)
  })

  it('accepts semicolons and commas between arguments, names and functions in any case', () => {
    expect(evaluateFormula('=ROUND(x_mm * 0.35 + 4.5; 2)')).toBe(18.5)
    expect(evaluateFormula('=round(X_MM * 0.35 + 4.5, 2)')).toBe(18.5)
    expect(evaluateFormula('=Max(1; 2, 3)')).toBe(3)
    expect(evaluateFormula('=TRUE')).toBe(true)
    expect(evaluateFormula('=false()')).toBe(false)
  })

  it('reports syntax errors with the offset of the offending token', () => {
    expect(syntaxError('1 +').position).toBe(3)
    expect(syntaxError('(1 + 2').message).toMatch(/expected '\)'/)
    expect(syntaxError('MAX(1;;2)').position).toBe(6)
    expect(syntaxError('1 2').position).toBe(2)
    expect(syntaxError('1.2.3').message).toBe('malformed_number')
    expect(syntaxError('2 % 3').message).toMatch(/unexpected character/)
    expect(syntaxError('1 == 1').message).toBe('use = instead of ==')
    expect(syntaxError('1 != 1').message).toBe('use <> instead of !=')
    expect(syntaxError('').message).toMatch(/end of the formula/)
  })

  it('refuses formulas nested deeper than the limit instead of overflowing the stack', () => {
    const deep = `${'('.repeat(MAX_FORMULA_DEPTH + 1)}1${')'.repeat(MAX_FORMULA_DEPTH + 1)}`
    expect(syntaxError(deep).message).toBe('formula_too_deep')
    expect(parseFormula(`${'('.repeat(20)}1${')'.repeat(20)}`)).toMatchObject({ kind: 'number', value: 1 })
  })

  it('reports positions in the cell text, counting the leading =', () => {
    expect(evaluateFormula('=1 +')).toBe('syntax_error')
  })
})
