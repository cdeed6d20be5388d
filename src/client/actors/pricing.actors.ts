import { fromPromise } from 'xstate'
import { pricingMachine } from '#machines/pricing/pricing.machine.ts'
import { PricingBatchResponseSchema } from '#shared/contracts/pricing.contract.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'

/** Live prices from `POST /api/pricing/batch-calculations` (aborted when a newer request replaces the call). */
export function createPricingActors(deps: { api: ApiClient }) {
  return pricingMachine.provide({
    actors: {
      fetchPrices: fromPromise(({ input, signal }) =>
        deps.api.post(apiPaths.batchPrices, input.request, PricingBatchResponseSchema, { signal }),
      ),
    },
  })
}
