import type { Queryable } from '#server/db/db.ts'
import type { UserRole } from '#shared/contracts/auth.contract.ts'

export interface UserRow {
  id: string
  username: string
  email: string
  password_hash: string
  role: UserRole
}

export interface SessionRow {
  user_id: string
  username: string
  email: string
  role: UserRole
  created_at: Date
  expires_at: Date
}

/** Users and sessions (tables of migration 001). Sessions are keyed by the SHA-256 of their token. */
export function createSessionRepo(db: Queryable) {
  return {
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(
        `SELECT id, username, email, password_hash, role FROM users
         WHERE lower(username) = lower($1) OR lower(email) = lower($1)
         ORDER BY (lower(username) = lower($1)) DESC LIMIT 1`,
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
        `SELECT s.user_id, u.username, u.email, u.role, s.created_at, s.expires_at
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

    /** Housekeeping at sign-in: expired sessions of anyone are dropped. */
    async deleteExpired(): Promise<void> {
      await db.query('DELETE FROM sessions WHERE expires_at <= now()')
    },
  }
}
export type SessionRepo = ReturnType<typeof createSessionRepo>
