import { assign, fromPromise, setup } from 'xstate'
import { type SessionUser } from '#shared/contracts/auth.contract.ts'
import { httpStatusOf } from '../api-call/api-error.ts'

/** Why a sign-in failed, as the form shows it (spec part 2 §8). */
export type LoginFailure =
  { kind: 'wrongCredentials' } | { kind: 'throttled'; retryAfterSeconds: number } | { kind: 'failed' }

export type Context = {
  /** Username or e-mail, as typed. */
  username: string
  password: string
  /** Where the guard or an expired session came from (a validated path of this site), if anywhere. */
  returnTo: string | null
  /** The cart has items: after login the checkout continues at /payment-details. */
  cartHasItems: boolean
  failure: LoginFailure | null
}

export type Event =
  /** The login page is opened: a fresh form, with the page's return target. */
  | { type: 'login.open'; returnTo: string | null }
  | { type: 'login.setUsername'; value: string }
  | { type: 'login.setPassword'; value: string }
  | { type: 'login.submit' }
  /** The cart's item count changed (the client follows the cart actor). */
  | { type: 'login.cartChanged'; hasItems: boolean }

export type SignInInput = { username: string; password: string }

export const LOGIN_TAGS = ['busy', 'signed-in'] as const
export type LoginTag = (typeof LOGIN_TAGS)[number]

/** Part 2 §5: the button is disabled while the trimmed username/e-mail or the password is empty. */
export const canSubmitLogin = (context: Pick<Context, 'username' | 'password'>): boolean =>
  context.username.trim() !== '' && context.password.trim() !== ''

/** Part 2 §4: /payment-details when the cart has items, else the remembered target, else /account. */
export const destinationAfterLogin = (context: Pick<Context, 'cartHasItems' | 'returnTo'>): string =>
  context.cartHasItems ? '/payment-details' : (context.returnTo ?? '/account')

const DEFAULT_RETRY_AFTER_SECONDS = 60

/** 401: the credentials do not match; 429: throttled (with the server's wait); anything else: the generic warning. */
export function loginFailureOf(error: unknown): LoginFailure {
  const status = httpStatusOf(error)
  if (status === 401) return { kind: 'wrongCredentials' }
  if (status !== 429) return { kind: 'failed' }
  const seconds =
    typeof error === 'object' && error !== null && 'retryAfterSeconds' in error
      ? error.retryAfterSeconds
      : null
  return {
    kind: 'throttled',
    retryAfterSeconds:
      typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
        ? Math.ceil(seconds)
        : DEFAULT_RETRY_AFTER_SECONDS,
  }
}

/**
 * The login form (spec part 2 §2, §4, §5, §8): username or e-mail and password, sign-in, and where to go next. On
 * success it tells the session (`tellSession`) and navigates (`navigate`); the session machine keeps the user.
 */
export const loginMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as LoginTag,
  },
  actors: {
    /** Client: `POST /api/auth/signin`; resolves with the user, rejects with `status` (and `retryAfterSeconds`). */
    signIn: fromPromise<SessionUser, SignInInput>(async () => {
      throw new Error('login: signIn is not provided')
    }),
  },
  actions: {
    /** Client: `session.loggedIn` with the user to the session actor. */
    tellSession: (_, _params: { user: SessionUser }) => {},
    /** Client: go to a path of this site (no locale prefix) in the current language. */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    canSubmit: ({ context }) => canSubmitLogin(context),
  },
}).createMachine({
  id: 'login',
  initial: 'editing',
  context: { username: '', password: '', returnTo: null, cartHasItems: false, failure: null },
  on: {
    'login.cartChanged': { actions: assign({ cartHasItems: ({ event }) => event.hasItems }) },
    'login.open': {
      target: '.editing',
      actions: assign({
        username: '',
        password: '',
        failure: null,
        returnTo: ({ event }) => event.returnTo,
      }),
    },
  },
  states: {
    editing: {
      on: {
        'login.setUsername': { actions: assign({ username: ({ event }) => event.value }) },
        'login.setPassword': { actions: assign({ password: ({ event }) => event.value }) },
        'login.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ username: context.username.trim(), password: context.password }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'tellSession', params: ({ event }) => ({ user: event.output }) },
            { type: 'navigate', params: ({ context }) => ({ to: destinationAfterLogin(context) }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => loginFailureOf(event.error) }),
        },
      },
    },
    // The page is left; the form is cleared (no password kept in memory) until the next `login.open`.
    signedIn: {
      tags: 'signed-in',
      entry: assign({ username: '', password: '', failure: null }),
    },
  },
})
