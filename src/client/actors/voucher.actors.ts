import { fromPromise } from 'xstate'
import { voucherMachine } from '#machines/voucher/voucher.machine.ts'
import {
  DISCOUNT_STORAGE_KEY,
  DiscountSchema,
  VALIDATE_DISCOUNT_PATH,
  ValidateDiscountResponseSchema,
} from '#shared/contracts/checkout.contract.ts'
import { type ApiClient } from './api-client.ts'
import { readStoredJson, writeStoredJson } from './local-storage.ts'

export type VoucherDeps = { api: ApiClient; storage: Storage }

/**
 * The voucher with its real edges (decision 0099): the applied voucher in local storage (`discount`, parsed with the
 * contract so a stale or foreign value is no voucher) and `POST /api/checkout/order/validate-discount` (the session
 * cookie tells the server who asks; the spec's `userId` is not sent).
 */
export function createVoucherActors(deps: VoucherDeps) {
  return voucherMachine.provide({
    actors: {
      loadStoredDiscount: fromPromise(async () =>
        readStoredJson(deps.storage, DISCOUNT_STORAGE_KEY, DiscountSchema),
      ),
      validateCode: fromPromise(async ({ input, signal }) => {
        const answer = await deps.api.post(
          VALIDATE_DISCOUNT_PATH,
          { code: input.code },
          ValidateDiscountResponseSchema,
          { signal },
        )
        return answer.discount
      }),
    },
    actions: {
      storeDiscount: (_, params) => writeStoredJson(deps.storage, DISCOUNT_STORAGE_KEY, params.discount),
      forgetDiscount: () => deps.storage.removeItem(DISCOUNT_STORAGE_KEY),
    },
  })
}
