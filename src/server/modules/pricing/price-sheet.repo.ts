import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { SheetCellDraft, SheetDraft } from '#server/modules/pricing/sheet/sheet-types.ts'

/**
 * Price sheet versions (migration 004, docs/decisions/0051-price-sheet-versions.md). A version row never changes
 * (a trigger refuses UPDATE and DELETE); `price_sheets` points at the current version of each print mode and white
 * label.
 */

export interface SheetVersionRow {
  id: string
  print_mode_id: string
  white_label_id: string
  version: number
  cells: SheetCellDraft[]
  option_variables: string[]
  created_by: string | null
  created_at: Date
  current: boolean
}

const VERSION_SELECT = `
  SELECT v.id, v.print_mode_id, v.white_label_id, v.version, v.cells, v.option_variables, v.created_by,
         v.created_at, (ps.current_version_id IS NOT NULL) AS current
  FROM price_sheet_versions v
  LEFT JOIN price_sheets ps ON ps.current_version_id = v.id`

/** Any constant: serialises saves of one sheet (the version number is max + 1). */
const SHEET_LOCK_NAMESPACE = 'price-sheet'

export function createPriceSheetRepo(db: Queryable) {
  return {
    async findVersion(versionId: string, q: Queryable = db): Promise<SheetVersionRow | undefined> {
      const { rows } = await q.query<SheetVersionRow>(`${VERSION_SELECT} WHERE v.id = $1`, [versionId])
      return rows[0]
    },

    async currentVersion(printModeId: string, whiteLabelId: string): Promise<SheetVersionRow | undefined> {
      const { rows } = await db.query<SheetVersionRow>(
        `${VERSION_SELECT} WHERE ps.print_mode_id = $1 AND ps.white_label_id = $2`,
        [printModeId, whiteLabelId],
      )
      return rows[0]
    },

    async listVersions(printModeId: string, whiteLabelId: string): Promise<SheetVersionRow[]> {
      const { rows } = await db.query<SheetVersionRow>(
        `${VERSION_SELECT} WHERE v.print_mode_id = $1 AND v.white_label_id = $2 ORDER BY v.version DESC`,
        [printModeId, whiteLabelId],
      )
      return rows
    },

    /** Appends a version and makes it current; inside the caller's transaction. */
    async saveVersion(
      tx: Queryable,
      input: { printModeId: string; whiteLabelId: string; draft: SheetDraft; userId: string | null },
    ): Promise<SheetVersionRow> {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `${SHEET_LOCK_NAMESPACE}:${input.printModeId}:${input.whiteLabelId}`,
      ])
      const { rows } = await tx.query<{ next: number }>(
        `SELECT COALESCE(MAX(version), 0) + 1 AS next FROM price_sheet_versions
         WHERE print_mode_id = $1 AND white_label_id = $2`,
        [input.printModeId, input.whiteLabelId],
      )
      const id = newId()
      await tx.query(
        `INSERT INTO price_sheet_versions (id, print_mode_id, white_label_id, version, cells, option_variables, created_by)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
        [
          id,
          input.printModeId,
          input.whiteLabelId,
          rows[0]?.next ?? 1,
          JSON.stringify(input.draft.cells),
          JSON.stringify(input.draft.optionVariables ?? []),
          input.userId,
        ],
      )
      await tx.query(
        `INSERT INTO price_sheets (print_mode_id, white_label_id, current_version_id) VALUES ($1, $2, $3)
         ON CONFLICT (print_mode_id, white_label_id)
         DO UPDATE SET current_version_id = EXCLUDED.current_version_id, updated_at = now()`,
        [input.printModeId, input.whiteLabelId, id],
      )
      const saved = await this.findVersion(id, tx)
      if (saved === undefined) throw new Error('saved price sheet version vanished')
      return saved
    },
  }
}
export type PriceSheetRepo = ReturnType<typeof createPriceSheetRepo>
