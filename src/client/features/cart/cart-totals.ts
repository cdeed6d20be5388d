import { type CartItem } from '#shared/contracts/cart.contract.ts'
import { DEFAULT_TAX_RATE_PERCENT } from '#shared/domain/limits.ts'
import { type Cents } from '#shared/domain/money.ts'
import { isBelowMinimumOrderValue, smallOrderSurchargeNetCents } from '#shared/domain/order-value.ts'
import { lineAmounts } from '#shared/domain/tax.ts'
import { taxRateOf } from '#client/common/money.ts'

export type Amount = { net: Cents; gross: Cents }

export type CartTotals = {
  /** The item lines (after any discount). */
  goods: Amount
  /** The tax rate the lines were taxed at (from the server's amounts), else the default rate. */
  taxRate: number
  /** Below 30 € gross: the small-order surcharge (the shortfall in net terms), else null. */
  surcharge: Amount | null
  total: Amount
}

/**
 * The cart's sums (spec part 1 §9 minimum order value): goods from the server's line prices, and below the minimum
 * order value the small-order surcharge from `#shared/domain/order-value.ts`, taxed as its own line.
 */
export function cartTotalsOf(items: readonly CartItem[]): CartTotals {
  let net = 0
  let gross = 0
  let tax = 0
  for (const item of items) {
    net += item.pricing.netPrice
    gross += item.pricing.totalPrice
    tax += item.pricing.calculatedTaxes.netPrice
  }
  const taxRate = taxRateOf(net, tax) ?? DEFAULT_TAX_RATE_PERCENT
  const goods = { net, gross }
  if (items.length === 0 || !isBelowMinimumOrderValue(gross))
    return { goods, taxRate, surcharge: null, total: goods }
  const surchargeLine = lineAmounts(smallOrderSurchargeNetCents(gross, taxRate), taxRate)
  const surcharge = { net: surchargeLine.netCents, gross: surchargeLine.totalCents }
  return { goods, taxRate, surcharge, total: { net: net + surcharge.net, gross: gross + surcharge.gross } }
}
