import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Discount } from '#shared/domain/discount.ts'
import { MIN_ORDER_VALUE_GROSS_CENTS } from '#shared/domain/limits.ts'
import { computeOrderTotals, type OrderTotals } from '#shared/domain/order-totals.ts'

/** Check 17 asks for 100 000 carts: `PROPERTY_RUNS=100000` for the nightly run; every PR runs 2 000. */
const CART_RUNS = Number(process.env.PROPERTY_RUNS ?? 2_000)
// 2,000 carts take 1-2 s alone; in `npm test` the stories' Chromium shares the two cores with this lane (timed out
// at 5 s in the clean-clone run of session 10), so the limit only guards against a hang.
const CART_TIMEOUT_MS = Math.max(30_000, CART_RUNS * 10)

describe('computeOrderTotals', () => {
  it('(e) Vendure #3091: 10 % order voucher on 25 × 399.00 net, as 25 lines', () => {
    const totals = computeOrderTotals({
      lineNetCents: Array.from({ length: 25 }, () => 39_900),
      taxRatePercent: 19,
      discount: { type: 'relative', percent: 10 },
    })
    expect(totals.discount).toMatchObject({ applied: true, discountCents: 99_750 })
    expect(totals.lines.every((line) => line.netCents === 35_910 && line.taxCents === 6823)).toBe(true)
    expect(totals.total).toEqual({ netCents: 897_750, taxCents: 170_575, totalCents: 1_068_325 })
  })

  it('(e) the same as one line of quantity 25 is taxed once', () => {
    const totals = computeOrderTotals({
      lineNetCents: [39_900 * 25],
      taxRatePercent: 19,
      discount: { type: 'relative', percent: 10 },
    })
    expect(totals.total).toEqual({ netCents: 897_750, taxCents: 170_573, totalCents: 1_068_323 })
  })

  it('(b) Medusa #14817 inside an order: the small-order surcharge tops 27.68 € of goods up to 30 €', () => {
    const totals = computeOrderTotals({
      lineNetCents: [2499],
      taxRatePercent: 10.75,
      shippingNetCents: 644,
      shippingTaxRatePercent: 0,
    })
    expect(totals.goods).toEqual({ netCents: 2499, taxCents: 269, totalCents: 2768 })
    expect(totals.smallOrderSurcharge).toEqual({ netCents: 210, taxCents: 23, totalCents: 233 })
    expect(totals.shipping).toEqual({ netCents: 644, taxCents: 0, totalCents: 644 })
    expect(totals.total.totalCents).toBe(2768 + 233 + 644)
  })

  it('spreads a discount over lines in proportion, keeps the undiscounted lines, and adds no surcharge to an empty cart', () => {
    const totals = computeOrderTotals({
      lineNetCents: [3000, 1000],
      taxRatePercent: 19,
      discount: { type: 'absolute', amountCents: 1000 },
    })
    expect(totals.beforeDiscount.map((line) => line.netCents)).toEqual([3000, 1000])
    expect(totals.lines.map((line) => line.netCents)).toEqual([2250, 750])
    expect(computeOrderTotals({ lineNetCents: [], taxRatePercent: 19 }).total.totalCents).toBe(0)
  })

  it('ignores a voucher whose minimum value is not reached', () => {
    const totals = computeOrderTotals({
      lineNetCents: [4000],
      taxRatePercent: 19,
      discount: { type: 'relative', percent: 10, minValueCents: 5000 },
    })
    expect(totals.discount).toEqual({ applied: false, reason: 'below_min_value', missingCents: 1000 })
    expect(totals.goods.netCents).toBe(4000)
  })
})

const carts = fc.record({
  lines: fc.array(
    fc.record({ unitCents: fc.integer({ min: 1, max: 99_999 }), quantity: fc.integer({ min: 1, max: 100 }) }),
    { minLength: 1, maxLength: 20 },
  ),
  rate: fc.constantFrom(0, 5.5, 7, 10.75, 19, 20, 21, 27),
  shippingNetCents: fc.integer({ min: 0, max: 5000 }),
  discount: fc.option(
    fc.oneof(
      fc.record({
        type: fc.constant('relative' as const),
        percent: fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100),
        minValueCents: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
      }),
      fc.record({
        type: fc.constant('absolute' as const),
        amountCents: fc.integer({ min: 0, max: 500_000 }),
        minValueCents: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
      }),
    ),
    { nil: null },
  ),
})

function totalsOf(cart: {
  lines: { unitCents: number; quantity: number }[]
  rate: number
  shippingNetCents: number
  discount: Discount | null
}): OrderTotals {
  return computeOrderTotals({
    lineNetCents: cart.lines.map((line) => line.unitCents * line.quantity),
    taxRatePercent: cart.rate,
    shippingNetCents: cart.shippingNetCents,
    discount: cart.discount,
  })
}

describe('order totals properties (commerce-reliability check 17)', () => {
  it(
    'are integers that add up: lines, discount, surcharge, shipping, net + tax = total',
    () => {
      fc.assert(
        fc.property(carts, (cart) => {
          const totals = totalsOf(cart)
          const itemsNet = cart.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
          const discount = totals.discount?.applied ? totals.discount.discountCents : 0
          expect(discount).toBeGreaterThanOrEqual(0)
          expect(discount).toBeLessThanOrEqual(itemsNet)
          const all = [...totals.lines, totals.smallOrderSurcharge, totals.shipping]
          for (const line of all) {
            expect(Number.isSafeInteger(line.netCents) && Number.isSafeInteger(line.taxCents)).toBe(true)
            expect(line.netCents).toBeGreaterThanOrEqual(0)
            expect(line.totalCents).toBe(line.netCents + line.taxCents)
          }
          expect(totals.goods.netCents).toBe(itemsNet - discount)
          expect(totals.total.totalCents).toBe(all.reduce((sum, line) => sum + line.totalCents, 0))
          expect(totals.total.totalCents).toBe(totals.total.netCents + totals.total.taxCents)
          expect(totals.total.totalCents).toBe(
            totals.goods.totalCents + totals.smallOrderSurcharge.totalCents + totals.shipping.totalCents,
          )
          expect(totals.goods.totalCents + totals.smallOrderSurcharge.totalCents).toBeGreaterThanOrEqual(
            MIN_ORDER_VALUE_GROSS_CENTS,
          )
          expect(totalsOf(cart)).toEqual(totals)
        }),
        { numRuns: CART_RUNS },
      )
    },
    CART_TIMEOUT_MS,
  )

  it('change by at most n − 1 cents when a line of quantity n is split into n single lines', () => {
    fc.assert(
      fc.property(carts, fc.nat(), (cart, pick) => {
        const index = pick % cart.lines.length
        const line = cart.lines[index]!
        const split = {
          ...cart,
          discount: null,
          lines: [
            ...cart.lines.filter((_, other) => other !== index),
            ...Array.from({ length: line.quantity }, () => ({ unitCents: line.unitCents, quantity: 1 })),
          ],
        }
        const before = totalsOf({ ...cart, discount: null }).goods.totalCents
        const after = totalsOf(split).goods.totalCents
        expect(Math.abs(after - before)).toBeLessThanOrEqual(line.quantity - 1)
      }),
      { numRuns: 2_000 },
    )
  })
})
