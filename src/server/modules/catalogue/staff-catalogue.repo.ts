import type { Queryable } from '#server/db/db.ts'
import { createStaffColorRepo } from '#server/modules/catalogue/staff/colors.repo.ts'
import { createStaffFinishRepo } from '#server/modules/catalogue/staff/finishes.repo.ts'
import { createStaffNamedRepo } from '#server/modules/catalogue/staff/named.repo.ts'
import { createStaffPrintModeRepo } from '#server/modules/catalogue/staff/print-modes.repo.ts'
import { createStaffStepRepo } from '#server/modules/catalogue/staff/steps.repo.ts'
import { createStaffWhiteLabelRepo } from '#server/modules/catalogue/staff/white-labels.repo.ts'

/**
 * SQL of the staff catalogue API: every row, archived ones included, in all languages. Writes take a transaction
 * handle (`tx`) so the service can add the audit entry in the same transaction. One repo per entity in `staff/`;
 * this one composes them and holds what all share (id checks, archiving, the audit log).
 */

export type { ColorStaffRow } from '#server/modules/catalogue/staff/colors.repo.ts'
export type { FinishStaffRow } from '#server/modules/catalogue/staff/finishes.repo.ts'
export type { NamedStaffRow } from '#server/modules/catalogue/staff/named.repo.ts'
export type { PrintModeStaffRow } from '#server/modules/catalogue/staff/print-modes.repo.ts'
export type { OptionStaffRow, StepStaffRow } from '#server/modules/catalogue/staff/steps.repo.ts'
export type { WhiteLabelStaffRow } from '#server/modules/catalogue/staff/white-labels.repo.ts'

/** Tables whose rows are archived instead of deleted, by API resource. */
export const ARCHIVABLE_TABLES = {
  'white-labels': 'white_labels',
  materials: 'materials',
  methods: 'methods',
  'surface-finishes': 'surface_finishes',
  colors: 'colors',
  'processing-steps': 'processing_steps',
  'print-modes': 'print_modes',
} as const
export type ArchivableResource = keyof typeof ARCHIVABLE_TABLES

export function createStaffCatalogueRepo(db: Queryable) {
  return {
    ...createStaffWhiteLabelRepo(db),
    ...createStaffNamedRepo(db),
    ...createStaffFinishRepo(db),
    ...createStaffColorRepo(db),
    ...createStaffStepRepo(db),
    ...createStaffPrintModeRepo(db),

    /** Which of `ids` exist in `table` (archived or not). */
    async existing(table: string, ids: readonly string[], q: Queryable = db): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const { rows } = await q.query<{ id: string }>(`SELECT id FROM ${table} WHERE id = ANY($1::text[])`, [
        [...ids],
      ])
      return new Set(rows.map((row) => row.id))
    },

    async setArchived(
      resource: ArchivableResource,
      id: string,
      archived: boolean,
      q: Queryable,
    ): Promise<boolean> {
      const table = ARCHIVABLE_TABLES[resource]
      const { rowCount } = await q.query(
        `UPDATE ${table} SET archived_at = ${archived ? 'COALESCE(archived_at, now())' : 'NULL'} WHERE id = $1`,
        [id],
      )
      return rowCount > 0
    },

    async audit(
      q: Queryable,
      entry: { userId: string; action: string; entity: string; entityId: string; details?: unknown },
    ): Promise<void> {
      await q.query(
        `INSERT INTO staff_audit_log (user_id, action, entity, entity_id, details) VALUES ($1, $2, $3, $4, $5::jsonb)`,
        [
          entry.userId,
          entry.action,
          entry.entity,
          entry.entityId,
          entry.details === undefined ? null : JSON.stringify(entry.details),
        ],
      )
    },
  }
}
export type StaffCatalogueRepo = ReturnType<typeof createStaffCatalogueRepo>
