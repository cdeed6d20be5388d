import { createHash, randomBytes } from 'node:crypto'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import { hashPassword, verifyPassword } from '#server/modules/auth/password.ts'
import type { SessionRepo } from '#server/modules/auth/session.repo.ts'

/**
 * Sign-in, session lookup, refresh and logout (docs/decisions/0052-session-mechanism.md). A session token is 256
 * random bits; only its SHA-256 is stored, so a leaked sessions table holds no usable session. Sessions slide: each
 * refresh or authenticated staff request extends them by SESSION_IDLE_MS, never beyond SESSION_MAX_MS after
 * sign-in.
 */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1_000
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1_000
const TOKEN_BYTES = 32

export interface Session {
  readonly token: string
  readonly user: SessionUser
  readonly expiresAt: Date
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface AuthServiceOptions {
  now?: () => number
}

export function createAuthService(repo: SessionRepo, options: AuthServiceOptions = {}) {
  const now = options.now ?? Date.now
  /** Verified against when the user does not exist, so "no such user" takes as long as "wrong password". */
  let dummyHash: Promise<string> | undefined
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('base64url')))

  function slidingExpiry(createdAt: Date): Date {
    return new Date(Math.min(now() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_MS))
  }

  return {
    /** A new session for valid credentials (username or e-mail), undefined otherwise. */
    async signIn(login: string, password: string): Promise<Session | undefined> {
      const user = await repo.findUserByLogin(login)
      if (user === undefined) {
        await verifyPassword(password, await dummy())
        return undefined
      }
      if (!(await verifyPassword(password, user.password_hash))) return undefined
      await repo.deleteExpired()
      const token = randomBytes(TOKEN_BYTES).toString('base64url')
      const expiresAt = slidingExpiry(new Date(now()))
      await repo.insertSession(hashToken(token), user.id, expiresAt)
      return { token, user: { id: user.id, username: user.username, role: user.role }, expiresAt }
    },

    /** The user of a live session, without extending it. */
    async authenticate(token: string | undefined): Promise<SessionUser | undefined> {
      if (token === undefined || token.length === 0 || token.length > 100) return undefined
      const session = await repo.findSession(hashToken(token))
      return session && { id: session.user_id, username: session.username, role: session.role }
    },

    /** Extends a live session (sliding expiry); undefined when there is none. */
    async refresh(token: string | undefined): Promise<Session | undefined> {
      if (token === undefined || token.length === 0 || token.length > 100) return undefined
      const tokenHash = hashToken(token)
      const session = await repo.findSession(tokenHash)
      if (session === undefined) return undefined
      const expiresAt = slidingExpiry(new Date(session.created_at))
      await repo.extendSession(tokenHash, expiresAt)
      return {
        token,
        user: { id: session.user_id, username: session.username, role: session.role },
        expiresAt,
      }
    },

    async logout(token: string | undefined): Promise<void> {
      if (token === undefined || token.length === 0 || token.length > 100) return
      await repo.deleteSession(hashToken(token))
    },
  }
}
export type AuthService = ReturnType<typeof createAuthService>
