export type FormulaFaultReason = 'division_by_zero' | 'not_finite' | 'invalid_argument'

/**
 * Raised inside a compiled formula. A sheet never falls back to a default price: division by zero, an infinite or
 * NaN intermediate value, or an argument outside a function's domain stops the evaluation of the whole sheet.
 */
export class FormulaFault extends Error {
  readonly reason: FormulaFaultReason

  constructor(reason: FormulaFaultReason) {
    super(reason)
    this.name = 'FormulaFault'
    this.reason = reason
  }
}

/** `v - v` is 0 for every finite number and NaN otherwise: one subtraction instead of a call on the hot path. */
export function checked(value: number): number {
  if (value - value !== 0) throw new FormulaFault(Number.isNaN(value) ? 'invalid_argument' : 'not_finite')
  return value
}
