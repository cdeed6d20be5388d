import type { Queryable } from '#server/db/db.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'

/**
 * Reads the whole customer-facing catalogue (every white label) in a handful of queries, for the in-memory
 * catalogue cache (catalogue-cache.ts). Archived rows are left out here; inactive print modes too. The staff API
 * reads and writes through staff-catalogue.repo.ts instead.
 */

export interface WhiteLabelRow {
  id: string
  name: string
  api_key: string
  is_default: boolean
}

/** A staff-made API key still in force (migration 011): its SHA-256 and when a rotation ends it. */
export interface ApiKeyRow {
  key_hash: string
  white_label_id: string
  expires_at: Date | null
}

export interface PrintModeRow {
  id: string
  name: LocalizedText
  description: LocalizedText
  surface_quality: LocalizedText
  applications: LocalizedText
  material_name: LocalizedText
  method_name: LocalizedText
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
}

export interface PrintModeWhiteLabelRow {
  print_mode_id: string
  white_label_id: string
}

export interface PrintModeFinishRow {
  print_mode_id: string
  id: string
  name: LocalizedText
  description: LocalizedText
  spreadsheet_variable: number
}

export interface ColorRow {
  id: string
  print_mode_id: string
  name: LocalizedText
  hex: string
  thumbnail_path: string
  hue: number
  spreadsheet_variable: number
  /** Finish ids, in the print mode's finish order (archived finishes left out). */
  finish_ids: string[]
}

export interface ProcessingStepRow {
  print_mode_id: string
  id: string
  name: LocalizedText
}

export interface ProcessingStepOptionRow {
  processing_step_id: string
  id: string
  name: LocalizedText
}

export interface CurrentSheetRow {
  print_mode_id: string
  white_label_id: string
  version_id: string
  version: number
  cells: { name: string; formula: string | number }[]
  option_variables: string[]
}

export interface CatalogueRows {
  /** The catalogue revision the rows were read at (or later: a change during the load triggers another one). */
  revision: number
  whiteLabels: WhiteLabelRow[]
  printModes: PrintModeRow[]
  printModeWhiteLabels: PrintModeWhiteLabelRow[]
  finishes: PrintModeFinishRow[]
  colors: ColorRow[]
  processingSteps: ProcessingStepRow[]
  processingStepOptions: ProcessingStepOptionRow[]
  sheets: CurrentSheetRow[]
  /** Every finish and colour id, archived ones included: "unknown" and "not offered here" are different errors. */
  allFinishIds: string[]
  allColorIds: string[]
  /** Staff-made API keys of live white labels, not revoked (expiry is checked per request). */
  apiKeys?: ApiKeyRow[]
}

/** Print modes a customer can be offered: active, not archived, and neither material nor method archived. */
const OFFERED_PRINT_MODES = `
  SELECT pm.id FROM print_modes pm
  JOIN materials ma ON ma.id = pm.material_id AND ma.archived_at IS NULL
  JOIN methods me ON me.id = pm.method_id AND me.archived_at IS NULL
  WHERE pm.is_active AND pm.archived_at IS NULL`

/** Staff-made API keys in force (expiry is checked per request, so the cache need not reload when one ends). */
const API_KEYS = `
  SELECT k.key_hash, k.white_label_id, k.expires_at FROM white_label_api_keys k
  JOIN white_labels w ON w.id = k.white_label_id AND w.archived_at IS NULL
  WHERE k.revoked_at IS NULL`

/** The offered print modes with their material and method names, in display order. */
const PRINT_MODES = `SELECT pm.id, pm.name, pm.description, pm.surface_quality, pm.applications,
                    ma.name AS material_name, me.name AS method_name,
                    pm.max_x_mm, pm.max_y_mm, pm.max_z_mm, pm.min_feature_size_mm, pm.resolution_xy_mm,
                    pm.resolution_z_mm, pm.ranking_price, pm.ranking_flexibility, pm.ranking_stability,
                    pm.ranking_precision, pm.ranking_wear_resistance, pm.ranking_heat_resistance,
                    pm.ranking_max_parts, pm.ranking_max_incremental_measurement
             FROM print_modes pm
             JOIN materials ma ON ma.id = pm.material_id
             JOIN methods me ON me.id = pm.method_id
             WHERE pm.id IN (${OFFERED_PRINT_MODES})
             ORDER BY pm.sort_order, pm.id`

