import { RANKING_LABELS, type RankingLabel } from '#shared/contracts/print-modes.contract.ts'
import type {
  CreatePrintMode,
  StaffPrintMode,
  UpdatePrintMode,
} from '#shared/contracts/staff-catalogue.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { PrintModeLinks, PrintModeStaffRow } from '#server/modules/catalogue/staff/print-modes.repo.ts'
import { notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'
import { DEFAULT_PRICING_TEST_PARAMETERS } from '#server/modules/pricing/pricing.module.ts'

const rankingColumn = {
  price: 'ranking_price',
  flexibility: 'ranking_flexibility',
  stability: 'ranking_stability',
  precision: 'ranking_precision',
  wearResistance: 'ranking_wear_resistance',
  heatResistance: 'ranking_heat_resistance',
  maxNumberOfParts: 'ranking_max_parts',
  maxIncrementalMeasurement: 'ranking_max_incremental_measurement',
} as const satisfies Record<RankingLabel, keyof PrintModeStaffRow>

export function toStaffPrintMode(row: PrintModeStaffRow): StaffPrintMode {
  return {
    id: row.id,
    materialId: row.material_id,
    methodId: row.method_id,
    name: row.name,
    description: row.description,
    surfaceQuality: row.surface_quality,
    applications: row.applications,
    maxDimensions: { x: row.max_x_mm, y: row.max_y_mm, z: row.max_z_mm },
    minFeatureSize: row.min_feature_size_mm,
    resolutionXY: row.resolution_xy_mm,
    resolutionZ: row.resolution_z_mm,
    ranking: Object.fromEntries(RANKING_LABELS.map((label) => [label, row[rankingColumn[label]]])) as Record<
      RankingLabel,
      number
    >,
    sortOrder: row.sort_order,
    isActive: row.is_active,
    whiteLabelIds: row.white_label_ids,
    surfaceFinishIds: row.finish_ids,
    processingStepIds: row.step_ids,
    pricingTestParameters: { ...DEFAULT_PRICING_TEST_PARAMETERS, ...row.pricing_test_parameters },
    archived: row.archived,
    currentSheetVersionId: row.current_sheet_version_id,
  }
}

/** Each link list of a print mode: the table its ids must name and the validation code when one does not. */
const LINK_TARGETS = {
  whiteLabelIds: { table: 'white_labels', code: 'unknown_white_label' },
  surfaceFinishIds: { table: 'surface_finishes', code: 'unknown_surface_finish' },
  processingStepIds: { table: 'processing_steps', code: 'unknown_processing_step' },
} as const satisfies Record<keyof PrintModeLinks, { table: string; code: string }>

/** The staff API's print modes and their links to white labels, finishes and processing steps. */
export function createStaffPrintModeService({ db, repo, write, requireIds }: StaffContext) {
  async function printMode(id: string, q: Queryable = db): Promise<StaffPrintMode> {
    const row = await repo.findPrintMode(id, q)
    if (row === undefined) throw notFound('print mode', id)
    return toStaffPrintMode(row)
  }

  /** Replaces each link list the input names, after checking its ids; the others stay. */
  async function replaceLinks(tx: Queryable, id: string, input: PrintModeLinks): Promise<void> {
    for (const links of ['whiteLabelIds', 'surfaceFinishIds', 'processingStepIds'] as const) {
      const ids = input[links]
      if (ids === undefined) continue
      await requireIds(tx, LINK_TARGETS[links].table, ids, [links], LINK_TARGETS[links].code)
      await repo.replacePrintModeLinks(tx, id, links, ids)
    }
  }

  async function requireOwners(tx: Queryable, input: Pick<UpdatePrintMode, 'materialId' | 'methodId'>) {
    if (input.materialId !== undefined)
      await requireIds(tx, 'materials', [input.materialId], ['materialId'], 'unknown_material')
    if (input.methodId !== undefined)
      await requireIds(tx, 'methods', [input.methodId], ['methodId'], 'unknown_method')
  }

  return {
    async listPrintModes(): Promise<StaffPrintMode[]> {
      return (await repo.listPrintModes(db)).map(toStaffPrintMode)
    },
    getPrintMode: (id: string) => printMode(id),

    async createPrintMode(userId: string, input: CreatePrintMode): Promise<StaffPrintMode> {
      const id = newId()
      return write(userId, 'create', 'print-mode', id, async (tx) => {
        await requireOwners(tx, input)
        const pricingTestParameters = input.pricingTestParameters ?? DEFAULT_PRICING_TEST_PARAMETERS
        await repo.insertPrintMode(tx, id, { ...input, pricingTestParameters })
        await replaceLinks(tx, id, input)
        return printMode(id, tx)
      })
    },

    async updatePrintMode(userId: string, id: string, input: UpdatePrintMode): Promise<StaffPrintMode> {
      const change = async (tx: Queryable) => {
        const before = await repo.findPrintMode(id, tx)
        if (before === undefined) throw notFound('print mode', id)
        await requireOwners(tx, input)
        await repo.updatePrintMode(tx, id, { ...toStaffPrintMode(before), ...input })
        await replaceLinks(tx, id, input)
        return printMode(id, tx)
      }
      return write(userId, 'update', 'print-mode', id, change, input)
    },
  }
}
