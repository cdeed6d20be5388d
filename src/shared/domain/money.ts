import { assertFinite, DomainInputError } from '#shared/domain/domain-input-error.ts'

/**
 * Money is integer euro cents everywhere (conventions). A plain number keeps arithmetic cheap on the pricing hot
 * path; the assert helpers guard the places where a non-integer could enter.
 */
export type Cents = number

/**
 * Doubles cannot hold most decimal halves (1.005 is stored as 1.00499999999999989…), so a value within a few ulps of
 * a half is taken as the half its author typed, as spreadsheets do; without the nudge ROUND(1.005; 2) would be 1.
 */
const HALF_NUDGE = 1 + 4 * Number.EPSILON
const BASIS_POINTS_PER_PERCENT = 100
const BASIS_POINTS_WHOLE = 10_000

export function assertCents(value: number, field: string): Cents {
  if (!Number.isSafeInteger(value)) throw new DomainInputError(field, 'not_integer')
  return value
}

export function assertNonNegativeCents(value: number, field: string): Cents {
  assertCents(value, field)
  if (value < 0) throw new DomainInputError(field, 'negative')
  return value
}

/** Commercial rounding (half away from zero), the one rounding used for money and for the sheets' ROUND. */
export function roundHalfAwayFromZero(value: number, decimals = 0): number {
  assertFinite(value, 'value')
  const magnitude = Math.abs(value)
  let result: number
  if (decimals >= 0) {
    const factor = 10 ** decimals
    result = Math.floor(magnitude * factor * HALF_NUDGE + 0.5) / factor
  } else {
    // 10 ** -1 is not exact in binary; dividing by the exact power of ten keeps ROUND(1234; -1) = 1230.
    const factor = 10 ** -decimals
    result = Math.floor((magnitude / factor) * HALF_NUDGE + 0.5) * factor
  }
  return value < 0 && result !== 0 ? -result : result
}

/** Euros (as a sheet computes them) to cents, rounded half away from zero. */
export function centsFromEuros(euros: number, field = 'euros'): Cents {
  assertFinite(euros, field)
  const cents = roundHalfAwayFromZero(euros * 100)
  if (!Number.isSafeInteger(cents)) throw new DomainInputError(field, 'above_maximum')
  return cents
}

/**
 * A percentage with at most two decimals (19, 10.75, 5.5, 7.7) as an integer of basis points, so every later step is
 * integer arithmetic. Finer rates do not exist in the tax tables and would hide a unit mix-up (0.19 for 19 %).
 */
export function percentToBasisPoints(percent: number, field: string): number {
  assertFinite(percent, field)
  if (percent < 0) throw new DomainInputError(field, 'negative')
  if (percent > 100) throw new DomainInputError(field, 'above_maximum')
  const basisPoints = Math.round(percent * BASIS_POINTS_PER_PERCENT)
  if (Math.abs(percent * BASIS_POINTS_PER_PERCENT - basisPoints) > 1e-6)
    throw new DomainInputError(field, 'too_precise')
  return basisPoints
}

/** cents × percent / 100, rounded half away from zero, exactly (integer arithmetic, no binary fractions). */
export function percentOfCents(cents: Cents, percent: number, field = 'percent'): Cents {
  assertCents(cents, 'cents')
  const basisPoints = percentToBasisPoints(percent, field)
  return basisPointsOfCents(cents, basisPoints)
}

export function basisPointsOfCents(cents: Cents, basisPoints: number): Cents {
  const magnitude = Math.abs(cents)
  const doubled = 2 * magnitude * basisPoints
  if (!Number.isSafeInteger(doubled + BASIS_POINTS_WHOLE))
    throw new DomainInputError('cents', 'above_maximum')
  // floor((2·c·bp + W) / 2W) is round-half-up of c·bp/W without leaving the integers.
  const result = Math.floor((doubled + BASIS_POINTS_WHOLE) / (2 * BASIS_POINTS_WHOLE))
  return cents < 0 && result !== 0 ? -result : result
}

export function sumCents(values: readonly Cents[]): Cents {
  let sum = 0
  for (const value of values) sum += value
  if (!Number.isSafeInteger(sum)) throw new DomainInputError('sum', 'above_maximum')
  return sum
}

/**
 * Splits `total` cents over `weights` in proportion (largest remainder; ties go to the earlier weight), so the parts
 * always add up to the total to the cent. Used to spread an order-level discount over lines before per-line tax.
 */
export function allocateCents(total: Cents, weights: readonly Cents[]): Cents[] {
  assertNonNegativeCents(total, 'total')
  weights.forEach((weight, index) => assertNonNegativeCents(weight, `weights.${index}`))
  const weightSum = weights.reduce((sum, weight) => sum + BigInt(weight), 0n)
  if (weightSum === 0n) {
    if (total !== 0) throw new DomainInputError('weights', 'inconsistent')
    return weights.map(() => 0)
  }
  // BigInt because total × weight can pass 2^53 for large orders; this is not on the pricing hot path.
  const bigTotal = BigInt(total)
  const parts = weights.map((weight, index) => {
    const product = bigTotal * BigInt(weight)
    return { index, share: product / weightSum, remainder: product % weightSum }
  })
  let left = total - parts.reduce((sum, part) => sum + Number(part.share), 0)
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  )
  const result = parts.map((part) => Number(part.share))
  for (const part of byRemainder) {
    if (left === 0) break
    result[part.index] = (result[part.index] ?? 0) + 1
    left -= 1
  }
  return result
}
