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
  readonly build: (args: readonly Evaluator[]) => Evaluator
}

const MAX_ARGS = 255
const MAX_DIGITS = 15
const SNAP = 4 * Number.EPSILON

/** Booleans live as 1 and 0, as spreadsheets treat them in arithmetic; any non-zero number is true. */
const truth = (value: number): number => (value !== 0 ? 1 : 0)

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

/** Arity is checked before building, so a missing argument is an optional one and means 0, as in spreadsheets. */
const arg = (args: readonly Evaluator[], index: number): Evaluator => args[index] ?? (() => 0)

function unary(args: readonly Evaluator[], apply: (value: number) => number): Evaluator {
  const operand = arg(args, 0)
  return (slots) => apply(operand(slots))
}

/**
 * The functions a price sheet may call (names are case-insensitive). IF, AND and OR evaluate lazily, so
 * `IF(x_mm > 0; 1 / x_mm; 0)` is safe; every other function sees all its arguments.
 */
export const FORMULA_FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  IF: {
    minArgs: 2,
    maxArgs: 3,
    returns: 'branches',
    build: (args) => {
      const [condition, whenTrue] = [arg(args, 0), arg(args, 1)]
      const whenFalse = arg(args, 2)
      return (slots) => (condition(slots) !== 0 ? whenTrue(slots) : whenFalse(slots))
    },
  },
  AND: {
    minArgs: 1,
    maxArgs: MAX_ARGS,
    returns: 'boolean',
    build: (args) => (slots) => {
      for (const item of args) if (item(slots) === 0) return 0
      return 1
    },
  },
  OR: {
    minArgs: 1,
    maxArgs: MAX_ARGS,
    returns: 'boolean',
    build: (args) => (slots) => {
      for (const item of args) if (item(slots) !== 0) return 1
      return 0
    },
  },
  NOT: {
    minArgs: 1,
    maxArgs: 1,
    returns: 'boolean',
    build: (args) => unary(args, (value) => 1 - truth(value)),
  },
  TRUE: { minArgs: 0, maxArgs: 0, returns: 'boolean', build: () => () => 1 },
  FALSE: { minArgs: 0, maxArgs: 0, returns: 'boolean', build: () => () => 0 },
  MIN: {
    minArgs: 1,
    maxArgs: MAX_ARGS,
    returns: 'number',
    build: (args) => (slots) => {
      let result = Infinity
      for (const item of args) result = Math.min(result, item(slots))
      return result
    },
  },
  MAX: {
    minArgs: 1,
    maxArgs: MAX_ARGS,
    returns: 'number',
    build: (args) => (slots) => {
      let result = -Infinity
      for (const item of args) result = Math.max(result, item(slots))
      return result
    },
  },
  ABS: { minArgs: 1, maxArgs: 1, returns: 'number', build: (args) => unary(args, Math.abs) },
  SQRT: {
    minArgs: 1,
    maxArgs: 1,
    returns: 'number',
    build: (args) =>
      unary(args, (value) => {
        if (value < 0) throw new FormulaFault('invalid_argument')
        return Math.sqrt(value)
      }),
  },
  POWER: {
    minArgs: 2,
    maxArgs: 2,
    returns: 'number',
    build: (args) => {
      const [base, exponent] = [arg(args, 0), arg(args, 1)]
      return (slots) => power(base(slots), exponent(slots))
    },
  },
  ROUND: {
    minArgs: 1,
    maxArgs: 2,
    returns: 'number',
    build: (args) => {
      const [value, places] = [arg(args, 0), arg(args, 1)]
      return (slots) => checked(roundHalfAwayFromZero(value(slots), digits(places(slots))))
    },
  },
  ROUNDUP: {
    minArgs: 1,
    maxArgs: 2,
    returns: 'number',
    build: (args) => {
      const [value, places] = [arg(args, 0), arg(args, 1)]
      return (slots) => checked(roundAway(value(slots), digits(places(slots)), 'up'))
    },
  },
  ROUNDDOWN: {
    minArgs: 1,
    maxArgs: 2,
    returns: 'number',
    build: (args) => {
      const [value, places] = [arg(args, 0), arg(args, 1)]
      return (slots) => checked(roundAway(value(slots), digits(places(slots)), 'down'))
    },
  },
  CEILING: {
    minArgs: 1,
    maxArgs: 2,
    returns: 'number',
    build: (args) => {
      const [value, significance] = [arg(args, 0), args[1] ?? (() => 1)]
      return (slots) => toMultiple(value(slots), significance(slots), 'ceiling')
    },
  },
  FLOOR: {
    minArgs: 1,
    maxArgs: 2,
    returns: 'number',
    build: (args) => {
      const [value, significance] = [arg(args, 0), args[1] ?? (() => 1)]
      return (slots) => toMultiple(value(slots), significance(slots), 'floor')
    },
  },
}

export function power(base: number, exponent: number): number {
  if (base === 0 && exponent < 0) throw new FormulaFault('division_by_zero')
  return checked(base ** exponent)
}
