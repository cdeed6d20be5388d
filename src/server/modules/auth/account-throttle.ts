import {
  createSignInThrottle,
  DEFAULT_SIGN_IN_THROTTLE,
  type SignInThrottle,
  type SignInThrottleOptions,
} from '#server/modules/auth/sign-in-throttle.ts'

/**
 * The per-address and per-account throttles of the account routes (decision 0086), beside the per-IP rate limit of
 * each route. They reuse the sign-in throttle's backoff: the first `freeFailures` requests of a key are free, then
 * each must wait `baseDelayMs × 2^n` (at most `maxDelayMs`) after the previous one; `windowMs` after the last one
 * the key is forgotten. A request that sends a mail (signup, reset, e-mail change) always counts, so a mail bomb
 * against one address is slowed to one mail an hour, while the customer is never locked out for longer than that.
 * Keys are the normalised e-mail as typed, never "does an account exist", so a 429 tells nothing about accounts.
 */
export const DEFAULT_ACCOUNT_MAIL_THROTTLE: SignInThrottleOptions = {
  freeFailures: 3,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  windowMs: 24 * 60 * 60_000,
  maxAccounts: 100_000,
}

export interface AccountThrottleOptions {
  /** Signup, reset and e-mail change requests, per e-mail address (and per account for e-mail change). */
  mail?: SignInThrottleOptions
  /** Wrong old passwords of the password change, per account (the sign-in defaults). */
  passwordChange?: SignInThrottleOptions
}

export interface AccountThrottles {
  signUp: SignInThrottle
  reset: SignInThrottle
  emailChange: SignInThrottle
  passwordChange: SignInThrottle
}

export function createAccountThrottles(options: AccountThrottleOptions = {}): AccountThrottles {
  const mail = options.mail ?? DEFAULT_ACCOUNT_MAIL_THROTTLE
  return {
    signUp: createSignInThrottle(mail),
    reset: createSignInThrottle(mail),
    emailChange: createSignInThrottle(mail),
    passwordChange: createSignInThrottle(options.passwordChange ?? DEFAULT_SIGN_IN_THROTTLE),
  }
}

/** The throttle key of an e-mail address: trimmed, NFKC, lower case (as addresses compare). */
export const mailKeyOf = (email: string): string => `mail:${email.trim().normalize('NFKC').toLowerCase()}`

/**
 * Counts one mail-sending request against `key`: undefined when it may go ahead, else how long to wait. Every
 * admitted request counts as a "failure" of the backoff, whatever it came to.
 */
export function admitMailRequest(throttle: SignInThrottle, key: string): number | undefined {
  const admission = throttle.admit(key)
  if (!admission.admitted) return admission.retryAfterMs
  admission.settle('failed')
  return undefined
}
