import { fromPromise } from 'xstate'
import { type PriceChange, pricingMachine } from '#machines/pricing/pricing.machine.ts'
import { PricingBatchResponseSchema } from '#shared/contracts/pricing.contract.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'

export type PricingDeps = {
  api: ApiClient
  /** The selection's new verdict: the client forwards it to the configure actor as `pricing.updated`. */
  onPriceChange: (change: PriceChange) => void
}

/** Live prices from `POST /api/pricing/batch-calculations` (aborted when a newer request replaces the call). */
export function createPricingActors(deps: PricingDeps) {
  return pricingMachine.provide({
    actors: {
      fetchPrices: fromPromise(({ input, signal }) =>
        deps.api.post(apiPaths.batchPrices, input.request, PricingBatchResponseSchema, { signal }),
      ),
    },
    actions: {
      notifyPriceChanged: (_, params) => deps.onPriceChange(params),
    },
  })
}
