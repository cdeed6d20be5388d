import type { Queryable } from '#server/db/db.ts'

/** SQL of the staff API's white labels. */

export interface WhiteLabelStaffRow {
  id: string
  name: string
  api_key: string
  is_default: boolean
  archived: boolean
}

export function createStaffWhiteLabelRepo(db: Queryable) {
  return {
    async listWhiteLabels(q: Queryable = db): Promise<WhiteLabelStaffRow[]> {
      const { rows } = await q.query<WhiteLabelStaffRow>(
        `SELECT id, name, api_key, is_default, archived_at IS NOT NULL AS archived
         FROM white_labels ORDER BY is_default DESC, name, id`,
      )
      return rows
    },
    async findWhiteLabel(id: string, q: Queryable = db): Promise<WhiteLabelStaffRow | undefined> {
      const { rows } = await q.query<WhiteLabelStaffRow>(
        `SELECT id, name, api_key, is_default, archived_at IS NOT NULL AS archived FROM white_labels WHERE id = $1`,
        [id],
      )
      return rows[0]
    },
    async defaultWhiteLabelId(q: Queryable = db): Promise<string | undefined> {
      const { rows } = await q.query<{ id: string }>('SELECT id FROM white_labels WHERE is_default')
      return rows[0]?.id
    },
    async insertWhiteLabel(tx: Queryable, row: { id: string; name: string; apiKey: string }): Promise<void> {
      await tx.query('INSERT INTO white_labels (id, name, api_key) VALUES ($1, $2, $3)', [
        row.id,
        row.name,
        row.apiKey,
      ])
    },
    /** False when there is no such white label. */
    async updateWhiteLabel(
      tx: Queryable,
      id: string,
      patch: { name?: string | undefined; apiKey?: string | undefined },
    ): Promise<boolean> {
      const { rows } = await tx.query<{ id: string }>(
        `UPDATE white_labels SET name = COALESCE($2, name), api_key = COALESCE($3, api_key)
           WHERE id = $1 RETURNING id`,
        [id, patch.name ?? null, patch.apiKey ?? null],
      )
      return rows.length > 0
    },
  }
}
