import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { pricingMachine } from './pricing.machine.ts'
import { answerAtScale1, answerAtScale20, requestAtScale } from './pricing.fixtures.ts'

export const pricingTestInput = { debounceMs: 500, loadingFlagClearMs: 500 }

/**
 * Path model of the pricing: two requests, invalidations while debouncing and while fetching (stale answers and
 * errors dropped), answers that update all or some print modes, errors, clearing, the loading-flag timer.
 */
export const pricingPathModel = definePathModel({
  machine: pricingMachine,
  input: pricingTestInput,
  events: [
    { type: 'pricing.invalidate', request: requestAtScale(1) },
    { type: 'pricing.invalidate', request: requestAtScale(20) },
    { type: 'pricing.clear' },
    doneEvent('fetchPrices', answerAtScale1),
    doneEvent('fetchPrices', answerAtScale20),
    errorEvent('fetchPrices', { status: 422, code: 'pricing_failed' }),
    ...afterEvents(pricingMachine),
  ],
  // The counters only grow: a node needs to know whether the running request is outdated, not the numbers.
  serializeContext: ({ sequence, inFlightSequence, ...context }) => ({
    ...context,
    stale: inFlightSequence !== null && inFlightSequence !== sequence,
  }),
})
