import { createHash } from 'node:crypto'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Queryable } from '#server/db/db.ts'

/**
 * Request-level idempotency (draft-ietf-httpapi-idempotency-key-header; commerce-reliability check 3): the second
 * layer behind "one cart, one order". A key is claimed `in_progress` before the work runs and holds the answer once
 * it is done; the same key with another body is 422, while the first request runs `busy` (the route answers the
 * cart's order if it was committed meanwhile, else 409 order_in_progress), afterwards
 * the stored answer again (byte-identical, `Idempotent-Replayed: true`). A failed request frees its key: the client
 * may retry with a corrected body (a 409 cart_changed asks for exactly that).
 */

/** Keys live a day (Spree and Stripe keep theirs 24 h). */
const KEY_TTL_MS = 24 * 60 * 60 * 1_000
/** A key still in progress after this long was left by a crashed process: the next request may take it over. */
const STALE_IN_PROGRESS_MS = 60_000
/** Printable ASCII without spaces, 1–255 characters (Spree's limit). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

export type StoredAnswer = { status: number; body: string }

/** `busy`: the same request with this key is still running (or its process died less than a minute ago). */
export type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'busy' }

export function parseIdempotencyKey(value: string | string[] | undefined): string {
  const key = Array.isArray(value) ? value[0] : value
  if (key === undefined || !KEY_PATTERN.test(key))
    throw new AppError(
      ErrorCode.ValidationFailed,
      'Send an Idempotency-Key header (1–255 printable characters)',
      {
        issues: [{ path: ['headers', 'idempotency-key'], code: key === undefined ? 'required' : 'invalid' }],
      },
    )
  return key
}

export const fingerprintOf = (body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(body) ?? '')
    .digest('hex')

interface KeyRow {
  fingerprint: string
  state: 'in_progress' | 'done'
  response_status: number | null
  response_body: string | null
  stale: boolean
}

export function createIdempotencyStore(db: Queryable) {
  async function insert(scope: string, key: string, fingerprint: string): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, state, expires_at)
       VALUES ($1, $2, $3, 'in_progress', now() + $4 * interval '1 millisecond')
       ON CONFLICT (scope, key) DO NOTHING`,
      [scope, key, fingerprint, KEY_TTL_MS],
    )
    return rowCount === 1
  }

  /** Takes over a key left in progress by a crashed process (one request wins the UPDATE). */
  async function takeOver(scope: string, key: string): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE idempotency_keys SET started_at = now()
        WHERE scope = $1 AND key = $2 AND state = 'in_progress'
          AND started_at < now() - $3 * interval '1 millisecond'`,
      [scope, key, STALE_IN_PROGRESS_MS],
    )
    return rowCount === 1
  }

  return {
    async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
      await db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND expires_at < now()', [
        scope,
        key,
      ])
      if (await insert(scope, key, fingerprint)) return { kind: 'claimed' }
      const { rows } = await db.query<KeyRow>(
        `SELECT fingerprint, state, response_status, response_body,
                started_at < now() - $3 * interval '1 millisecond' AS stale
           FROM idempotency_keys WHERE scope = $1 AND key = $2`,
        [scope, key, STALE_IN_PROGRESS_MS],
      )
      const row = rows[0]
      // Freed between our insert and select: try once more.
      if (row === undefined)
        return (await insert(scope, key, fingerprint)) ? { kind: 'claimed' } : { kind: 'busy' }
      if (row.fingerprint !== fingerprint)
        throw new AppError(
          ErrorCode.IdempotencyKeyReused,
          'This Idempotency-Key was used with another request',
        )
      if (row.state === 'done' && row.response_status !== null && row.response_body !== null)
        return { kind: 'replay', answer: { status: row.response_status, body: row.response_body } }
      if (row.stale && (await takeOver(scope, key))) return { kind: 'claimed' }
      return { kind: 'busy' }
    },

    async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
      await db.query(
        `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_body = $4
          WHERE scope = $1 AND key = $2`,
        [scope, key, answer.status, answer.body],
      )
    },

    async release(scope: string, key: string): Promise<void> {
      await db.query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND state = 'in_progress'", [
        scope,
        key,
      ])
    },
  }
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>
