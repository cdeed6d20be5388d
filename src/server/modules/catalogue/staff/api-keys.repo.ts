import type { Queryable } from '#server/db/db.ts'

/** SQL of the white labels' staff-made API keys (migration 011). */

export interface ApiKeyStaffRow {
  id: string
  white_label_id: string
  label: string
  last_four: string
  created_at: Date
  expires_at: Date | null
  replaced_by: string | null
  revoked: boolean
}

const SELECT = `SELECT id, white_label_id, label, last_four, created_at, expires_at, replaced_by,
                       revoked_at IS NOT NULL AS revoked
                FROM white_label_api_keys`

export function createStaffApiKeyRepo(db: Queryable) {
  return {
    async listApiKeys(whiteLabelId: string, q: Queryable = db): Promise<ApiKeyStaffRow[]> {
      const { rows } = await q.query<ApiKeyStaffRow>(
        `${SELECT} WHERE white_label_id = $1 ORDER BY created_at DESC, id`,
        [whiteLabelId],
      )
      return rows
    },
    /** The key if it belongs to this white label; locked, so a rotation and a revocation cannot interleave. */
    async findApiKeyForUpdate(
      q: Queryable,
      whiteLabelId: string,
      keyId: string,
    ): Promise<ApiKeyStaffRow | undefined> {
      const { rows } = await q.query<ApiKeyStaffRow>(
        `${SELECT} WHERE id = $1 AND white_label_id = $2 FOR UPDATE`,
        [keyId, whiteLabelId],
      )
      return rows[0]
    },
    async insertApiKey(
      tx: Queryable,
      key: {
        id: string
        whiteLabelId: string
        label: string
        hash: string
        lastFour: string
        userId: string
      },
    ): Promise<ApiKeyStaffRow> {
      const { rows } = await tx.query<ApiKeyStaffRow>(
        `INSERT INTO white_label_api_keys (id, white_label_id, label, key_hash, last_four, created_by)
           VALUES ($1, $2, $3, $4, $5, $6)
           RETURNING id, white_label_id, label, last_four, created_at, expires_at, replaced_by, false AS revoked`,
        [key.id, key.whiteLabelId, key.label, key.hash, key.lastFour, key.userId],
      )
      return rows[0]!
    },
    /** Ends a rotated key at `expiresAt` (or earlier, if it already ended sooner) and names its successor. */
    async expireApiKey(tx: Queryable, keyId: string, expiresAt: Date, replacedBy: string): Promise<void> {
      await tx.query(
        `UPDATE white_label_api_keys
            SET expires_at = LEAST(COALESCE(expires_at, $2::timestamptz), $2::timestamptz), replaced_by = $3
          WHERE id = $1`,
        [keyId, expiresAt.toISOString(), replacedBy],
      )
    },
    async revokeApiKey(tx: Queryable, keyId: string): Promise<void> {
      await tx.query(
        'UPDATE white_label_api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1',
        [keyId],
      )
    },
  }
}
export type StaffApiKeyRepo = ReturnType<typeof createStaffApiKeyRepo>
