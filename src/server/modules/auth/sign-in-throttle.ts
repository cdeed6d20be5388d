/**
 * The per-account sign-in throttle beside the per-address rate limit
 * (docs/decisions/0075-password-hashing-and-sign-in-throttle.md). The first `freeFailures` failed attempts on an
 * account cost nothing; after them each attempt must wait `baseDelayMs × 2^(n − freeFailures)` (capped at
 * `maxDelayMs`) after the previous one, answered 429 before any password is hashed. Nothing locks the customer
 * out: after at most `maxDelayMs` the right password gets through and clears the account. Failures older than
 * `windowMs` (counted from the last one) are forgotten. Attempts still being checked count as failures, so a
 * burst of parallel guesses cannot slip in before the first ones failed.
 *
 * State is in memory, one process: a throttle is a few seconds' worth of state, and writing each failure to the
 * database would add a write per guess on the single embedded connection. At most `maxAccounts` accounts are
 * tracked; past that the longest-idle ones are dropped.
 */
export interface SignInThrottleOptions {
  freeFailures: number
  baseDelayMs: number
  maxDelayMs: number
  windowMs: number
  maxAccounts: number
  now?: () => number
}

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  windowMs: 15 * 60_000,
  maxAccounts: 100_000,
}

interface AccountState {
  failures: number
  inFlight: number
  /** When the last attempt was let through or the last failure came back, whichever is later. */
  lastAt: number
}

/** How an admitted attempt ended: `unchecked` when its password was never checked (the hashing queue was busy). */
export type AttemptOutcome = 'succeeded' | 'failed' | 'unchecked'

export type Admission =
  { admitted: true; settle(outcome: AttemptOutcome): void } | { admitted: false; retryAfterMs: number }

/**
 * The throttle key of a sign-in: the account's id when the login names one, so its username and e-mail share one
 * budget; otherwise the normalised login (trimmed, NFKC, lower case, as logins compare), so unknown names are
 * throttled alike and a 429 tells nothing about whether an account exists.
 */
export function throttleKeyOf(login: string, userId: string | undefined): string {
  return userId === undefined ? `login:${login.trim().normalize('NFKC').toLowerCase()}` : `user:${userId}`
}

export function createSignInThrottle(options: SignInThrottleOptions = DEFAULT_SIGN_IN_THROTTLE) {
  const now = options.now ?? Date.now
  // A Map keeps insertion order: touching an account re-inserts it, so the first entries are the longest idle.
  const accounts = new Map<string, AccountState>()

  function delayAfter(attempts: number): number {
    if (attempts < options.freeFailures) return 0
    return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempts - options.freeFailures))
  }

  function stateOf(key: string, at: number): AccountState {
    const state = accounts.get(key)
    accounts.delete(key)
    const fresh = state === undefined || (state.inFlight === 0 && at - state.lastAt > options.windowMs)
    const current = fresh ? { failures: 0, inFlight: 0, lastAt: at } : state
    accounts.set(key, current)
    if (accounts.size > options.maxAccounts) accounts.delete(accounts.keys().next().value!)
    return current
  }

  function settle(key: string, state: AccountState, outcome: AttemptOutcome): void {
    state.inFlight -= 1
    if (outcome === 'succeeded') accounts.delete(key)
    if (outcome !== 'failed') return
    state.failures += 1
    state.lastAt = Math.max(state.lastAt, now())
  }

  return {
    /** Asks to check a password for the account of `key` ({@link throttleKeyOf}); settle with the outcome. */
    admit(key: string): Admission {
      const at = now()
      const state = stateOf(key, at)
      const wait = state.lastAt + delayAfter(state.failures + state.inFlight) - at
      if (state.failures + state.inFlight >= options.freeFailures && wait > 0) {
        return { admitted: false, retryAfterMs: wait }
      }
      state.inFlight += 1
      state.lastAt = at
      return { admitted: true, settle: (outcome) => settle(key, state, outcome) }
    },
  }
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>
