import type { Queryable } from '#server/db/db.ts'
import type { UserRole } from '#shared/contracts/auth.contract.ts'

export interface UserRow {
  id: string
  username: string
  email: string
  password_hash: string
  role: UserRole
  /** The opt-in link was not opened yet: sign-in is refused (migration 008). */
  optin_pending: boolean
  /** The business preference or a verified company (part 2 §6 "Business customer"). */
  is_business: boolean
}

export interface SessionRow {
  user_id: string
  username: string
  email: string
  role: UserRole
  is_business: boolean
  created_at: Date
  expires_at: Date
}

/** "Business customer": the customer's preference or a company verified by staff. */
const IS_BUSINESS = '(u.is_business_customer OR u.is_verified_company) AS is_business'

/** Users and sessions (tables of migrations 001 and 008). Sessions are keyed by the SHA-256 of their token. */
export function createSessionRepo(db: Queryable) {
  return {
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(
        `SELECT u.id, u.username, u.email, u.password_hash, u.role, u.optin_pending, ${IS_BUSINESS} FROM users u
         WHERE lower(u.username) = lower($1) OR lower(u.email) = lower($1)
         ORDER BY (lower(u.username) = lower($1)) DESC LIMIT 1`,
        [login],
      )
      return rows[0]
    },

    /** Stores `fresh` only while the stored hash is still `current` (a password changed meanwhile wins). */
    async replacePasswordHash(userId: string, current: string, fresh: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
        userId,
        current,
        fresh,
      ])
    },

    async insertSession(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        tokenHash,
        userId,
        expiresAt.toISOString(),
      ])
    },

    /** The live session of a token hash with its user; expired sessions do not count. */
    async findSession(tokenHash: string): Promise<SessionRow | undefined> {
      const { rows } = await db.query<SessionRow>(
        `SELECT s.user_id, u.username, u.email, u.role, ${IS_BUSINESS}, s.created_at, s.expires_at
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.expires_at > now()`,
        [tokenHash],
      )
      return rows[0]
    },

    async extendSession(tokenHash: string, expiresAt: Date): Promise<void> {
      await db.query('UPDATE sessions SET last_seen_at = now(), expires_at = $2 WHERE token_hash = $1', [
        tokenHash,
        expiresAt.toISOString(),
      ])
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash])
    },

    /** Ends every session of an account (password reset and change, decision 0086). */
    async deleteSessionsOf(userId: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE user_id = $1', [userId])
    },

    /** Housekeeping at sign-in: expired sessions of anyone are dropped. */
    async deleteExpired(): Promise<void> {
      await db.query('DELETE FROM sessions WHERE expires_at <= now()')
    },
  }
}
export type SessionRepo = ReturnType<typeof createSessionRepo>
