import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BinaryOperator, FormulaNode } from '#server/modules/pricing/sheet/formula-ast.ts'
import {
  assertGeneratedSource,
  compileEvaluator,
  compileFormula,
  numeral,
  type CompileScope,
} from '#server/modules/pricing/sheet/formula-compiler.ts'
import { checked, FormulaFault } from '#server/modules/pricing/sheet/formula-fault.ts'
import { FORMULA_FUNCTIONS, FORMULA_RUNTIME } from '#server/modules/pricing/sheet/formula-functions.ts'
import { compileSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { draftWith, TEST_PARAMETERS } from '#server/modules/pricing/sheet/formula-test-helpers.ts'

const NAMES = ['a', 'b', 'c'] as const
const scope: CompileScope = {
  slotOf: (name) => NAMES.indexOf(name as (typeof NAMES)[number]),
  typeOf: () => 'number',
  constantOf: () => undefined,
}

/**
 * The formulas' meaning written as a plain tree walk (decision 0031's semantics): the oracle the generated code
 * must agree with, value for value and fault for fault.
 */
function reference(node: FormulaNode, slots: Float64Array): number {
  const value = (item: FormulaNode) => reference(item, slots)
  switch (node.kind) {
    case 'number':
      return node.value
    case 'boolean':
      return node.value ? 1 : 0
    case 'name':
      return slots[scope.slotOf(node.name)]!
    case 'unary':
      return node.operator === '-' ? -value(node.operand) : value(node.operand)
    case 'binary':
      return referenceBinary(node.operator, value(node.left), value(node.right))
    case 'call':
      return referenceCall(
        node.name,
        node.args.map((item) => () => value(item)),
      )
  }
}

function referenceBinary(operator: BinaryOperator, left: number, right: number): number {
  const comparisons: Partial<Record<BinaryOperator, boolean>> = {
    '=': left === right,
    '<>': left !== right,
    '<': left < right,
    '<=': left <= right,
    '>': left > right,
    '>=': left >= right,
  }
  if (operator in comparisons) return comparisons[operator] ? 1 : 0
  if (operator === '/') {
    if (right === 0) throw new FormulaFault('division_by_zero')
    return checked(left / right)
  }
  if (operator === '^') return FORMULA_RUNTIME.power(left, right)
  return checked(operator === '+' ? left + right : operator === '-' ? left - right : left * right)
}

function referenceCall(name: string, args: readonly (() => number)[]): number {
  const at = (index: number, absent = 0) => (args[index] === undefined ? absent : args[index]())
  switch (name) {
    case 'IF':
      return at(0) !== 0 ? at(1) : at(2)
    case 'AND':
      return args.every((item) => item() !== 0) ? 1 : 0
    case 'OR':
      return args.some((item) => item() !== 0) ? 1 : 0
    case 'NOT':
      return at(0) !== 0 ? 0 : 1
    case 'TRUE':
      return 1
    case 'FALSE':
      return 0
    case 'MIN':
      return args.reduce((result, item) => Math.min(result, item()), Infinity)
    case 'MAX':
      return args.reduce((result, item) => Math.max(result, item()), -Infinity)
    case 'ABS':
      return Math.abs(at(0))
    case 'SQRT':
      return FORMULA_RUNTIME.sqrt(at(0))
    case 'POWER':
      return FORMULA_RUNTIME.power(at(0), at(1))
    case 'ROUND':
      return FORMULA_RUNTIME.round(at(0), at(1))
    case 'ROUNDUP':
      return FORMULA_RUNTIME.roundUp(at(0), at(1))
    case 'ROUNDDOWN':
      return FORMULA_RUNTIME.roundDown(at(0), at(1))
    case 'CEILING':
      return FORMULA_RUNTIME.ceiling(at(0), at(1, 1))
    case 'FLOOR':
      return FORMULA_RUNTIME.floor(at(0), at(1, 1))
    default:
      throw new Error(`no reference for ${name}`)
  }
}

/** A value, or the reason of the fault that stopped it. */
function outcome(run: () => number): number | string {
  try {
    return run()
  } catch (error) {
    if (error instanceof FormulaFault) return error.reason
    throw error
  }
}

const OPERATORS: readonly BinaryOperator[] = ['+', '-', '*', '/', '^', '=', '<>', '<', '<=', '>', '>=']
const FUNCTIONS = Object.entries(FORMULA_FUNCTIONS)

const formulas = fc.letrec<{ node: FormulaNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .oneof(fc.constantFrom(0, 1, -1, 0.5, 2, 10, 1e300), fc.double({ min: -1e6, max: 1e6, noNaN: true }))
      .map((value): FormulaNode => ({ kind: 'number', value, start: 0 })),
    fc.boolean().map((value): FormulaNode => ({ kind: 'boolean', value, start: 0 })),
    fc.constantFrom(...NAMES).map((name): FormulaNode => ({ kind: 'name', name, text: name, start: 0 })),
    fc
      .tuple(fc.constantFrom('-' as const, '+' as const), tie('node'))
      .map(([operator, operand]): FormulaNode => ({ kind: 'unary', operator, operand, start: 0 })),
    fc
      .tuple(fc.constantFrom(...OPERATORS), tie('node'), tie('node'))
      .map(([operator, left, right]): FormulaNode => ({ kind: 'binary', operator, left, right, start: 0 })),
    fc
      .tuple(fc.constantFrom(...FUNCTIONS), fc.array(tie('node'), { minLength: 0, maxLength: 4 }))
      .filter(([[, spec], args]) => args.length >= spec.minArgs && args.length <= spec.maxArgs)
      .map(([[name], args]): FormulaNode => ({ kind: 'call', name, args, start: 0 })),
  ),
})).node

