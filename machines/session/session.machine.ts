import { fromPromise, setup } from 'xstate'

/** The session has no input: it always starts by asking the server. */
export type Input = undefined

/** The session keeps no data: the login state is the state value (checking = undefined in the spec). */
export type Context = Record<string, never>

export type Event = { type: 'session.logout' } | { type: 'session.loggedIn' } | { type: 'session.expired' }

export const SESSION_TAGS = ['checking', 'logged-in', 'busy'] as const
export type SessionTag = (typeof SESSION_TAGS)[number]

/**
 * The login state (spec part 2 §4): undefined while the refresh call checks the session, then logged in or out;
 * logging out calls the server and notifies.
 */
export const sessionMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as SessionTag,
  },
  actors: {
    /** Client: the refresh call; status 201 means logged in. Errors count as logged out. */
    refreshSession: fromPromise<{ loggedIn: boolean }>(async () => {
      throw new Error('session: refreshSession is not provided')
    }),
    /** Client: the logout call. */
    logout: fromPromise<void>(async () => {
      throw new Error('session: logout is not provided')
    }),
  },
  actions: {
    /** Client: show the logout-success notification (and leave account pages). */
    notifyLoggedOut: () => {},
    /** Client: show the generic warning when the logout call failed. */
    notifyLogoutFailed: () => {},
  },
  guards: {
    isLoggedIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: {},
  states: {
    checking: {
      tags: 'checking',
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => ({ loggedIn: event.output.loggedIn }) },
            target: 'loggedIn',
          },
          { target: 'loggedOut' },
        ],
        onError: { target: 'loggedOut' },
      },
    },
    loggedIn: {
      tags: 'logged-in',
      on: {
        'session.logout': { target: 'loggingOut' },
        // The API client's refresh after a 403 failed.
        'session.expired': { target: 'loggedOut' },
      },
    },
    loggingOut: {
      tags: ['logged-in', 'busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: 'notifyLoggedOut' },
        onError: { target: 'loggedIn', actions: 'notifyLogoutFailed' },
      },
    },
    loggedOut: {
      on: { 'session.loggedIn': { target: 'loggedIn' } },
    },
  },
})
