import type { Queryable } from '#server/db/db.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'

/**
 * SQL of the staff catalogue API: every row, archived ones included, in all languages. Writes take a transaction
 * handle (`tx`) so the service can add the audit entry in the same transaction.
 */

export interface WhiteLabelStaffRow {
  id: string
  name: string
  api_key: string
  is_default: boolean
  archived: boolean
}

export interface NamedStaffRow {
  id: string
  name: LocalizedText
  archived: boolean
}

export interface FinishStaffRow {
  id: string
  name: LocalizedText
  description: LocalizedText
  spreadsheet_variable: number
  sort_order: number
  archived: boolean
}

export interface ColorStaffRow {
  id: string
  print_mode_id: string
  name: LocalizedText
  hex: string
  thumbnail_path: string
  hue: number
  spreadsheet_variable: number
  sort_order: number
  archived: boolean
  finish_ids: string[]
}

export interface StepStaffRow {
  id: string
  name: LocalizedText
  sort_order: number
  archived: boolean
}

export interface OptionStaffRow {
  id: string
  processing_step_id: string
  name: LocalizedText
  sort_order: number
  archived: boolean
}

export interface PrintModeStaffRow {
  id: string
  material_id: string
  method_id: string
  name: LocalizedText
  description: LocalizedText
  surface_quality: LocalizedText
  applications: LocalizedText
  max_x_mm: number
  max_y_mm: number
  max_z_mm: number
  min_feature_size_mm: number
  resolution_xy_mm: number
  resolution_z_mm: number
  ranking_price: number
  ranking_flexibility: number
  ranking_stability: number
  ranking_precision: number
  ranking_wear_resistance: number
  ranking_heat_resistance: number
  ranking_max_parts: number
  ranking_max_incremental_measurement: number
  sort_order: number
  is_active: boolean
  archived: boolean
  pricing_test_parameters: Record<string, number>
  white_label_ids: string[]
  finish_ids: string[]
  step_ids: string[]
  current_sheet_version_id: string | null
}

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

const PRINT_MODE_SELECT = `
  SELECT pm.id, pm.material_id, pm.method_id, pm.name, pm.description, pm.surface_quality, pm.applications,
         pm.max_x_mm, pm.max_y_mm, pm.max_z_mm, pm.min_feature_size_mm, pm.resolution_xy_mm, pm.resolution_z_mm,
         pm.ranking_price, pm.ranking_flexibility, pm.ranking_stability, pm.ranking_precision,
         pm.ranking_wear_resistance, pm.ranking_heat_resistance, pm.ranking_max_parts,
         pm.ranking_max_incremental_measurement, pm.sort_order, pm.is_active,
         pm.archived_at IS NOT NULL AS archived, pm.pricing_test_parameters,
         COALESCE((SELECT array_agg(l.white_label_id ORDER BY l.white_label_id)
                   FROM print_mode_white_labels l WHERE l.print_mode_id = pm.id), '{}'::text[]) AS white_label_ids,
         COALESCE((SELECT array_agg(f.surface_finish_id ORDER BY f.sort_order, f.surface_finish_id)
                   FROM print_mode_surface_finishes f WHERE f.print_mode_id = pm.id), '{}'::text[]) AS finish_ids,
         COALESCE((SELECT array_agg(s.processing_step_id ORDER BY s.sort_order, s.processing_step_id)
                   FROM print_mode_processing_steps s WHERE s.print_mode_id = pm.id), '{}'::text[]) AS step_ids,
         (SELECT ps.current_version_id FROM price_sheets ps
          JOIN white_labels wl ON wl.id = ps.white_label_id AND wl.is_default
          WHERE ps.print_mode_id = pm.id) AS current_sheet_version_id
  FROM print_modes pm`

