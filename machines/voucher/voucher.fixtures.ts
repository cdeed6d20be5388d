import type { Discount } from '#shared/contracts/checkout.contract.ts'

/** Vouchers as the server answers them (the seeded demo vouchers, src/server/db/seed-data/vouchers.ts). */
export const welcomeVoucher: Discount = {
  _id: 'vouchr-welcome-0000000',
  code: 'WILLKOMMEN10',
  name: 'Willkommensrabatt 10 %',
  type: 'percentage',
  value: 10,
  rules: { freeShipping: false, minValue: null, maxUsage: null },
  loginRequired: false,
}

/** 15 % from 50 € net item total. */
export const minValueVoucher: Discount = {
  _id: 'vouchr-min50-000000000',
  code: 'MIN50',
  name: '15 % ab 50 € Bestellwert',
  type: 'percentage',
  value: 15,
  rules: { freeShipping: false, minValue: 5_000, maxUsage: null },
  loginRequired: false,
}

export const fixedVoucher: Discount = {
  _id: 'vouchr-fix5-0000000000',
  code: 'FIX5',
  name: '5 € Rabatt',
  type: 'absolute',
  value: 500,
  rules: { freeShipping: false, minValue: null, maxUsage: null },
  loginRequired: false,
}

/** Failures as the client's validate call rejects with them. */
export const voucherInvalid = { status: 422, code: 'voucher_invalid' } as const
export const voucherLoginRequired = { status: 422, code: 'voucher_login_required' } as const
export const voucherMaxUsage = { status: 422, code: 'voucher_max_usage' } as const
export const voucherUnreachable = new Error('Failed to fetch')
