import { fromPromise } from 'xstate'
import { pricingMachine } from '#machines/pricing/pricing.machine.ts'
import { PricingBatchResponseSchema, pricedConfigurationsOf } from '#shared/contracts/pricing.contract.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'

/** Live prices from `POST /api/pricing/batch-calculations` (aborted when a newer request replaces the call). */
export function createPricingActors(deps: { api: ApiClient }) {
  return pricingMachine.provide({
    actors: {
      // The answer names each result once; the machine keeps one line per configuration.
      fetchPrices: fromPromise(async ({ input, signal }) =>
        pricedConfigurationsOf(
          input.request,
          await deps.api.post(apiPaths.batchPrices, input.request, PricingBatchResponseSchema, { signal }),
        ),
      ),
    },
  })
}