const COLOR_SELECT = `
  SELECT c.id, c.print_mode_id, c.name, c.hex, c.thumbnail_path, c.hue, c.spreadsheet_variable, c.sort_order,
         c.archived_at IS NOT NULL AS archived,
         COALESCE((SELECT array_agg(csf.surface_finish_id ORDER BY csf.surface_finish_id)
                   FROM color_surface_finishes csf WHERE csf.color_id = c.id), '{}'::text[]) AS finish_ids
  FROM colors c`

export function createStaffCatalogueRepo(db: Queryable) {
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

    async listNamed(table: 'materials' | 'methods', q: Queryable = db): Promise<NamedStaffRow[]> {
      const { rows } = await q.query<NamedStaffRow>(
        `SELECT id, name, archived_at IS NOT NULL AS archived FROM ${table} ORDER BY name->>'de', id`,
      )
      return rows
    },
    async findNamed(table: 'materials' | 'methods', id: string, q: Queryable = db) {
      const { rows } = await q.query<NamedStaffRow>(
        `SELECT id, name, archived_at IS NOT NULL AS archived FROM ${table} WHERE id = $1`,
        [id],
      )
      return rows[0]
    },

    async listFinishes(q: Queryable = db): Promise<FinishStaffRow[]> {
      const { rows } = await q.query<FinishStaffRow>(
        `SELECT id, name, description, spreadsheet_variable, sort_order, archived_at IS NOT NULL AS archived
         FROM surface_finishes ORDER BY sort_order, id`,
      )
      return rows
    },
    async findFinish(id: string, q: Queryable = db): Promise<FinishStaffRow | undefined> {
      const { rows } = await q.query<FinishStaffRow>(
        `SELECT id, name, description, spreadsheet_variable, sort_order, archived_at IS NOT NULL AS archived
         FROM surface_finishes WHERE id = $1`,
        [id],
      )
      return rows[0]
    },

    async listColors(q: Queryable = db): Promise<ColorStaffRow[]> {
      const { rows } = await q.query<ColorStaffRow>(
        `${COLOR_SELECT} ORDER BY c.print_mode_id, c.sort_order, c.id`,
      )
      return rows
    },
    async findColor(id: string, q: Queryable = db): Promise<ColorStaffRow | undefined> {
      const { rows } = await q.query<ColorStaffRow>(`${COLOR_SELECT} WHERE c.id = $1`, [id])
      return rows[0]
    },

    async listSteps(q: Queryable = db): Promise<StepStaffRow[]> {
      const { rows } = await q.query<StepStaffRow>(
        `SELECT id, name, sort_order, archived_at IS NOT NULL AS archived FROM processing_steps ORDER BY sort_order, id`,
      )
      return rows
    },
    async findStep(id: string, q: Queryable = db): Promise<StepStaffRow | undefined> {
      const { rows } = await q.query<StepStaffRow>(
        `SELECT id, name, sort_order, archived_at IS NOT NULL AS archived FROM processing_steps WHERE id = $1`,
        [id],
      )
      return rows[0]
    },
    async listOptions(stepId: string | undefined, q: Queryable = db): Promise<OptionStaffRow[]> {
      const { rows } = await q.query<OptionStaffRow>(
        `SELECT id, processing_step_id, name, sort_order, archived_at IS NOT NULL AS archived
         FROM processing_step_options WHERE $1::text IS NULL OR processing_step_id = $1
         ORDER BY processing_step_id, sort_order, id`,
        [stepId ?? null],
      )
      return rows
    },

    async listPrintModes(q: Queryable = db): Promise<PrintModeStaffRow[]> {
      const { rows } = await q.query<PrintModeStaffRow>(`${PRINT_MODE_SELECT} ORDER BY pm.sort_order, pm.id`)
      return rows
    },
    async findPrintMode(id: string, q: Queryable = db): Promise<PrintModeStaffRow | undefined> {
      const { rows } = await q.query<PrintModeStaffRow>(`${PRINT_MODE_SELECT} WHERE pm.id = $1`, [id])
      return rows[0]
    },

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
