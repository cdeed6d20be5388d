import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DomainInputError } from '#shared/domain/domain-input-error.ts'
import {
  allocateCents,
  centsFromEuros,
  percentOfCents,
  percentToBasisPoints,
  roundHalfAwayFromZero,
  sumCents,
} from '#shared/domain/money.ts'

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero, like spreadsheets and German commercial rounding', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3)
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3)
    expect(roundHalfAwayFromZero(2.4999)).toBe(2)
    expect(roundHalfAwayFromZero(0.125, 2)).toBe(0.13)
  })

  it('takes decimal halves that binary cannot hold as the half the author wrote', () => {
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01)
    expect(roundHalfAwayFromZero(2.675, 2)).toBe(2.68)
    expect(roundHalfAwayFromZero(1.0049, 2)).toBe(1)
    expect(roundHalfAwayFromZero(-1.005, 2)).toBe(-1.01)
  })

  it('rounds to tens and hundreds with negative decimals', () => {
    expect(roundHalfAwayFromZero(1234, -1)).toBe(1230)
    expect(roundHalfAwayFromZero(1250, -2)).toBe(1300)
  })

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true)
  })
})

describe('centsFromEuros', () => {
  it('converts a sheet result to cents with the one documented rounding', () => {
    expect(centsFromEuros(12.345)).toBe(1235)
    expect(centsFromEuros(0.1 + 0.2)).toBe(30)
    expect(centsFromEuros(19.99)).toBe(1999)
  })

  it('refuses amounts that are not finite or too large for exact cents', () => {
    expect(() => centsFromEuros(Number.NaN)).toThrow(DomainInputError)
    expect(() => centsFromEuros(1e300)).toThrow(DomainInputError)
  })
})

describe('percentages', () => {
  it('accept two decimals and reject finer ones, negatives and more than 100 %', () => {
    expect(percentToBasisPoints(19, 'rate')).toBe(1900)
    expect(percentToBasisPoints(10.75, 'rate')).toBe(1075)
    expect(percentToBasisPoints(7.7, 'rate')).toBe(770)
    expect(() => percentToBasisPoints(19.005, 'rate')).toThrow(DomainInputError)
    expect(() => percentToBasisPoints(-1, 'rate')).toThrow(DomainInputError)
    expect(() => percentToBasisPoints(100.01, 'rate')).toThrow(DomainInputError)
  })

  it('take an exact percentage of cents, halves away from zero', () => {
    expect(percentOfCents(50, 19)).toBe(10) // 9.5
    expect(percentOfCents(2499, 10.75)).toBe(269) // 268.6425
    expect(percentOfCents(-50, 19)).toBe(-10)
  })
})

describe('allocateCents', () => {
  it('splits in proportion and gives the leftover cents to the largest remainders', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocateCents(10, [500, 300, 200])).toEqual([5, 3, 2])
    expect(allocateCents(0, [0, 0])).toEqual([0, 0])
  })

  it('cannot place a positive total on zero weights', () => {
    expect(() => allocateCents(1, [0, 0])).toThrow(DomainInputError)
  })

  it('always adds up to the total and never exceeds a weight when the total does not exceed their sum', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const sum = sumCents(weights)
          const total = Math.floor(sum * share)
          const parts = allocateCents(total, weights)
          expect(sumCents(parts)).toBe(total)
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0)
            expect(part).toBeLessThanOrEqual(weights[index]!)
            expect(Number.isInteger(part)).toBe(true)
          })
        },
      ),
    )
  })
})
