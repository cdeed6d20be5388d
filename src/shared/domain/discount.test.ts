import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyDiscount, assertDiscount, type Discount } from '#shared/domain/discount.ts'
import { DomainInputError } from '#shared/domain/domain-input-error.ts'

describe('applyDiscount', () => {
  it('takes a percentage off the net sum, rounded to the cent', () => {
    expect(applyDiscount(10_000, { type: 'relative', percent: 10 })).toEqual({
      applied: true,
      discountCents: 1000,
      netAfterDiscountCents: 9000,
    })
    // 12.5 % of 12.345 € = 1.543125 € → 1.54 €
    expect(applyDiscount(1234, { type: 'relative', percent: 12.5 })).toMatchObject({ discountCents: 154 })
    // 15 % of 0.10 € = 0.015 € → 0.02 € (half away from zero)
    expect(applyDiscount(10, { type: 'relative', percent: 15 })).toMatchObject({ discountCents: 2 })
  })

  it('subtracts an absolute amount from the net sum, never below 0', () => {
    expect(applyDiscount(5000, { type: 'absolute', amountCents: 1500 })).toMatchObject({
      netAfterDiscountCents: 3500,
    })
    expect(applyDiscount(1000, { type: 'absolute', amountCents: 1500 })).toEqual({
      applied: true,
      discountCents: 1000,
      netAfterDiscountCents: 0,
    })
    expect(applyDiscount(1000, { type: 'relative', percent: 100 })).toMatchObject({
      netAfterDiscountCents: 0,
    })
  })

  it('gives no discount result below the minimum value, only what is missing', () => {
    const discount: Discount = { type: 'absolute', amountCents: 500, minValueCents: 5000 }
    expect(applyDiscount(4999, discount)).toEqual({
      applied: false,
      reason: 'below_min_value',
      missingCents: 1,
    })
    expect(applyDiscount(5000, discount)).toMatchObject({ applied: true, netAfterDiscountCents: 4500 })
  })

  it('rejects malformed discounts', () => {
    expect(() => applyDiscount(1000, { type: 'relative', percent: 120 })).toThrow(DomainInputError)
    expect(() => applyDiscount(1000, { type: 'absolute', amountCents: -5 })).toThrow(DomainInputError)
    expect(() => assertDiscount({ type: 'relative', percent: 10.001 })).toThrow(DomainInputError)
    expect(() => applyDiscount(10.5, { type: 'absolute', amountCents: 5 })).toThrow(DomainInputError)
  })

  it('keeps 0 ≤ discount ≤ net sum and net after = net − discount for any voucher', () => {
    const discounts = fc.oneof(
      fc.record({
        type: fc.constant('relative' as const),
        percent: fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100),
        minValueCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
      }),
      fc.record({
        type: fc.constant('absolute' as const),
        amountCents: fc.integer({ min: 0, max: 1_000_000 }),
        minValueCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
      }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), discounts, (net, discount) => {
        const outcome = applyDiscount(net, discount)
        if (!outcome.applied) {
          expect(net).toBeLessThan(discount.minValueCents ?? 0)
          expect(outcome.missingCents).toBe((discount.minValueCents ?? 0) - net)
          return
        }
        expect(outcome.discountCents).toBeGreaterThanOrEqual(0)
        expect(outcome.discountCents).toBeLessThanOrEqual(net)
        expect(outcome.netAfterDiscountCents).toBe(net - outcome.discountCents)
        expect(Number.isInteger(outcome.discountCents)).toBe(true)
      }),
      { numRuns: 5_000 },
    )
  })
})
