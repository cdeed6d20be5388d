import { RANKING_LABELS } from '#shared/contracts/print-modes.contract.ts'
import type { CreatePrintMode, UpdatePrintMode } from '#shared/contracts/staff-catalogue.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'
import { type LinkTable, replaceLinks } from '#server/db/replace-links.ts'

/** SQL of the staff API's print modes and their white label, finish and processing step links. */

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

/** A print mode's own columns, as the staff API writes them (links apart). */
export type PrintModeColumns = Omit<
  CreatePrintMode,
  'whiteLabelIds' | 'surfaceFinishIds' | 'processingStepIds' | 'pricingTestParameters'
> & { pricingTestParameters: object }

export type PrintModeLinks = Pick<UpdatePrintMode, 'whiteLabelIds' | 'surfaceFinishIds' | 'processingStepIds'>

/** Each link list of a print mode and its table; finishes and steps keep the list's order. */
export const PRINT_MODE_LINKS = {
  whiteLabelIds: {
    table: 'print_mode_white_labels',
    ownerColumn: 'print_mode_id',
    linkColumn: 'white_label_id',
  },
  surfaceFinishIds: {
    table: 'print_mode_surface_finishes',
    ownerColumn: 'print_mode_id',
    linkColumn: 'surface_finish_id',
    orderColumn: 'sort_order',
  },
  processingStepIds: {
    table: 'print_mode_processing_steps',
    ownerColumn: 'print_mode_id',
    linkColumn: 'processing_step_id',
    orderColumn: 'sort_order',
  },
} as const satisfies Record<keyof PrintModeLinks, LinkTable>

const json = (value: unknown) => JSON.stringify(value)

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

/** The values after the id, in the column order both the insert and the update use ($2 … $24). */
function columnValues(mode: PrintModeColumns): unknown[] {
  return [
    mode.materialId,
    mode.methodId,
    json(mode.name),
    json(mode.description),
    json(mode.surfaceQuality),
    json(mode.applications),
    mode.maxDimensions.x,
    mode.maxDimensions.y,
    mode.maxDimensions.z,
    mode.minFeatureSize,
    mode.resolutionXY,
    mode.resolutionZ,
    ...RANKING_LABELS.map((label) => mode.ranking[label]),
    mode.sortOrder,
    mode.isActive,
    json(mode.pricingTestParameters),
  ]
}

export function createStaffPrintModeRepo(db: Queryable) {
  return {
    async listPrintModes(q: Queryable = db): Promise<PrintModeStaffRow[]> {
      const { rows } = await q.query<PrintModeStaffRow>(`${PRINT_MODE_SELECT} ORDER BY pm.sort_order, pm.id`)
      return rows
    },
    async findPrintMode(id: string, q: Queryable = db): Promise<PrintModeStaffRow | undefined> {
      const { rows } = await q.query<PrintModeStaffRow>(`${PRINT_MODE_SELECT} WHERE pm.id = $1`, [id])
      return rows[0]
    },
    async insertPrintMode(tx: Queryable, id: string, mode: PrintModeColumns): Promise<void> {
      await tx.query(
        `INSERT INTO print_modes (
             id, material_id, method_id, name, description, surface_quality, applications,
             max_x_mm, max_y_mm, max_z_mm, min_feature_size_mm, resolution_xy_mm, resolution_z_mm,
             ranking_price, ranking_flexibility, ranking_stability, ranking_precision, ranking_wear_resistance,
             ranking_heat_resistance, ranking_max_parts, ranking_max_incremental_measurement, sort_order, is_active,
             pricing_test_parameters)
           VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13,
             $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24::jsonb)`,
        [id, ...columnValues(mode)],
      )
    },
    async updatePrintMode(tx: Queryable, id: string, mode: PrintModeColumns): Promise<void> {
      await tx.query(
        `UPDATE print_modes SET material_id = $2, method_id = $3, name = $4::jsonb, description = $5::jsonb,
             surface_quality = $6::jsonb, applications = $7::jsonb, max_x_mm = $8, max_y_mm = $9, max_z_mm = $10,
             min_feature_size_mm = $11, resolution_xy_mm = $12, resolution_z_mm = $13, ranking_price = $14,
             ranking_flexibility = $15, ranking_stability = $16, ranking_precision = $17,
             ranking_wear_resistance = $18, ranking_heat_resistance = $19, ranking_max_parts = $20,
             ranking_max_incremental_measurement = $21, sort_order = $22, is_active = $23,
             pricing_test_parameters = $24::jsonb, updated_at = now()
           WHERE id = $1`,
        [id, ...columnValues(mode)],
      )
    },
    /** Replaces one link list of a print mode (its white labels, finishes or processing steps). */
    async replacePrintModeLinks(
      tx: Queryable,
      id: string,
      links: keyof PrintModeLinks,
      ids: readonly string[],
    ): Promise<void> {
      await replaceLinks(tx, PRINT_MODE_LINKS[links], id, ids)
    },
  }
}
