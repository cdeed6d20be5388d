import { assign, fromPromise, setup } from 'xstate'
import { type SessionUser } from '#shared/contracts/auth.contract.ts'

/** The session has no input: it always starts by asking the server. */
export type Input = undefined

export type Context = {
  /** The logged-in user (from the refresh or sign-in answer); null while checking and when logged out. */
  user: SessionUser | null
  /**
   * The user logged out here (not an expired session): the login-required page then goes to /login without a return
   * target (docs/decisions/0088).
   */
  endedByLogout: boolean
}

export type Event =
  | { type: 'session.logout' }
  /** The login form signed in (its answer's user). */
  | { type: 'session.loggedIn'; user: SessionUser }
  /** The API client's refresh after a 401/403 failed. */
  | { type: 'session.expired' }

/** What the refresh call found: the user of a valid session (201), or null. */
export type RefreshOutput = { user: SessionUser | null }

export const SESSION_TAGS = ['checking', 'logged-in', 'busy'] as const
export type SessionTag = (typeof SESSION_TAGS)[number]

/**
 * The login state (spec part 2 §4): undefined while the refresh call checks the session, then logged in (with the
 * user) or out; logging out calls the server and notifies.
 */
export const sessionMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as SessionTag,
  },
  actors: {
    /** Client: the refresh call; status 201 means logged in (its body has the user). Errors count as logged out. */
    refreshSession: fromPromise<RefreshOutput>(async () => {
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
    /** Client: the user appeared (refresh, login) or went (logout, expiry); the preferences follow the account. */
    notifyUserChanged: (_, _params: { user: SessionUser | null }) => {},
  },
  guards: {
    hasUser: (_, params: { user: SessionUser | null }) => params.user !== null,
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: { user: null, endedByLogout: false },
  states: {
    checking: {
      tags: 'checking',
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output.user }) },
            target: 'loggedIn',
            actions: [
              assign({ user: ({ event }) => event.output.user }),
              { type: 'notifyUserChanged', params: ({ event }) => ({ user: event.output.user }) },
            ],
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
        'session.expired': {
          target: 'loggedOut',
          actions: [
            assign({ user: null, endedByLogout: false }),
            { type: 'notifyUserChanged', params: { user: null } },
          ],
        },
      },
    },
    loggingOut: {
      tags: ['logged-in', 'busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'loggedOut',
          actions: [
            assign({ user: null, endedByLogout: true }),
            { type: 'notifyUserChanged', params: { user: null } },
            'notifyLoggedOut',
          ],
        },
        onError: { target: 'loggedIn', actions: 'notifyLogoutFailed' },
      },
    },
    loggedOut: {
      on: {
        'session.loggedIn': {
          target: 'loggedIn',
          actions: [
            assign({ user: ({ event }) => event.user, endedByLogout: false }),
            { type: 'notifyUserChanged', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
    },
  },
})
