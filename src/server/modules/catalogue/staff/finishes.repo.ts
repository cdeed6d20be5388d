import type { z } from 'zod'
import type {
  CreateSurfaceFinishSchema,
  UpdateSurfaceFinishSchema,
} from '#shared/contracts/staff-catalogue.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'

/** SQL of the staff API's surface finishes. */

export interface FinishStaffRow {
  id: string
  name: LocalizedText
  description: LocalizedText
  spreadsheet_variable: number
  sort_order: number
  archived: boolean
}

const json = (value: unknown) => JSON.stringify(value)
const FINISH_COLUMNS =
  'id, name, description, spreadsheet_variable, sort_order, archived_at IS NOT NULL AS archived'

export function createStaffFinishRepo(db: Queryable) {
  return {
    async listFinishes(q: Queryable = db): Promise<FinishStaffRow[]> {
      const { rows } = await q.query<FinishStaffRow>(
        `SELECT ${FINISH_COLUMNS} FROM surface_finishes ORDER BY sort_order, id`,
      )
      return rows
    },
    async findFinish(id: string, q: Queryable = db): Promise<FinishStaffRow | undefined> {
      const { rows } = await q.query<FinishStaffRow>(
        `SELECT ${FINISH_COLUMNS} FROM surface_finishes WHERE id = $1`,
        [id],
      )
      return rows[0]
    },
    async insertFinish(tx: Queryable, id: string, input: z.output<typeof CreateSurfaceFinishSchema>) {
      await tx.query(
        `INSERT INTO surface_finishes (id, name, description, spreadsheet_variable, sort_order)
           VALUES ($1, $2::jsonb, $3::jsonb, $4, $5)`,
        [id, json(input.name), json(input.description), input.spreadsheetVariable, input.sortOrder],
      )
    },
    async updateFinish(tx: Queryable, id: string, input: z.output<typeof UpdateSurfaceFinishSchema>) {
      await tx.query(
        `UPDATE surface_finishes SET name = COALESCE($2::jsonb, name), description = COALESCE($3::jsonb, description),
             spreadsheet_variable = COALESCE($4, spreadsheet_variable), sort_order = COALESCE($5, sort_order)
           WHERE id = $1`,
        [
          id,
          input.name === undefined ? null : json(input.name),
          input.description === undefined ? null : json(input.description),
          input.spreadsheetVariable ?? null,
          input.sortOrder ?? null,
        ],
      )
    },
  }
}
