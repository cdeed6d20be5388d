import { assign, fromPromise, setup } from 'xstate'
import type {
  ConfigurationPrice,
  PricedConfigurations,
  PricingBatchRequest,
  PricingBatchResponse,
} from '#shared/contracts/pricing.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { SYSTEM_IDS, tell } from '#machines/order-flow/system-ids.ts'

export type Input = {
  /** PRICING_INVALID_DEBOUNCE_MS in the shop. */
  debounceMs: number
  /** PRICE_LOADING_FLAG_CLEAR_MS: how long options the last answer did not update keep their loading flag. */
  loadingFlagClearMs: number
}

export type PrintabilityForSelected = PricingBatchResponse['printabilityForSelected']

export type Context = Input & {
  /** The newest request (the last `pricing.invalidate`). */
  request: PricingBatchRequest | null
  /** Counts invalidations; an answer is current only if no invalidation came after its request. */
  sequence: number
  /** The `sequence` of the request being fetched. */
  inFlightSequence: number | null
  /** Every priced configuration, by print mode; an answer replaces the entries of the print modes it contains. */
  pricesByPrintMode: Record<string, ConfigurationPrice[]>
  /** The current selection's verdict and line price; null while unknown (the view shows 'indeterminate'). */
  printabilityForSelected: PrintabilityForSelected | null
  printabilityForAll: PricingBatchResponse['printabilityForAll'] | null
  /** The loading flag of the price options (skeletons); see {@link isPriceLoading}. */
  loading: boolean
  /** The print modes the last current answer updated: their options stop loading at once. */
  updatedPrintModeIds: string[]
  error: ErrorCode | null
}

export type Event =
  /** A cart item's pricing is invalid (part 1 §4): price this request after the debounce. */
  | { type: 'pricing.invalidate'; request: PricingBatchRequest }
  /** Nothing to price (the scale field is empty): forget the selection's verdict, stop calculating. */
  | { type: 'pricing.clear' }

/** What the order flow forwards to the configure actor as `pricing.updated`. */
export type PriceChange = { printable: boolean; printabilityForSelected: PrintabilityForSelected | null }

/** What the pricing machine tells the order flow (its parent). */
export type PricingReport = { type: 'pricing.changed'; printable: boolean }

export const PRICING_TAGS = ['calculating', 'error'] as const
export type PricingTag = (typeof PRICING_TAGS)[number]

/**
 * Whether a print mode's price options show the loading flag: while calculating, and for up to
 * `loadingFlagClearMs` after an answer that did not update that print mode (part 1 §9).
 */
export const isPriceLoading = (
  context: Pick<Context, 'loading' | 'updatedPrintModeIds'>,
  printModeId: string,
) => context.loading && !context.updatedPrintModeIds.includes(printModeId)

const byPrintMode = (prices: readonly ConfigurationPrice[]): Record<string, ConfigurationPrice[]> => {
  const grouped: Record<string, ConfigurationPrice[]> = {}
  for (const price of prices) (grouped[price.printModeId] ??= []).push(price)
  return grouped
}

/**
 * Live prices (spec part 1 §4 price recalculation, §9 debounce and loading flag): debounces invalidations, fetches
 * the batch, keeps results per print mode, never lets an answer to an older request overwrite a newer one, and
 * reports the selection's printability to the configure machine through `notifyPriceChanged`.
 */