describe('the formula compiler (decision 0147)', () => {
  it('gives the value or the fault of the formula’s meaning, for any formula and any variables', () => {
    fc.assert(
      fc.property(
        formulas,
        fc.array(fc.oneof(fc.constantFrom(0, 1, -2), fc.double({ min: -1e4, max: 1e4, noNaN: true })), {
          minLength: 3,
          maxLength: 3,
        }),
        (node, values) => {
          const slots = Float64Array.from(values)
          const compiled = compileFormula(node, scope)
          const actual = outcome(() => compiled.constant ?? compileEvaluator(compiled.source)(slots))
          expect(actual).toStrictEqual(outcome(() => reference(node, slots)))
        },
      ),
      { numRuns: 3_000 },
    )
  })

  it('computes a constant subtree once, and leaves a faulting one to fault where it is evaluated', () => {
    const chain: FormulaNode = Array.from({ length: 999 }, () => 1).reduce<FormulaNode>(
      (left, value) => ({
        kind: 'binary',
        operator: '+',
        left,
        right: { kind: 'number', value, start: 0 },
        start: 0,
      }),
      { kind: 'number', value: 0.5, start: 0 },
    )
    expect(compileFormula(chain, scope)).toMatchObject({ source: '999.5', constant: 999.5 })
    const number = (value: number): FormulaNode => ({ kind: 'number', value, start: 0 })
    const divide = (left: FormulaNode, right: FormulaNode): FormulaNode => ({
      kind: 'binary',
      operator: '/',
      left,
      right,
      start: 0,
    })
    const untaken: FormulaNode = {
      kind: 'call',
      name: 'IF',
      args: [number(1), number(2), divide(number(1), number(0))],
      start: 0,
    }
    expect(compileFormula(untaken, scope).constant).toBe(2)
    const faulting = compileFormula(divide(number(1), number(0)), scope)
    expect(faulting.constant).toBeUndefined()
    expect(outcome(() => compileEvaluator(faulting.source)(new Float64Array(0)))).toBe('division_by_zero')
  })

  it('writes every number as a numeral that reads back as the same value, −0 included', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        expect(Object.is(compileEvaluator(numeral(value))(new Float64Array(0)), value)).toBe(true)
      }),
    )
  })

  it('compiles no source with a token an emitter does not write', () => {
    for (const hostile of [
      'process.exit(1)',
      '"a"',
      '`a`',
      's[0]; s[1]',
      's[0] = 1',
      '(() => { return 1 })()',
      'constructor',
      'i',
      's1',
      'a.b',
      "'x'",
    ]) {
      expect(() => assertGeneratedSource(hostile), hostile).toThrow(/unexpected token/)
    }
    expect(assertGeneratedSource('checked(s[3] * (-0.5e-7)) !== 0 && max(1, Infinity)')).toBeTruthy()
  })

  it('never puts a cell’s name into code: cells named like JavaScript still price as written', () => {
    const sheet = compileSheet({
      versionId: 'names',
      draft: draftWith([
        { name: 'process', formula: '=x_mm * 2' },
        { name: 'constructor', formula: '=process + 1' },
        { name: 'require', formula: '=constructor / 3' },
        { name: 'unit_net_price_eur', formula: '=ROUND(require; 2)' },
      ]),
    })
    const result = sheet.evaluate({ ...TEST_PARAMETERS, quantity: 1, color: 1, finish: 1 })
    // x_mm is 40: (40 × 2 + 1) / 3 = 27 €.
    expect(result.netUnitCents).toBe(2700)
  })
})
