import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DomainInputError } from '#shared/domain/domain-input-error.ts'
import {
  lineAmounts,
  netCentsReachingGross,
  sumLineAmounts,
  taxOnNetCents,
  taxRatePercentFor,
  TAX_ROUNDING_MODE,
} from '#shared/domain/tax.ts'

const DE = { countryCode: 'DE', isEU: true, taxRatePercent: 19 }
const AT = { countryCode: 'AT', isEU: true, taxRatePercent: 20 }
const CH = { countryCode: 'CH', isEU: false, taxRatePercent: 8.1 }

describe('tax rate rules (part 2 §9)', () => {
  it('always uses the country rate in Germany', () => {
    expect(taxRatePercentFor(DE, false)).toBe(19)
    expect(taxRatePercentFor(DE, true)).toBe(19)
    expect(taxRatePercentFor({ ...DE, countryCode: 'de' }, true)).toBe(19)
  })

  it('charges EU consumers abroad their country rate and business customers nothing', () => {
    expect(taxRatePercentFor(AT, false)).toBe(20)
    expect(taxRatePercentFor(AT, true)).toBe(0)
  })

  it('charges nothing outside the EU', () => {
    expect(taxRatePercentFor(CH, false)).toBe(0)
    expect(taxRatePercentFor(CH, true)).toBe(0)
  })

  it('rejects a rate that is not a percentage with at most two decimals', () => {
    expect(() => taxRatePercentFor({ ...DE, taxRatePercent: 19.001 }, false)).toThrow(DomainInputError)
  })
})

describe(`tax per line (rounding mode "${TAX_ROUNDING_MODE}")`, () => {
  it('taxes the cent-rounded net and rounds the tax half away from zero', () => {
    expect(lineAmounts(1000, 19)).toEqual({ netCents: 1000, taxCents: 190, totalCents: 1190 })
    expect(taxOnNetCents(50, 19)).toBe(10) // 9.5 → 10
    expect(taxOnNetCents(1, 19)).toBe(0)
    expect(taxOnNetCents(1000, 0)).toBe(0)
  })

  it('rejects fractional cents', () => {
    expect(() => taxOnNetCents(10.5, 19)).toThrow(DomainInputError)
  })

  it('keeps net + tax = total to the cent and the tax within half a cent of net × rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100),
        (net, rate) => {
          const line = lineAmounts(net, rate)
          expect(line.totalCents).toBe(line.netCents + line.taxCents)
          expect(Number.isSafeInteger(line.taxCents)).toBe(true)
          expect(line.taxCents).toBeGreaterThanOrEqual(0)
          expect(Math.abs(line.taxCents - (net * rate) / 100)).toBeLessThanOrEqual(0.5 + 1e-6)
        },
      ),
      { numRuns: 5_000 },
    )
  })

  it('sums lines so that the order total is the sum of the line totals', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 20 }), (nets) => {
        const lines = nets.map((net) => lineAmounts(net, 19))
        const order = sumLineAmounts(lines)
        expect(order.totalCents).toBe(lines.reduce((sum, line) => sum + line.totalCents, 0))
        expect(order.totalCents).toBe(order.netCents + order.taxCents)
      }),
    )
  })
})

describe('golden vectors (commerce-reliability check 16)', () => {
  it('(a) pretix: five lines of 100.00 gross at 19 % give 500.00 / 79.85 / 420.15 (line mode)', () => {
    const unitNet = netCentsReachingGross(10_000, 19)
    expect(unitNet).toBe(8403)
    const order = sumLineAmounts(Array.from({ length: 5 }, () => lineAmounts(unitNet, 19)))
    expect(order).toEqual({ netCents: 42_015, taxCents: 7985, totalCents: 50_000 })
  })

  it('(a) as one line of quantity 5 the same net is taxed once: 420.15 / 79.83 / 499.98', () => {
    expect(lineAmounts(8403 * 5, 19)).toEqual({ netCents: 42_015, taxCents: 7983, totalCents: 49_998 })
  })

  it('(b) Medusa #14817: 24.99 net at 10.75 % plus 6.44 untaxed shipping is 2.69 tax and 34.12 total', () => {
    const order = sumLineAmounts([lineAmounts(2499, 10.75), lineAmounts(644, 0)])
    expect(order.taxCents).toBe(269)
    expect(order.totalCents).toBe(3412)
  })

  it('(c) Vendure #3047 analogue: 399.00 gross at 19 % twice, as two lines, is 670.58 / 127.42 / 798.00', () => {
    const unitNet = netCentsReachingGross(39_900, 19)
    expect(unitNet).toBe(33_529)
    expect(sumLineAmounts([lineAmounts(unitNet, 19), lineAmounts(unitNet, 19)])).toEqual({
      netCents: 67_058,
      taxCents: 12_742,
      totalCents: 79_800,
    })
    // One line of quantity 2 is taxed once on the doubled net: our prices are net-based (rounding-and-tax.md).
    expect(lineAmounts(unitNet * 2, 19)).toEqual({ netCents: 67_058, taxCents: 12_741, totalCents: 79_799 })
  })

  it('(d) Odoo #155833: 3.60 net at 5.5 %, one line × 10 = 37.98, ten lines × 1 = 38.00', () => {
    expect(lineAmounts(360 * 10, 5.5).totalCents).toBe(3798)
    expect(sumLineAmounts(Array.from({ length: 10 }, () => lineAmounts(360, 5.5))).totalCents).toBe(3800)
  })
})

describe('netCentsReachingGross', () => {
  it('finds the smallest net whose taxed line reaches the gross amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100),
        (gross, rate) => {
          const net = netCentsReachingGross(gross, rate)
          expect(lineAmounts(net, rate).totalCents).toBeGreaterThanOrEqual(gross)
          if (net > 0) expect(lineAmounts(net - 1, rate).totalCents).toBeLessThan(gross)
        },
      ),
      { numRuns: 5_000 },
    )
  })
})
