import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import {
  minValueVoucher,
  voucherInvalid,
  voucherLoginRequired,
  voucherMaxUsage,
  voucherUnreachable,
  welcomeVoucher,
} from './voucher.fixtures.ts'
import { voucherMachine } from './voucher.machine.ts'

/**
 * Path model of the voucher: restored from storage or not, codes too short, valid and too long, validation that
 * succeeds (with and without a minimum value) or fails each way, the modal's redeem and discard below and above the
 * minimum, remove, retry and the checkout's clear.
 */
export const voucherPathModel = definePathModel({
  machine: voucherMachine,
  input: undefined,
  events: [
    doneEvent('loadStoredDiscount', null),
    doneEvent('loadStoredDiscount', welcomeVoucher),
    errorEvent('loadStoredDiscount'),
    { type: 'voucher.changeCode', code: 'W' },
    { type: 'voucher.changeCode', code: 'WILLKOMMEN10' },
    { type: 'voucher.changeCode', code: 'X'.repeat(31) },
    { type: 'voucher.validate' },
    { type: 'voucher.retry' },
    doneEvent('validateCode', welcomeVoucher),
    doneEvent('validateCode', minValueVoucher),
    errorEvent('validateCode', voucherInvalid),
    errorEvent('validateCode', voucherLoginRequired),
    errorEvent('validateCode', voucherMaxUsage),
    errorEvent('validateCode', voucherUnreachable),
    { type: 'voucher.apply' },
    { type: 'voucher.discard' },
    { type: 'voucher.remove' },
    { type: 'voucher.clear' },
    { type: 'voucher.itemTotalChanged', netCents: 2_000 },
    { type: 'voucher.itemTotalChanged', netCents: 6_000 },
  ],
})
