import {
  assertNonNegativeCents,
  percentOfCents,
  percentToBasisPoints,
  type Cents,
} from '#shared/domain/money.ts'

/**
 * A voucher as it acts on prices (part 1 §3, part 2 §3): `relative` takes a percentage off, `absolute` a fixed net
 * amount. `minValueCents` is the voucher's minimum order value, compared with the same net sum the discount acts on.
 */
export type Discount =
  | { readonly type: 'relative'; readonly percent: number; readonly minValueCents?: Cents | undefined }
  | { readonly type: 'absolute'; readonly amountCents: Cents; readonly minValueCents?: Cents | undefined }

export type DiscountOutcome =
  | { readonly applied: true; readonly discountCents: Cents; readonly netAfterDiscountCents: Cents }
  | { readonly applied: false; readonly reason: 'below_min_value'; readonly missingCents: Cents }

/**
 * Applies a discount to the net sum of the items (part 1 §5, part 2 §9).
 *
 * - relative: net sum × percent, rounded half away from zero to the cent;
 * - absolute: the amount, subtracted from the net sum;
 * - either way never more than the net sum, so the result is never below 0;
 * - minValue: below it there is no discount result, only how much is missing (part 2 §4: "if the item total is
 *   below rules.minValue only discarding is possible"; §5: "may show the amount still needed"). We read part 1's
 *   "the result is at least the minimum value" as that item total, before the discount; see rounding-and-tax.md.
 */
export function applyDiscount(netSumCents: Cents, discount: Discount): DiscountOutcome {
  assertNonNegativeCents(netSumCents, 'netSumCents')
  const minValueCents = discount.minValueCents ?? 0
  assertNonNegativeCents(minValueCents, 'discount.minValueCents')
  if (netSumCents < minValueCents) {
    return { applied: false, reason: 'below_min_value', missingCents: minValueCents - netSumCents }
  }
  const wanted =
    discount.type === 'relative'
      ? percentOfCents(netSumCents, discount.percent, 'discount.percent')
      : assertNonNegativeCents(discount.amountCents, 'discount.amountCents')
  const discountCents = Math.min(wanted, netSumCents)
  return { applied: true, discountCents, netAfterDiscountCents: netSumCents - discountCents }
}

/** Rejects a malformed discount before any cart is priced with it (percent 0–100 with two decimals, cents ≥ 0). */
export function assertDiscount(discount: Discount): Discount {
  if (discount.type === 'relative') percentToBasisPoints(discount.percent, 'discount.percent')
  else assertNonNegativeCents(discount.amountCents, 'discount.amountCents')
  if (discount.minValueCents !== undefined)
    assertNonNegativeCents(discount.minValueCents, 'discount.minValueCents')
  return discount
}
