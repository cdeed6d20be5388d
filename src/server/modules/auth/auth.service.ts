import { createHash, randomBytes } from 'node:crypto'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import { DEFAULT_LOCALE, type Locale } from '#shared/domain/limits.ts'
import { createHashQueue, type HashQueue, HashQueueBusyError } from '#server/modules/auth/hash-queue.ts'
import { hashPassword, needsRehash, verifyPassword } from '#server/modules/auth/password.ts'
import type { SessionRepo, UserRow } from '#server/modules/auth/session.repo.ts'
import {
  createSignInThrottle,
  type SignInThrottle,
  throttleKeyOf,
} from '#server/modules/auth/sign-in-throttle.ts'

/**
 * Sign-in, session lookup, refresh and logout (docs/decisions/0052-session-mechanism.md). A session token is 256
 * random bits; only its SHA-256 is stored, so a leaked sessions table holds no usable session. Sessions slide: each
 * refresh or authenticated staff request extends them by SESSION_IDLE_MS, never beyond SESSION_MAX_MS after
 * sign-in.
 */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1_000
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1_000
/** Staff sessions change prices and the catalogue: they expire sooner (decision 0103). */
export const STAFF_SESSION_IDLE_MS = 60 * 60 * 1_000
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1_000
const TOKEN_BYTES = 32

export interface Session {
  readonly token: string
  readonly user: SessionUser
  readonly expiresAt: Date
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** What a sign-in came to: the route answers 200, 401, 429 (throttled) or 503 (hashing busy). */
export type SignInOutcome =
  | { kind: 'signed-in'; session: Session }
  | { kind: 'wrong-credentials' }
  | { kind: 'throttled'; retryAfterMs: number }
  | { kind: 'busy'; retryAfterMs: number }

export interface AuthServiceOptions {
  now?: () => number
  /** Every password hash of sign-in runs through it (docs/decisions/0075-…). */
  hashing?: HashQueue
  throttle?: SignInThrottle
  /**
   * Told when the right password of an account awaiting its opt-in was given: the account module resends the opt-in
   * mail (at most hourly). The sign-in itself is refused like a wrong password (decision 0086).
   */
  onOptInPending?: (user: UserRow, locale: Locale) => Promise<void>
}

/** The session's view of a user row (the business flag is the preference or a verified company). */
function sessionUserOf(row: {
  id: string
  username: string
  email: string
  role: SessionUser['role']
  is_business: boolean
}): SessionUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    isBusinessCustomer: row.is_business,
  }
}

export function createAuthService(repo: SessionRepo, options: AuthServiceOptions = {}) {
  const now = options.now ?? Date.now
  const hashing = options.hashing ?? createHashQueue()
  const throttle = options.throttle ?? createSignInThrottle()
  /** Verified against when the user does not exist, so "no such user" takes as long as "wrong password". */
  let dummyHash: Promise<string> | undefined
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('base64url')))

  /** The password checked in the hashing queue; an unknown user is checked against the dummy hash. */
  async function checkPassword(user: UserRow | undefined, password: string): Promise<boolean> {
    const valid = await hashing.run(async () =>
      verifyPassword(password, user?.password_hash ?? (await dummy())),
    )
    return user !== undefined && valid
  }

  /**
   * Replaces an old or weaker hash with the current scheme once the password is known to be right. Only when the
   * stored hash is still the one just verified (a password changed meanwhile wins). A busy queue skips it: the
   * next sign-in tries again.
   */
  async function rehashIfOutdated(user: UserRow, password: string): Promise<void> {
    if (!needsRehash(user.password_hash)) return
    try {
      const fresh = await hashing.run(() => hashPassword(password))
      await repo.replacePasswordHash(user.id, user.password_hash, fresh)
    } catch (error) {
      if (!(error instanceof HashQueueBusyError)) throw error
    }
  }

  async function startSession(user: UserRow): Promise<Session> {
    await repo.deleteExpired()
    const token = randomBytes(TOKEN_BYTES).toString('base64url')
    const expiresAt = slidingExpiry(new Date(now()), user.role)
    await repo.insertSession(hashToken(token), user.id, expiresAt)
    return { token, user: sessionUserOf(user), expiresAt }
  }

  function slidingExpiry(createdAt: Date, role: UserRow['role']): Date {
    const staff = role === 'staff'
    const idle = staff ? STAFF_SESSION_IDLE_MS : SESSION_IDLE_MS
    const max = staff ? STAFF_SESSION_MAX_MS : SESSION_MAX_MS
    return new Date(Math.min(now() + idle, createdAt.getTime() + max))
  }

  return {
    /**
     * A new session for valid credentials (username or e-mail). The account throttle is asked before any hash, so
     * a throttled guess costs nothing; known and unknown logins take the same path and the same time.
     */
    async signIn(login: string, password: string, locale: Locale = DEFAULT_LOCALE): Promise<SignInOutcome> {
      const user = await repo.findUserByLogin(login)
      const admission = throttle.admit(throttleKeyOf(login, user?.id))
      if (!admission.admitted) return { kind: 'throttled', retryAfterMs: admission.retryAfterMs }
      let valid: boolean
      try {
        valid = await checkPassword(user, password)
      } catch (error) {
        admission.settle('unchecked')
        if (error instanceof HashQueueBusyError) return { kind: 'busy', retryAfterMs: error.retryAfterMs }
        throw error
      }
      // An unconfirmed account counts as a failure too: its answer and its throttling equal a wrong password's.
      const confirmed = valid && user !== undefined && !user.optin_pending
      admission.settle(confirmed ? 'succeeded' : 'failed')
      if (valid && user?.optin_pending === true) await options.onOptInPending?.(user, locale)
      if (!confirmed || user === undefined) return { kind: 'wrong-credentials' }
      await rehashIfOutdated(user, password)
      return { kind: 'signed-in', session: await startSession(user) }
    },

    /** The user of a live session, without extending it. */
    async authenticate(token: string | undefined): Promise<SessionUser | undefined> {
      if (token === undefined || token.length === 0 || token.length > 100) return undefined
      const session = await repo.findSession(hashToken(token))
      return session && sessionUserOf({ ...session, id: session.user_id })
    },

    /** Extends a live session (sliding expiry); undefined when there is none. */
    async refresh(token: string | undefined): Promise<Session | undefined> {
      if (token === undefined || token.length === 0 || token.length > 100) return undefined
      const tokenHash = hashToken(token)
      const session = await repo.findSession(tokenHash)
      if (session === undefined) return undefined
      const expiresAt = slidingExpiry(new Date(session.created_at), session.role)
      await repo.extendSession(tokenHash, expiresAt)
      return { token, user: sessionUserOf({ ...session, id: session.user_id }), expiresAt }
    },

    /** Ends every session of an account (a password reset or change). */
    async revokeAllSessions(userId: string): Promise<void> {
      await repo.deleteSessionsOf(userId)
    },

    async logout(token: string | undefined): Promise<void> {
      if (token === undefined || token.length === 0 || token.length > 100) return
      await repo.deleteSession(hashToken(token))
    },
  }
}
export type AuthService = ReturnType<typeof createAuthService>
