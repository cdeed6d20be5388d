import { MIN_ORDER_VALUE_GROSS_CENTS } from '#shared/domain/limits.ts'
import { assertNonNegativeCents, type Cents } from '#shared/domain/money.ts'
import { netCentsReachingGross } from '#shared/domain/tax.ts'

/**
 * Minimum order value (part 1 §9, part 2 §9): goods worth less than 30 EUR gross get a small-order surcharge equal to
 * the shortfall in net terms. "Goods" are the item lines after any discount, before surcharge and shipping.
 */
export function minimumOrderShortfallGrossCents(goodsGrossCents: Cents): Cents {
  assertNonNegativeCents(goodsGrossCents, 'goodsGrossCents')
  return Math.max(0, MIN_ORDER_VALUE_GROSS_CENTS - goodsGrossCents)
}

export function isBelowMinimumOrderValue(goodsGrossCents: Cents): boolean {
  return minimumOrderShortfallGrossCents(goodsGrossCents) > 0
}

/**
 * The surcharge's net amount: the smallest net whose taxed line brings the goods up to at least 30 EUR gross. With
 * a 0 % rate (business abroad, export) net and gross shortfall are the same number.
 */
export function smallOrderSurchargeNetCents(goodsGrossCents: Cents, taxRatePercent: number): Cents {
  return netCentsReachingGross(minimumOrderShortfallGrossCents(goodsGrossCents), taxRatePercent)
}
