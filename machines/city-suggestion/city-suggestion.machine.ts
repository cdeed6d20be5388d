import { assign, fromPromise, setup } from 'xstate'

export type Input = {
  /** How long after the last postal-code change the lookup starts (POSTAL_LOOKUP_DELAY_MS, part 2 §5). */
  delayMs: number
}

/** What is looked up: a shipping country's code and a postal code that matches the country's pattern. */
export type PostalQuery = { countryCode: string; postalCode: string }

export type Context = {
  delayMs: number
  query: PostalQuery | null
  /** The city field as it is now (the view reports every change). */
  city: string
  /** The city this machine filled in last; null when it filled nothing (yet). */
  suggested: string | null
}

export type Event =
  /** The postal code (or the country) changed to a complete, valid postal code. */
  | { type: 'citySuggestion.postalCodeChanged'; query: PostalQuery }
  /** The postal code changed to something not worth looking up (empty, incomplete, wrong pattern). */
  | { type: 'citySuggestion.postalCodeCleared' }
  | { type: 'citySuggestion.cityChanged'; city: string }

export const CITY_SUGGESTION_TAGS = ['loading'] as const
export type CitySuggestionTag = (typeof CITY_SUGGESTION_TAGS)[number]

/**
 * The city suggestion of the address form (spec part 2 §5 "City suggestion"): 500 ms after the postal code changed,
 * a lookup through the shop's server gives the first place name, which fills the city field only while that field is
 * empty or still holds the previous suggestion: what the shopper typed is never overwritten. A failed or empty lookup
 * changes nothing and shows nothing (fails soft).
 */
export const citySuggestionMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as CitySuggestionTag,
  },
  actors: {
    /** Client: `GET /api/shipping/postal-codes/{country}/{code}`; null when the place is unknown. */
    lookUpCity: fromPromise<string | null, PostalQuery>(async () => {
      throw new Error('citySuggestion: lookUpCity is not provided')
    }),
  },
  actions: {
    /** Client: put the city into the form (the form's owner then reports the field back). */
    fillCity: (_, _params: { city: string }) => {},
    setQuery: assign((_, params: { query: PostalQuery | null }) => ({ query: params.query })),
    setCity: assign((_, params: { city: string }) => ({ city: params.city })),
    setSuggested: assign((_, params: { city: string }) => ({ suggested: params.city, city: params.city })),
  },
  guards: {
    /** A found city, and the field is empty or still shows what this machine put there. */
    mayFill: ({ context }, params: { city: string | null }) =>
      params.city !== null &&
      params.city !== context.city &&
      (context.city.trim() === '' || context.city === context.suggested),
  },
  delays: {
    lookupDelay: ({ context }) => context.delayMs,
  },
}).createMachine({
  id: 'citySuggestion',
  initial: 'idle',
  context: ({ input }) => ({ delayMs: input.delayMs, query: null, city: '', suggested: null }),
  on: {
    'citySuggestion.cityChanged': {
      actions: { type: 'setCity', params: ({ event }) => ({ city: event.city }) },
    },
    // A new postal code restarts the wait; a lookup still running is dropped with its state.
    'citySuggestion.postalCodeChanged': {
      target: '.waiting',
      reenter: true,
      actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) },
    },
    'citySuggestion.postalCodeCleared': {
      target: '.idle',
      actions: { type: 'setQuery', params: { query: null } },
    },
  },
  states: {
    idle: {},
    waiting: {
      after: { lookupDelay: 'lookingUp' },
    },
    lookingUp: {
      tags: 'loading',
      invoke: {
        id: 'lookUpCity',
        src: 'lookUpCity',
        input: ({ context }) => queryOf(context),
        onDone: [
          {
            guard: { type: 'mayFill', params: ({ event }) => ({ city: event.output }) },
            target: 'idle',
            actions: [
              { type: 'fillCity', params: ({ event }) => ({ city: event.output ?? '' }) },
              { type: 'setSuggested', params: ({ event }) => ({ city: event.output ?? '' }) },
            ],
          },
          { target: 'idle' },
        ],
        // Fails soft: no city, no message; the shopper types it.
        onError: { target: 'idle' },
      },
    },
  },
})

/** The query being looked up; `waiting` is only entered with one. */
function queryOf(context: Context): PostalQuery {
  if (context.query === null) throw new Error('citySuggestion: looking up without a postal code')
  return context.query
}
