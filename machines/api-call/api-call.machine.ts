import { assign, fromPromise, setup } from 'xstate'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, isSessionRefused } from './api-error.ts'

export type Input = {
  /** Where to return after login when the session cannot be refreshed (usually the current route). */
  returnTo: string
}

/** How a call ended: with the response, with an error, or with the user sent to the login page. */
export type Output =
  | { status: 'succeeded'; response: unknown }
  | { status: 'failed'; code: ErrorCode; error: unknown }
  | { status: 'loginRequired'; returnTo: string }
  | { status: 'cancelled' }

export type Context = {
  returnTo: string
  /** The request has been retried after a successful refresh; a second 401/403 is final. */
  retried: boolean
  /** Set when the call ends. */
  outcome: Output | null
}

/** The caller gives up (the view went away): the running request's actor is stopped, its signal aborts. */
export type Event = { type: 'apiCall.cancel' }

export const API_CALL_TAGS = ['busy', 'refreshing'] as const
export type ApiCallTag = (typeof API_CALL_TAGS)[number]

/**
 * One API call with the session rule of spec part 1 §8 and part 2 §4: a 401 or 403 (alike, docs/decisions/0088)
 * triggers a refresh attempt, then one retry; a refused refresh or a second 401/403 redirects to login, remembering
 * the target. Provide `request` (the call;
 * it rejects with an error carrying `status`/`code`, e.g. an AppError) and `refresh` (`POST /auth/refresh`), run it
 * with `toPromise(createActor(machine, { input }).start())` and read the {@link Output}.
 */
export const apiCallMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    output: {} as Output,
    tags: {} as ApiCallTag,
  },
  actors: {
    /** Client: the call itself; resolves with the parsed response, rejects with its status/code. */
    request: fromPromise<unknown>(async () => {
      throw new Error('apiCall: request is not provided')
    }),
    /** Client: the session refresh call (status 201 means logged in); a rejection counts as logged out. */
    refresh: fromPromise<{ loggedIn: boolean }>(async () => {
      throw new Error('apiCall: refresh is not provided')
    }),
  },
  actions: {
    /** Client: go to /login and return to `returnTo` after logging in. */
    redirectToLogin: (_, _params: { returnTo: string }) => {},
    /** Client: tell the session machine (`session.expired`). */
    notifySessionExpired: () => {},
  },
  guards: {
    /** A first 401/403: refresh the session and retry. */
    shouldRefresh: (_, params: { error: unknown; retried: boolean }) =>
      isSessionRefused(params.error) && !params.retried,
    isSessionRefused: (_, params: { error: unknown }) => isSessionRefused(params.error),
    isLoggedIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
  },
}).createMachine({
  id: 'apiCall',
  initial: 'requesting',
  context: ({ input }) => ({ returnTo: input.returnTo, retried: false, outcome: null }),
  output: ({ context }): Output => context.outcome ?? { status: 'loginRequired', returnTo: context.returnTo },
  on: {
    'apiCall.cancel': {
      target: '.cancelled',
      actions: assign({ outcome: (): Output => ({ status: 'cancelled' }) }),
    },
  },
  states: {
    requesting: {
      tags: 'busy',
      invoke: {
        id: 'request',
        src: 'request',
        onDone: {
          target: 'succeeded',
          actions: assign({
            outcome: ({ event }): Output => ({ status: 'succeeded', response: event.output }),
          }),
        },
        onError: [
          {
            guard: {
              type: 'shouldRefresh',
              params: ({ context, event }) => ({ error: event.error, retried: context.retried }),
            },
            target: 'refreshing',
          },
          {
            guard: { type: 'isSessionRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'loginRequired',
          },
          {
            target: 'failed',
            actions: assign({
              outcome: ({ event }): Output => ({
                status: 'failed',
                code: errorCodeOf(event.error),
                error: event.error,
              }),
            }),
          },
        ],
      },
    },
    refreshing: {
      tags: ['busy', 'refreshing'],
      invoke: {
        id: 'refresh',
        src: 'refresh',
        onDone: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => ({ loggedIn: event.output.loggedIn }) },
            target: 'requesting',
            actions: assign({ retried: true }),
          },
          { target: 'loginRequired' },
        ],
        onError: { target: 'loginRequired' },
      },
    },
    succeeded: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
    // A refused refresh or a second 401/403: the session is gone.
    loginRequired: {
      type: 'final',
      entry: [
        assign({
          outcome: ({ context }): Output => ({ status: 'loginRequired', returnTo: context.returnTo }),
        }),
        'notifySessionExpired',
        { type: 'redirectToLogin', params: ({ context }) => ({ returnTo: context.returnTo }) },
      ],
    },
  },
})
