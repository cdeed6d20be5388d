import { roundHalfAwayFromZero } from '#shared/domain/money.ts'
import { checked, FormulaFault } from '#server/modules/pricing/sheet/formula-fault.ts'

export type Slots = Float64Array
export type Evaluator = (slots: Slots) => number
export type ValueType = 'number' | 'boolean'

export interface FunctionSpec {
  readonly minArgs: number
  readonly maxArgs: number
  /** 'branches' : boolean only if every branch is boolean (IF). Types only decide how the editor shows a value. */
  readonly returns: ValueType | 'branches'
  /**
   * The call as a JavaScript expression (formula-compiler.ts, decision 0147), from its arguments' expressions: only
   * those, operators, numerals and the names of FORMULA_RUNTIME. Arity is checked before, so a missing argument is
   * an optional one.
   */
  readonly emit: (args: readonly string[]) => string
}

const MAX_ARGS = 255
const MAX_DIGITS = 15
const SNAP = 4 * Number.EPSILON

/** A quotient like 0.3 / 0.1 = 2.9999999999999996 is meant as 3; CEILING must not turn it into 4 or FLOOR into 2. */
export function snapToInteger(value: number): number {
  const nearest = Math.round(value)
  return Math.abs(value - nearest) <= Math.abs(value) * SNAP ? nearest : value
}

function digits(value: number): number {
  const whole = Math.trunc(value)
  if (Math.abs(whole) > MAX_DIGITS) throw new FormulaFault('invalid_argument')
  return whole
}

function roundAway(value: number, places: number, direction: 'up' | 'down'): number {
  const factor = 10 ** Math.abs(places)
  const magnitude = places >= 0 ? Math.abs(value) * factor : Math.abs(value) / factor
  const snapped = snapToInteger(magnitude)
  const whole = direction === 'up' ? Math.ceil(snapped) : Math.floor(snapped)
  const result = places >= 0 ? whole / factor : whole * factor
  return value < 0 && result !== 0 ? -result : result
}

function toMultiple(value: number, significance: number, direction: 'ceiling' | 'floor'): number {
  if (significance === 0) throw new FormulaFault('invalid_argument')
  const step = Math.abs(significance)
  const quotient = snapToInteger(value / step)
  return checked((direction === 'ceiling' ? Math.ceil(quotient) : Math.floor(quotient)) * step)
}

export function power(base: number, exponent: number): number {
  if (base === 0 && exponent < 0) throw new FormulaFault('division_by_zero')
  return checked(base ** exponent)
}

/**
 * What the compiled formulas call, by the name they call it (formula-compiler.ts binds exactly these). Every
 * arithmetic result goes through `checked`, so a sheet faults instead of carrying an infinite or NaN value on.
 */
export const FORMULA_RUNTIME = {
  checked,
  power,
  divide(dividend: number, divisor: number): number {
    if (divisor === 0) throw new FormulaFault('division_by_zero')
    return checked(dividend / divisor)
  },
  sqrt(value: number): number {
    if (value < 0) throw new FormulaFault('invalid_argument')
    return Math.sqrt(value)
  },
  round: (value: number, places: number): number => checked(roundHalfAwayFromZero(value, digits(places))),
  roundUp: (value: number, places: number): number => checked(roundAway(value, digits(places), 'up')),
  roundDown: (value: number, places: number): number => checked(roundAway(value, digits(places), 'down')),
  ceiling: (value: number, significance: number): number => toMultiple(value, significance, 'ceiling'),
  floor: (value: number, significance: number): number => toMultiple(value, significance, 'floor'),
  min: Math.min,
  max: Math.max,
  abs: Math.abs,
} as const

export type RuntimeName = keyof typeof FORMULA_RUNTIME

/** A call of a runtime function; an argument left out means `absent` (0, as in spreadsheets, unless said otherwise). */
const call = (name: RuntimeName, args: readonly string[], arity: number, absent = '0'): string =>
  `${name}(${Array.from({ length: arity }, (_, index) => args[index] ?? absent).join(', ')})`

/** True as 1 and false as 0 from a test: booleans live as 1 and 0, and any non-zero number is true. */
const oneIf = (test: string): string => `(${test} ? 1 : 0)`

/**
 * The functions a price sheet may call (names are case-insensitive). IF, AND and OR evaluate lazily, so
 * `IF(x_mm > 0; 1 / x_mm; 0)` is safe; every other function sees all its arguments, from left to right.
 */
export const FORMULA_FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  IF: {
    minArgs: 2,
    maxArgs: 3,
    returns: 'branches',
    emit: ([condition, whenTrue, whenFalse]) => `(${condition} !== 0 ? ${whenTrue} : ${whenFalse ?? '0'})`,
  },
  AND: {
    minArgs: 1,
    maxArgs: MAX_ARGS,
    returns: 'boolean',
    emit: (args) => oneIf(args.map((item) => `${item} !== 0`).join(' && ')),
  },
  OR: {
    minArgs: 1,
    maxArgs: MAX_ARGS,
    returns: 'boolean',
    emit: (args) => oneIf(args.map((item) => `${item} !== 0`).join(' || ')),
  },
  NOT: { minArgs: 1, maxArgs: 1, returns: 'boolean', emit: ([value]) => oneIf(`${value} === 0`) },
  TRUE: { minArgs: 0, maxArgs: 0, returns: 'boolean', emit: () => '1' },
  FALSE: { minArgs: 0, maxArgs: 0, returns: 'boolean', emit: () => '0' },
  // Math.min and Math.max of all arguments at once: the same value as folding them in pairs from ±Infinity.
  MIN: { minArgs: 1, maxArgs: MAX_ARGS, returns: 'number', emit: (args) => `min(${args.join(', ')})` },
  MAX: { minArgs: 1, maxArgs: MAX_ARGS, returns: 'number', emit: (args) => `max(${args.join(', ')})` },
  ABS: { minArgs: 1, maxArgs: 1, returns: 'number', emit: (args) => call('abs', args, 1) },
  SQRT: { minArgs: 1, maxArgs: 1, returns: 'number', emit: (args) => call('sqrt', args, 1) },
  POWER: { minArgs: 2, maxArgs: 2, returns: 'number', emit: (args) => call('power', args, 2) },
  ROUND: { minArgs: 1, maxArgs: 2, returns: 'number', emit: (args) => call('round', args, 2) },
  ROUNDUP: { minArgs: 1, maxArgs: 2, returns: 'number', emit: (args) => call('roundUp', args, 2) },
  ROUNDDOWN: { minArgs: 1, maxArgs: 2, returns: 'number', emit: (args) => call('roundDown', args, 2) },
  CEILING: { minArgs: 1, maxArgs: 2, returns: 'number', emit: (args) => call('ceiling', args, 2, '1') },
  FLOOR: { minArgs: 1, maxArgs: 2, returns: 'number', emit: (args) => call('floor', args, 2, '1') },
}
