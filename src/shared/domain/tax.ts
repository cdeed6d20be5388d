import { assertFinite, DomainInputError } from '#shared/domain/domain-input-error.ts'
import { TAX_HOME_COUNTRY_CODE } from '#shared/domain/limits.ts'
import { assertCents, basisPointsOfCents, percentToBasisPoints, type Cents } from '#shared/domain/money.ts'

/**
 * Rounding mode (docs/pricing/rounding-and-tax.md), in pretix's vocabulary `line`: every line (unit net × quantity,
 * a discount share, the small-order surcharge, shipping) is taxed and rounded on its own, half away from zero, and an
 * order's net, tax and total are the sums of its lines. The invoice, the cart and PayPal then add the same integers.
 */
export const TAX_ROUNDING_MODE = 'line'

export interface TaxCountry {
  readonly countryCode: string
  readonly isEU: boolean
  readonly taxRatePercent: number
}

export interface LineAmounts {
  readonly netCents: Cents
  readonly taxCents: Cents
  readonly totalCents: Cents
}

/**
 * Part 2 §9: the home country (DE) always uses its rate; elsewhere business customers and non-EU destinations pay 0,
 * EU consumers pay their country's rate. Whether a customer counts as business (preference or verified company,
 * VAT id checks of commerce check 18) is decided before this call.
 */
export function taxRatePercentFor(country: TaxCountry, isBusinessCustomer: boolean): number {
  percentToBasisPoints(country.taxRatePercent, 'country.taxRatePercent')
  if (country.countryCode.trim().toUpperCase() === TAX_HOME_COUNTRY_CODE) return country.taxRatePercent
  if (isBusinessCustomer || !country.isEU) return 0
  return country.taxRatePercent
}

/** Tax on an already cent-rounded net amount: net × rate, rounded half away from zero to the cent. */
export function taxOnNetCents(netCents: Cents, taxRatePercent: number): Cents {
  assertCents(netCents, 'netCents')
  return basisPointsOfCents(netCents, percentToBasisPoints(taxRatePercent, 'taxRatePercent'))
}

export function lineAmounts(netCents: Cents, taxRatePercent: number): LineAmounts {
  const taxCents = taxOnNetCents(netCents, taxRatePercent)
  return { netCents, taxCents, totalCents: netCents + taxCents }
}

export function sumLineAmounts(lines: readonly LineAmounts[]): LineAmounts {
  let netCents = 0
  let taxCents = 0
  for (const line of lines) {
    netCents += line.netCents
    taxCents += line.taxCents
  }
  if (!Number.isSafeInteger(netCents + taxCents)) throw new DomainInputError('lines', 'above_maximum')
  return { netCents, taxCents, totalCents: netCents + taxCents }
}

/**
 * The smallest net amount whose taxed line reaches `grossCents`. Net-to-gross rounding skips some gross values, so
 * "reaches" may overshoot by a cent; it never falls short, which is what the minimum order value needs.
 */
export function netCentsReachingGross(grossCents: Cents, taxRatePercent: number): Cents {
  assertCents(assertFinite(grossCents, 'grossCents'), 'grossCents')
  if (grossCents <= 0) return 0
  const basisPoints = percentToBasisPoints(taxRatePercent, 'taxRatePercent')
  let net = Math.max(0, Math.floor((grossCents * 10_000) / (10_000 + basisPoints)) - 1)
  while (net + basisPointsOfCents(net, basisPoints) < grossCents) net += 1
  return net
}
