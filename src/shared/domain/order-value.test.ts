import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MIN_ORDER_VALUE_GROSS_CENTS } from '#shared/domain/limits.ts'
import {
  isBelowMinimumOrderValue,
  minimumOrderShortfallGrossCents,
  smallOrderSurchargeNetCents,
} from '#shared/domain/order-value.ts'
import { lineAmounts } from '#shared/domain/tax.ts'

describe('minimum order value (30 EUR gross)', () => {
  it('knows the shortfall', () => {
    expect(minimumOrderShortfallGrossCents(2000)).toBe(1000)
    expect(minimumOrderShortfallGrossCents(3000)).toBe(0)
    expect(minimumOrderShortfallGrossCents(4500)).toBe(0)
    expect(isBelowMinimumOrderValue(2999)).toBe(true)
    expect(isBelowMinimumOrderValue(3000)).toBe(false)
  })

  it('charges the shortfall in net terms as a small-order surcharge', () => {
    // 10.00 € gross missing at 19 %: 8.40 € net + 1.60 € tax
    expect(smallOrderSurchargeNetCents(2000, 19)).toBe(840)
    expect(smallOrderSurchargeNetCents(2000, 0)).toBe(1000)
    expect(smallOrderSurchargeNetCents(3000, 19)).toBe(0)
  })

  it('always brings the goods to at least 30 EUR gross with the smallest such surcharge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom(0, 5.5, 7, 10.75, 19, 20, 27),
        (goodsGross, rate) => {
          const net = smallOrderSurchargeNetCents(goodsGross, rate)
          expect(net).toBeGreaterThanOrEqual(0)
          expect(goodsGross + lineAmounts(net, rate).totalCents).toBeGreaterThanOrEqual(
            Math.max(goodsGross, MIN_ORDER_VALUE_GROSS_CENTS),
          )
          if (net > 0)
            expect(goodsGross + lineAmounts(net - 1, rate).totalCents).toBeLessThan(
              MIN_ORDER_VALUE_GROSS_CENTS,
            )
        },
      ),
      { numRuns: 5_000 },
    )
  })
})
