import { assign, fromPromise, setup } from 'xstate'
import { LinkCodeSchema } from '#shared/contracts/account.contract.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, httpStatusOf } from '#machines/api-call/api-error.ts'

export type Input = {
  /** The code of the opt-in link (`/optin/{code}`). */
  code: string
}

export type Context = {
  code: string
  /** Why confirming failed (`not_found`, `link_invalid` …); null while it has not failed. */
  error: ErrorCode | null
  /** The failure may pass on another try (no answer, 429, 5xx); a refused link (4xx) never will. */
  retryable: boolean
}

/** Try again after a failure that may pass (the view offers it only then). */
export type Event = { type: 'optin.retry' }

export const OPTIN_TAGS = ['busy', 'confirmed', 'failed'] as const
export type OptinTag = (typeof OPTIN_TAGS)[number]

/** No answer, too many requests or a server failure: worth another try. */
function isRetryable(error: unknown): boolean {
  const status = httpStatusOf(error)
  return status === null || status === 429 || status >= 500
}

/** Where the thank-you's Login button leads (part 2 §2): the checkout when there is something to check out. */
export type OptinLoginTarget = '/payment-details' | '/login'

export function optinLoginTarget(state: { cartHasItems: boolean; loggedIn: boolean }): OptinLoginTarget {
  return state.cartHasItems && state.loggedIn ? '/payment-details' : '/login'
}

/**
 * The opt-in link (spec part 2 §2 `/optin/{optinId}`, §4 "Opening the opt-in link confirms the account or shows
 * 'registration failed'", §7 `POST /auth/optin`, §8): confirms the code as it starts; a malformed code fails without
 * a call, and a failure that may pass (no answer, 5xx) can be tried again. The view shows the thank-you with the Login button ({@link optinLoginTarget}) or the failure.
 */
export const optinMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as OptinTag,
  },
  actors: {
    /** Client: `POST /api/auth/optin` with `{ uuid }`; 2xx confirmed, 404/410 unknown, used or expired. */
    confirmOptin: fromPromise<unknown, { uuid: string }>(async () => {
      throw new Error('optin: confirmOptin is not provided')
    }),
  },
  actions: {
    setFailure: assign((_, params: { error: unknown }) => ({
      error: errorCodeOf(params.error),
      retryable: isRetryable(params.error),
    })),
    setMalformed: assign({ error: 'not_found', retryable: false }),
    clearFailure: assign({ error: null, retryable: false }),
  },
  guards: {
    isCodeWellFormed: ({ context }) => LinkCodeSchema.safeParse(context.code).success,
    canRetry: ({ context }) => context.retryable,
  },
}).createMachine({
  id: 'optin',
  initial: 'start',
  context: ({ input }) => ({ code: input.code, error: null, retryable: false }),
  states: {
    start: {
      always: [
        { guard: 'isCodeWellFormed', target: 'confirming' },
        { target: 'failed', actions: 'setMalformed' },
      ],
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirmOptin',
        src: 'confirmOptin',
        input: ({ context }) => ({ uuid: context.code }),
        onDone: 'confirmed',
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmed: { tags: 'confirmed', type: 'final' },
    failed: {
      tags: 'failed',
      on: { 'optin.retry': { guard: 'canRetry', target: 'start', actions: 'clearFailure' } },
    },
  },
})
