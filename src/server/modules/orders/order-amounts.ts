import type { Amount, OrderAmounts } from '#shared/contracts/checkout.contract.ts'
import type { Discount } from '#shared/domain/discount.ts'
import { isWellFormedVatId, normalizeVatId } from '#shared/domain/forms/address.ts'
import { FREE_SHIPPING_METHOD_NAME } from '#shared/domain/limits.ts'
import { computeOrderTotals, type OrderTotals } from '#shared/domain/order-totals.ts'
import { isBelowMinimumOrderValue } from '#shared/domain/order-value.ts'
import { lineAmounts, type LineAmounts, type TaxCountry, taxRatePercentFor } from '#shared/domain/tax.ts'

/**
 * The order's money (spec part 2 §9; decision 0095): which tax rate applies, and the amounts of the one computation
 * (`computeOrderTotals`) in the contract's shape. Pure: preview, placement and re-order all call it.
 */

/** A voucher row as the orders module reads it (migration 001 `vouchers`). */
export interface VoucherRow {
  id: string
  code: string
  name: string
  type: 'percentage' | 'absolute'
  value: number
  free_shipping: boolean
  min_value_cents: number | null
  max_usage: number | null
  login_required: boolean
  used_count: number
  is_active: boolean
}

/** The EU prefix of a VAT id differs from the ISO code only for Greece. */
const vatPrefixOf = (countryCode: string): string => (countryCode === 'GR' ? 'EL' : countryCode)

export interface TaxSituation {
  /** The country the goods go to: it decides the rate (part 2 §9). */
  shippingCountry: TaxCountry
  /** The billing address's country: the VAT id must be one of it. */
  billingCountryCode: string
  isBusinessCustomer: boolean
  company: string
  vatId: string
}

/**
 * 0 % for a business abroad needs a company and a well-formed VAT id of its billing country (commerce check 18:
 * a malformed id, or a private customer claiming to be a business, pays the destination's rate). Destinations
 * outside the EU pay 0 %, Germany always 19 %: `taxRatePercentFor` decides those.
 */
export function orderTaxRatePercent(situation: TaxSituation): number {
  const vatId = normalizeVatId(situation.vatId)
  const exemptBusiness =
    situation.isBusinessCustomer &&
    situation.company.trim() !== '' &&
    isWellFormedVatId(vatId) &&
    vatId.startsWith(vatPrefixOf(situation.billingCountryCode))
  return taxRatePercentFor(situation.shippingCountry, exemptBusiness)
}

export function discountOf(voucher: VoucherRow): Discount {
  const minValueCents = voucher.min_value_cents ?? undefined
  return voucher.type === 'percentage'
    ? { type: 'relative', percent: voucher.value, minValueCents }
    : { type: 'absolute', amountCents: voucher.value, minValueCents }
}

const amountOf = (line: LineAmounts): Amount => ({
  netCents: line.netCents,
  taxCents: line.taxCents,
  totalCents: line.totalCents,
})

export interface AmountsInput {
  lineNetCents: readonly number[]
  taxRatePercent: number
  voucher: VoucherRow | null
  shipping: { name: string; priceCents: number }
}

export interface ComputedAmounts {
  amounts: OrderAmounts
  totals: OrderTotals
  /** The shipping method costs nothing because of the voucher. */
  freeShipping: boolean
}

/**
 * Free shipping: a free-shipping voucher whose minimum is met, on the method named Standard-Versand only. The
 * shipping table's price is net and taxed at the goods' rate (decision 0095).
 */
export function computeAmounts(input: AmountsInput): ComputedAmounts {
  const { voucher, taxRatePercent } = input
  const discount = voucher === null ? null : discountOf(voucher)
  const first = computeOrderTotals({ lineNetCents: input.lineNetCents, taxRatePercent, discount })
  const voucherApplies = first.discount?.applied === true
  const freeShipping =
    voucher !== null &&
    voucher.free_shipping &&
    voucherApplies &&
    input.shipping.name === FREE_SHIPPING_METHOD_NAME
  const totals = computeOrderTotals({
    lineNetCents: input.lineNetCents,
    taxRatePercent,
    discount,
    shippingNetCents: freeShipping ? 0 : input.shipping.priceCents,
  })
  const outcome = totals.discount
  const beforeDiscount = computeOrderTotals({ lineNetCents: input.lineNetCents, taxRatePercent }).goods
  const amounts: OrderAmounts = {
    taxRatePercent,
    beforeDiscount: amountOf(beforeDiscount),
    discount:
      voucher === null || outcome === null
        ? null
        : {
            _id: voucher.id,
            code: voucher.code,
            name: voucher.name,
            applied: outcome.applied,
            discountCents: outcome.applied ? outcome.discountCents : 0,
            missingCents: outcome.applied ? 0 : outcome.missingCents,
            freeShipping: voucher.free_shipping,
          },
    items: amountOf(totals.goods),
    smallOrderSurcharge: amountOf(totals.smallOrderSurcharge),
    shipping: amountOf(totals.shipping),
    total: amountOf(totals.total),
    belowMinimum: input.lineNetCents.length > 0 && isBelowMinimumOrderValue(totals.goods.totalCents),
  }
  return { amounts, totals, freeShipping }
}

/** One piece's amounts at the order's rate (the line's are `totals.lines[i]`, after its discount share). */
export const unitAmount = (unitNetCents: number, taxRatePercent: number): Amount =>
  amountOf(lineAmounts(unitNetCents, taxRatePercent))
