import { assign, fromPromise, setup } from 'xstate'
import type { Discount } from '#shared/contracts/checkout.contract.ts'
import { VOUCHER_CODE } from '#shared/domain/limits.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { SYSTEM_IDS, tell } from '#machines/order-flow/system-ids.ts'

export type Context = {
  /** The code as typed. */
  code: string
  /** Validated by the server, shown in the modal, not applied yet (part 2 §4 "validated (stored, not applied)"). */
  pending: Discount | null
  /** The applied voucher (kept in local storage under DISCOUNT_STORAGE_KEY). */
  applied: Discount | null
  /** Why the last validation failed; null otherwise. */
  error: ErrorCode | null
  /** The cart's net item total in cents, as the view last reported it (what `rules.minValue` is compared with). */
  itemNetCents: number
}

export type Event =
  | { type: 'voucher.changeCode'; code: string }
  | { type: 'voucher.validate' }
  /** The failure message's try-again button: the same code once more. */
  | { type: 'voucher.retry' }
  /** The modal's redeem button (only once the item total reaches the voucher's minimum). */
  | { type: 'voucher.apply' }
  /** The modal's discard button (also Escape). */
  | { type: 'voucher.discard' }
  /** The applied voucher's remove button. */
  | { type: 'voucher.remove' }
  /** The checkout placed an order: the voucher is used up (part 2 §4 "clears the cart and discount"). */
  | { type: 'voucher.clear' }
  | { type: 'voucher.itemTotalChanged'; netCents: number }

/** What the voucher tells the order flow whenever the applied voucher changes (applied, removed, restored, cleared). */
export type VoucherReport = { type: 'voucher.changed'; discount: Discount | null }

export const VOUCHER_TAGS = ['loading', 'form', 'busy', 'error', 'dialog-open', 'applied'] as const
export type VoucherTag = (typeof VOUCHER_TAGS)[number]

/** Part 2 §5: the code has 2 to 30 characters (validate is disabled otherwise). */
export const isValidCodeLength = (code: string): boolean => {
  const length = code.trim().length
  return length >= VOUCHER_CODE.min && length <= VOUCHER_CODE.max
}

/** Net cents the items still need to reach the voucher's minimum value; 0 when reached or without a minimum. */
export const missingCentsOf = (discount: Discount | null, itemNetCents: number): number => {
  const minValue = discount?.rules.minValue ?? null
  return minValue === null ? 0 : Math.max(0, minValue - itemNetCents)
}

/**
 * The voucher form and modal of the review page (spec part 2 §2 "Voucher form and modal", §4 "Discount", §5 voucher
 * code, §8 voucher errors): a code of 2–30 characters is validated by the server, the validated voucher waits in the
 * modal (redeem or discard; only discard while the item total is below its minimum), the applied one is kept in local
 * storage, restored at start and removable. It reports every change of the applied voucher to the order flow.
 */
export const voucherMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as VoucherTag,
  },
  actors: {
    /** Client: the applied voucher from local storage (DISCOUNT_STORAGE_KEY), null when none or unreadable. */
    loadStoredDiscount: fromPromise<Discount | null>(async () => {
      throw new Error('voucher: loadStoredDiscount is not provided')
    }),
    /** Client: `POST /api/checkout/order/validate-discount` with the code. */
    validateCode: fromPromise<Discount, { code: string }>(async () => {
      throw new Error('voucher: validateCode is not provided')
    }),
  },
  actions: {
    /** Client: keep the applied voucher in local storage. */
    storeDiscount: (_, _params: { discount: Discount }) => {},
    /** Client: drop it from local storage. */
    forgetDiscount: () => {},
    /** `voucher.changed` to the order flow (by system id; nobody hears it when the machine runs alone). */
    reportChanged: ({ system }, params: { discount: Discount | null }) => {
      const report: VoucherReport = { type: 'voucher.changed', discount: params.discount }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
    setCode: assign((_, params: { code: string }) => ({ code: params.code, error: null })),
    setPending: assign((_, params: { discount: Discount }) => ({ pending: params.discount, error: null })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    setApplied: assign((_, params: { discount: Discount }) => ({
      applied: params.discount,
      pending: null,
      code: '',
      error: null,
    })),
    clearVoucher: assign({ code: '', pending: null, applied: null, error: null }),
    setItemTotal: assign((_, params: { netCents: number }) => ({ itemNetCents: params.netCents })),
  },
  guards: {
    hasCode: ({ context }) => isValidCodeLength(context.code),
    isStored: (_, params: { discount: Discount | null }) => params.discount !== null,
    reachesMinValue: ({ context }) => missingCentsOf(context.pending, context.itemNetCents) === 0,
  },
}).createMachine({
  id: 'voucher',
  initial: 'restoring',
  context: { code: '', pending: null, applied: null, error: null, itemNetCents: 0 },
  on: {
    'voucher.itemTotalChanged': {
      actions: { type: 'setItemTotal', params: ({ event }) => ({ netCents: event.netCents }) },
    },
    'voucher.clear': {
      target: '.editing',
      actions: ['clearVoucher', 'forgetDiscount', { type: 'reportChanged', params: { discount: null } }],
    },
  },
  states: {
    restoring: {
      tags: 'loading',
      invoke: {
        id: 'loadStoredDiscount',
        src: 'loadStoredDiscount',
        onDone: [
          {
            guard: { type: 'isStored', params: ({ event }) => ({ discount: event.output }) },
            target: 'applied',
            actions: [
              { type: 'setApplied', params: ({ event }) => ({ discount: event.output as Discount }) },
              { type: 'reportChanged', params: ({ event }) => ({ discount: event.output }) },
            ],
          },
          { target: 'editing' },
        ],
        // An unreadable store is no voucher, not an error the shopper could act on.
        onError: { target: 'editing' },
      },
    },
    editing: {
      tags: 'form',
      on: {
        'voucher.changeCode': { actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) } },
        'voucher.validate': { guard: 'hasCode', target: 'validating' },
      },
    },
    validating: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'validateCode',
        src: 'validateCode',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: {
          target: 'validated',
          actions: { type: 'setPending', params: ({ event }) => ({ discount: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    failed: {
      tags: ['form', 'error'],
      on: {
        'voucher.changeCode': {
          target: 'editing',
          actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) },
        },
        'voucher.retry': { target: 'validating' },
        'voucher.validate': { guard: 'hasCode', target: 'validating' },
      },
    },
    validated: {
      tags: 'dialog-open',
      on: {
        'voucher.apply': {
          guard: 'reachesMinValue',
          target: 'applied',
          actions: [
            // Store and report before `setApplied` empties `pending`.
            { type: 'storeDiscount', params: ({ context }) => ({ discount: pendingOf(context) }) },
            { type: 'reportChanged', params: ({ context }) => ({ discount: pendingOf(context) }) },
            { type: 'setApplied', params: ({ context }) => ({ discount: pendingOf(context) }) },
          ],
        },
        'voucher.discard': { target: 'editing', actions: 'clearVoucher' },
      },
    },
    applied: {
      tags: 'applied',
      on: {
        'voucher.remove': {
          target: 'editing',
          actions: ['clearVoucher', 'forgetDiscount', { type: 'reportChanged', params: { discount: null } }],
        },
      },
    },
  },
})

/** The validated voucher; the `validated` state always has one. */
function pendingOf(context: Context): Discount {
  if (context.pending === null) throw new Error('voucher: validated without a voucher')
  return context.pending
}
