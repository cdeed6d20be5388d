/**
 * Demo vouchers, one per rule the checkout has to handle (spec part 2 §3 "Discount/voucher", §8 voucher errors).
 * Percentage values are whole percent, absolute values cents.
 */
export interface SeedVoucher {
  code: string
  name: string
  type: 'percentage' | 'absolute'
  value: number
  freeShipping?: boolean
  minValueCents?: number
  maxUsage?: number
  loginRequired?: boolean
}

export const seedVouchers: SeedVoucher[] = [
  { code: 'WILLKOMMEN10', name: 'Willkommensrabatt 10 %', type: 'percentage', value: 10 },
  { code: 'FIX5', name: '5 € Rabatt', type: 'absolute', value: 500 },
  { code: 'MIN50', name: '15 % ab 50 € Bestellwert', type: 'percentage', value: 15, minValueCents: 5_000 },
  { code: 'ONCE', name: 'Einmaliger Gutschein 20 %', type: 'percentage', value: 20, maxUsage: 1 },
  { code: 'MEMBER', name: 'Mitgliederrabatt 5 %', type: 'percentage', value: 5, loginRequired: true },
  { code: 'VERSANDFREI', name: 'Versandkostenfrei', type: 'absolute', value: 0, freeShipping: true },
]
