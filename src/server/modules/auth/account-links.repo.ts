import type { AccountLinkKind } from '#shared/domain/account-links.ts'
import type { Queryable } from '#server/db/db.ts'

/** What an accepted link names. */
export interface ConsumedLink {
  user_id: string
  new_email: string | null
}

/**
 * The single-use links of account mails (table account_links of migration 008), keyed by the SHA-256 of their code,
 * and the opt-in state of users they confirm. Expiry is compared with the database's clock, which also set it.
 */
export function createAccountLinksRepo(db: Queryable) {
  return {
    async confirmOptIn(userId: string): Promise<void> {
      await db.query(
        `UPDATE users SET optin_pending = false, email_verified_at = now(), updated_at = now() WHERE id = $1`,
        [userId],
      )
    },

    /** Claims the hourly resend of the opt-in mail: true when the last one is older than `intervalMs`. */
    async claimOptInResend(userId: string, intervalMs: number): Promise<boolean> {
      const result = await db.query(
        `UPDATE users SET optin_mail_sent_at = now()
         WHERE id = $1 AND optin_pending
           AND (optin_mail_sent_at IS NULL OR optin_mail_sent_at <= now() - $2::integer * interval '1 millisecond')`,
        [userId, intervalMs],
      )
      return (result.rowCount ?? 0) > 0
    },

    async insertLink(
      tokenHash: string,
      link: { kind: AccountLinkKind; userId: string; newEmail?: string; ttlMs: number },
    ): Promise<void> {
      await db.query(
        `INSERT INTO account_links (token_hash, kind, user_id, new_email, expires_at)
         VALUES ($1, $2, $3, $4, now() + $5::integer * interval '1 millisecond')`,
        [tokenHash, link.kind, link.userId, link.newEmail ?? null, link.ttlMs],
      )
    },

    /** True when the link is unused and unexpired (it stays so: {@link consumeLink} takes it). */
    async isLinkLive(tokenHash: string, kind: AccountLinkKind): Promise<boolean> {
      const { rows } = await db.query<{ live: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM account_links
           WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()) AS live`,
        [tokenHash, kind],
      )
      return rows[0]?.live === true
    },

    /** Marks a live link used and returns what it names; undefined for an unknown, used or expired one. */
    async consumeLink(tokenHash: string, kind: AccountLinkKind): Promise<ConsumedLink | undefined> {
      const { rows } = await db.query<ConsumedLink>(
        `UPDATE account_links SET used_at = now()
         WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id, new_email`,
        [tokenHash, kind],
      )
      return rows[0]
    },

    /** The other live links of a kind end when one is used (an older reset mail must not work after a reset). */
    async retireLinks(userId: string, kind: AccountLinkKind): Promise<void> {
      await db.query(
        'UPDATE account_links SET used_at = now() WHERE user_id = $1 AND kind = $2 AND used_at IS NULL',
        [userId, kind],
      )
    },

    /** True when an unused link of `kind` younger than `withinMs` exists ("Active code found", decision 0086). */
    async hasRecentLiveLink(userId: string, kind: AccountLinkKind, withinMs: number): Promise<boolean> {
      const { rows } = await db.query<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM account_links
           WHERE user_id = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
             AND created_at > now() - $3::integer * interval '1 millisecond') AS found`,
        [userId, kind, withinMs],
      )
      return rows[0]?.found === true
    },

    /** Housekeeping: links expired for a day are of no use to anyone. */
    async deleteStaleLinks(): Promise<void> {
      await db.query(`DELETE FROM account_links WHERE expires_at < now() - interval '1 day'`)
    },
  }
}
export type AccountLinksRepo = ReturnType<typeof createAccountLinksRepo>