export const pricingMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as PricingTag,
  },
  actors: {
    /**
     * Client: `POST /api/pricing/batch-calculations`, one line per requested configuration (`pricedConfigurationsOf`
     * of the answer); abort when `signal` aborts.
     */
    fetchPrices: fromPromise<PricedConfigurations, { request: PricingBatchRequest }>(async () => {
      throw new Error('pricing: fetchPrices is not provided')
    }),
  },
  actions: {
    /** The selection's new verdict to the order flow, which forwards it to the configure actor. */
    notifyPriceChanged: ({ system }, params: PriceChange) => {
      const report: PricingReport = { type: 'pricing.changed', printable: params.printable }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
    storeRequest: assign(({ context, event }) =>
      event.type === 'pricing.invalidate'
        ? { request: event.request, sequence: context.sequence + 1, loading: true, updatedPrintModeIds: [] }
        : {},
    ),
    /** The answer (or error) of an outdated request: nothing is in flight any more, nothing else changes. */
    dropStaleAnswer: assign({ inFlightSequence: null }),
    storeAnswer: assign(({ context }, params: { response: PricedConfigurations }) => {
      const fresh = byPrintMode(params.response.prices)
      return {
        pricesByPrintMode: { ...context.pricesByPrintMode, ...fresh },
        printabilityForSelected: params.response.printabilityForSelected,
        printabilityForAll: params.response.printabilityForAll,
        updatedPrintModeIds: Object.keys(fresh),
        inFlightSequence: null,
        error: null,
      }
    }),
  },
  guards: {
    /** An invalidation came after the request being fetched: its answer is outdated. */
    isStale: ({ context }) => context.inFlightSequence !== context.sequence,
  },
  delays: {
    debounce: ({ context }) => context.debounceMs,
    loadingFlagClear: ({ context }) => context.loadingFlagClearMs,
  },
}).createMachine({
  id: 'pricing',
  initial: 'idle',
  context: ({ input }) => ({
    ...input,
    request: null,
    sequence: 0,
    inFlightSequence: null,
    pricesByPrintMode: {},
    printabilityForSelected: null,
    printabilityForAll: null,
    loading: false,
    updatedPrintModeIds: [],
    error: null,
  }),
  on: {
    // A new invalidation restarts the debounce.
    'pricing.invalidate': { target: '.debouncing', reenter: true, actions: 'storeRequest' },
    'pricing.clear': {
      target: '.idle',
      actions: assign({ printabilityForSelected: null, loading: false, inFlightSequence: null }),
    },
  },
  states: {
    idle: {},
    debouncing: {
      tags: 'calculating',
      after: { debounce: 'fetching' },
    },
    fetching: {
      tags: 'calculating',
      entry: assign({ inFlightSequence: ({ context }) => context.sequence }),
      invoke: {
        id: 'fetchPrices',
        src: 'fetchPrices',
        input: ({ context }) => {
          if (context.request === null) throw new Error('pricing: fetching without a request')
          return { request: context.request }
        },
        onDone: [
          // Outdated: dropped; the newer request is fetched when its debounce ends.
          { guard: 'isStale', actions: 'dropStaleAnswer' },
          {
            target: 'settling',
            actions: [
              { type: 'storeAnswer', params: ({ event }) => ({ response: event.output }) },
              {
                type: 'notifyPriceChanged',
                params: ({ event }) => ({
                  printable: event.output.printabilityForSelected.printable,
                  printabilityForSelected: event.output.printabilityForSelected,
                }),
              },
            ],
          },
        ],
        onError: [
          { guard: 'isStale', actions: 'dropStaleAnswer' },
          {
            target: 'failed',
            actions: [
              assign({
                error: ({ event }) => errorCodeOf(event.error),
                printabilityForSelected: null,
                loading: false,
                inFlightSequence: null,
              }),
              { type: 'notifyPriceChanged', params: { printable: false, printabilityForSelected: null } },
            ],
          },
        ],
      },
      // An invalidation while fetching: the running call goes on (its answer will be dropped as stale) and the newest
      // request is fetched after the debounce, stopping the old call if it has not answered by then.
      initial: 'current',
      states: {
        current: {
          on: { 'pricing.invalidate': { target: 'outdated', actions: 'storeRequest' } },
        },
        outdated: {
          after: { debounce: { target: '#pricing.fetching', reenter: true } },
          on: { 'pricing.invalidate': { target: 'outdated', reenter: true, actions: 'storeRequest' } },
        },
      },
    },
    // Prices shown; options the answer did not update keep their loading flag a moment longer.
    settling: {
      after: { loadingFlagClear: { target: 'ready', actions: assign({ loading: false }) } },
    },
    ready: {},
    // The next invalidation retries.
    failed: { tags: 'error' },
  },
})
