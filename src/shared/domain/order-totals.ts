import { applyDiscount, type Discount, type DiscountOutcome } from '#shared/domain/discount.ts'
import { allocateCents, assertNonNegativeCents, sumCents, type Cents } from '#shared/domain/money.ts'
import { smallOrderSurchargeNetCents } from '#shared/domain/order-value.ts'
import { lineAmounts, sumLineAmounts, type LineAmounts } from '#shared/domain/tax.ts'

export interface OrderTotalsInput {
  /** Net amount per cart line: unit net cents × quantity. */
  readonly lineNetCents: readonly Cents[]
  readonly taxRatePercent: number
  readonly discount?: Discount | null | undefined
  readonly shippingNetCents?: Cents | undefined
  /** Shipping follows the goods' rate unless told otherwise (commerce check 18; 0 for untaxed shipping). */
  readonly shippingTaxRatePercent?: number | undefined
}

export interface OrderTotals {
  readonly beforeDiscount: readonly LineAmounts[]
  /** The item lines after their share of the discount; these are what the order is taxed on. */
  readonly lines: readonly LineAmounts[]
  readonly discount: DiscountOutcome | null
  readonly goods: LineAmounts
  readonly smallOrderSurcharge: LineAmounts
  readonly shipping: LineAmounts
  readonly total: LineAmounts
}

/**
 * The order's money in the `line` rounding mode (tax.ts): the discount is spread over the item lines in proportion
 * (largest remainder), each line is taxed on its own, the small-order surcharge tops the discounted goods up to the
 * minimum order value, and every sum is a sum of lines. Cart, order, invoice and PayPal all call this one function.
 */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotals {
  const rate = input.taxRatePercent
  input.lineNetCents.forEach((net, index) => assertNonNegativeCents(net, `lineNetCents.${index}`))
  const shippingNet = assertNonNegativeCents(input.shippingNetCents ?? 0, 'shippingNetCents')

  const beforeDiscount = input.lineNetCents.map((net) => lineAmounts(net, rate))
  const itemsNet = sumCents(input.lineNetCents)
  const discount = input.discount ? applyDiscount(itemsNet, input.discount) : null
  const discountCents = discount?.applied ? discount.discountCents : 0
  const shares = allocateCents(discountCents, input.lineNetCents)
  const lines = input.lineNetCents.map((net, index) => lineAmounts(net - (shares[index] ?? 0), rate))
  const goods = sumLineAmounts(lines)

  // An empty cart owes nothing; the surcharge exists to make small orders worth producing.
  const surchargeNet = lines.length === 0 ? 0 : smallOrderSurchargeNetCents(goods.totalCents, rate)
  const smallOrderSurcharge = lineAmounts(surchargeNet, rate)
  const shipping = lineAmounts(shippingNet, input.shippingTaxRatePercent ?? rate)

  return {
    beforeDiscount,
    lines,
    discount,
    goods,
    smallOrderSurcharge,
    shipping,
    total: sumLineAmounts([goods, smallOrderSurcharge, shipping]),
  }
}