/** The offered print modes' live finishes, in each mode's order. */
const FINISHES = `SELECT pmsf.print_mode_id, sf.id, sf.name, sf.description, sf.spreadsheet_variable
             FROM print_mode_surface_finishes pmsf
             JOIN surface_finishes sf ON sf.id = pmsf.surface_finish_id AND sf.archived_at IS NULL
             WHERE pmsf.print_mode_id IN (${OFFERED_PRINT_MODES})
             ORDER BY pmsf.print_mode_id, pmsf.sort_order, sf.sort_order, sf.id`

/** The offered print modes' live colours, each with its live finishes in the mode's finish order. */
const COLORS = `SELECT c.id, c.print_mode_id, c.name, c.hex, c.thumbnail_path, c.hue, c.spreadsheet_variable,
                    COALESCE(
                      (SELECT array_agg(csf.surface_finish_id ORDER BY pmsf.sort_order, csf.surface_finish_id)
                       FROM color_surface_finishes csf
                       JOIN surface_finishes sf ON sf.id = csf.surface_finish_id AND sf.archived_at IS NULL
                       LEFT JOIN print_mode_surface_finishes pmsf
                         ON pmsf.surface_finish_id = csf.surface_finish_id AND pmsf.print_mode_id = c.print_mode_id
                       WHERE csf.color_id = c.id),
                      '{}'::text[]) AS finish_ids
             FROM colors c
             WHERE c.archived_at IS NULL AND c.print_mode_id IN (${OFFERED_PRINT_MODES})
             ORDER BY c.print_mode_id, c.sort_order, c.id`

/** The offered print modes' live processing steps, in each mode's order. */
const PROCESSING_STEPS = `SELECT pmps.print_mode_id, ps.id, ps.name
             FROM print_mode_processing_steps pmps
             JOIN processing_steps ps ON ps.id = pmps.processing_step_id AND ps.archived_at IS NULL
             WHERE pmps.print_mode_id IN (${OFFERED_PRINT_MODES})
             ORDER BY pmps.print_mode_id, pmps.sort_order, ps.sort_order, ps.id`

/** Every live processing-step option, in each step's order. */
const PROCESSING_STEP_OPTIONS = `SELECT o.processing_step_id, o.id, o.name
             FROM processing_step_options o
             WHERE o.archived_at IS NULL
             ORDER BY o.processing_step_id, o.sort_order, o.id`

/** The current price sheet version of every print mode and white label that has one. */
const CURRENT_SHEETS = `SELECT ps.print_mode_id, ps.white_label_id, v.id AS version_id, v.version, v.cells, v.option_variables
             FROM price_sheets ps
             JOIN price_sheet_versions v ON v.id = ps.current_version_id`

export function createCatalogueRepo(db: Queryable) {
  async function readRevision(): Promise<number> {
    const { rows } = await db.query<{ revision: number | bigint }>('SELECT revision FROM catalogue_revision')
    return Number(rows[0]?.revision ?? 0)
  }
  return {
    readRevision,

    async loadAll(): Promise<CatalogueRows> {
      const revision = await readRevision()
      const [
        whiteLabels,
        printModes,
        printModeWhiteLabels,
        finishes,
        colors,
        steps,
        options,
        sheets,
        allFinishes,
        allColors,
        apiKeys,
      ] = await Promise.all([
        db.query<WhiteLabelRow>(
          'SELECT id, name, api_key, is_default FROM white_labels WHERE archived_at IS NULL ORDER BY name, id',
        ),
        db.query<PrintModeRow>(PRINT_MODES),
        db.query<PrintModeWhiteLabelRow>(
          'SELECT print_mode_id, white_label_id FROM print_mode_white_labels ORDER BY white_label_id',
        ),
        db.query<PrintModeFinishRow>(FINISHES),
        db.query<ColorRow>(COLORS),
        db.query<ProcessingStepRow>(PROCESSING_STEPS),
        db.query<ProcessingStepOptionRow>(PROCESSING_STEP_OPTIONS),
        db.query<CurrentSheetRow>(CURRENT_SHEETS),
        db.query<{ id: string }>('SELECT id FROM surface_finishes'),
        db.query<{ id: string }>('SELECT id FROM colors'),
        db.query<ApiKeyRow>(API_KEYS),
      ])
      return {
        revision,
        whiteLabels: whiteLabels.rows,
        printModes: printModes.rows,
        printModeWhiteLabels: printModeWhiteLabels.rows,
        finishes: finishes.rows,
        colors: colors.rows,
        processingSteps: steps.rows,
        processingStepOptions: options.rows,
        sheets: sheets.rows,
        allFinishIds: allFinishes.rows.map((row) => row.id),
        allColorIds: allColors.rows.map((row) => row.id),
        apiKeys: apiKeys.rows,
      }
    },
  }
}
export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>
