import type { Queryable } from '#server/db/db.ts'
import type { LocalizedTextInput } from '#shared/contracts/staff-catalogue.contract.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'

/** SQL of the staff API's materials and methods: two tables with the same shape (id, localized name). */

export type NamedTable = 'materials' | 'methods'

export interface NamedStaffRow {
  id: string
  name: LocalizedText
  archived: boolean
}

const json = (value: unknown) => JSON.stringify(value)

export function createStaffNamedRepo(db: Queryable) {
  return {
    async listNamed(table: NamedTable, q: Queryable = db): Promise<NamedStaffRow[]> {
      const { rows } = await q.query<NamedStaffRow>(
        `SELECT id, name, archived_at IS NOT NULL AS archived FROM ${table} ORDER BY name->>'de', id`,
      )
      return rows
    },
    async findNamed(table: NamedTable, id: string, q: Queryable = db) {
      const { rows } = await q.query<NamedStaffRow>(
        `SELECT id, name, archived_at IS NOT NULL AS archived FROM ${table} WHERE id = $1`,
        [id],
      )
      return rows[0]
    },
    async insertNamed(tx: Queryable, table: NamedTable, id: string, name: LocalizedTextInput): Promise<void> {
      await tx.query(`INSERT INTO ${table} (id, name) VALUES ($1, $2::jsonb)`, [id, json(name)])
    },
    async updateNamed(
      tx: Queryable,
      table: NamedTable,
      id: string,
      name: LocalizedTextInput | undefined,
    ): Promise<void> {
      await tx.query(`UPDATE ${table} SET name = COALESCE($2::jsonb, name) WHERE id = $1`, [
        id,
        name === undefined ? null : json(name),
      ])
    },
  }
}
