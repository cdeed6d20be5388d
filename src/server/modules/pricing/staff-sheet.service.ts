import type { z } from 'zod'
import type { SheetVersion } from '#shared/contracts/price-sheet.contract.ts'
import type {
  EvaluateSheetRequestSchema,
  EvaluateSheetResponse,
  ReplaySheetRequestSchema,
  ReplaySheetResponse,
  SheetDiffResponse,
  StaffUploadListResponse,
} from '#shared/contracts/staff-sheet.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { AnalysedUploadQuery as StaffUploadListQuery } from '#server/modules/analysis/analysis.module.ts'
import type { AnalysisModuleService } from '#server/modules/analysis/analysis.module.ts'
import type { StaffCatalogueRepo } from '#server/modules/catalogue/catalogue.module.ts'
import type { PriceSheetService } from '#server/modules/pricing/price-sheet.service.ts'
import { diffOptionVariables, diffSheetVersions } from '#server/modules/pricing/sheet-diff.ts'
import {
  newestOf,
  replaySheet,
  type PricedConfigurationSource,
  type ReplayItem,
} from '#server/modules/pricing/sheet-replay.ts'
import { compileSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import type { PricingTestParameters } from '#server/modules/pricing/sheet/sheet-variables.ts'

/**
 * The sheet editor's staff operations beyond saving (issue 17): evaluation against an analysed object, version diff
 * and restore, and the replay of decision 0104. Saving and validation stay in price-sheet.service.ts.
 */
export interface StaffSheetServiceDeps {
  sheets: PriceSheetService
  catalogue: Pick<StaffCatalogueRepo, 'listColors' | 'listFinishes'>
  analysis: Pick<AnalysisModuleService, 'findAnalysedObject' | 'findAnalysedUpload' | 'listAnalysedUploads'>
  /** The open carts' items and the placed orders' lines (decision 0114). */
  pricedConfigurations: readonly PricedConfigurationSource[]
}

/** A version without its cells, as lists and diffs show it. */
function headerOf(version: SheetVersion): SheetDiffResponse['from'] {
  const { cells: _cells, optionVariables: _variables, ...header } = version
  return header
}

export function createStaffSheetService(deps: StaffSheetServiceDeps) {
  /**
   * An analysed object's measures as test parameters: millimetres at scale 1 in the unit it was uploaded with, the
   * same numbers the object picker lists (decision 0114).
   */
  async function testParametersOf(objectId: string): Promise<PricingTestParameters> {
    const upload = await deps.analysis.findAnalysedUpload(objectId)
    if (upload === undefined) {
      throw new AppError(ErrorCode.NotFound, 'Unknown 3D object', {
        details: { resource: 'object', id: objectId },
      })
    }
    return upload.measures
  }

  async function replayItems(printModeId: string, whiteLabelId: string | undefined, limit: number) {
    const [lists, colors, finishes] = await Promise.all([
      Promise.all(deps.pricedConfigurations.map((source) => source.recent(printModeId, whiteLabelId, limit))),
      deps.catalogue.listColors(),
      deps.catalogue.listFinishes(),
    ])
    const colorVariable = new Map(colors.map((row) => [row.id, row.spreadsheet_variable]))
    const finishVariable = new Map(finishes.map((row) => [row.id, row.spreadsheet_variable]))
    return Promise.all(
      newestOf(lists, limit).map(async (configuration): Promise<ReplayItem> => ({
        configuration,
        analysed: await deps.analysis.findAnalysedObject(configuration.modelFileId),
        // The neutral 1 is what pricing uses for a print mode without colours or finishes.
        colorVariable: colorVariable.get(configuration.colorId ?? '') ?? 1,
        finishVariable: finishVariable.get(configuration.finishId ?? '') ?? 1,
      })),
    )
  }

  return {
    async evaluate(
      printModeId: string,
      input: z.output<typeof EvaluateSheetRequestSchema>,
    ): Promise<EvaluateSheetResponse> {
      const { objectId, ...rest } = input
      const testParameters = objectId === undefined ? rest.testParameters : await testParametersOf(objectId)
      return deps.sheets.test(printModeId, { ...rest, testParameters })
    },

    /** The object picker's list (decision 0114). */
    uploads(query: StaffUploadListQuery): Promise<StaffUploadListResponse> {
      return deps.analysis.listAnalysedUploads(query)
    },

    async diff(versionId: string, againstId: string): Promise<SheetDiffResponse> {
      const [from, to] = await Promise.all([deps.sheets.version(againstId), deps.sheets.version(versionId)])
      if (from.printModeId !== to.printModeId || from.whiteLabelId !== to.whiteLabelId) {
        throw new AppError(ErrorCode.ValidationFailed, 'Both versions must belong to one sheet', {
          issues: [{ path: ['against'], code: 'other_sheet' }],
        })
      }
      return {
        from: headerOf(from),
        to: headerOf(to),
        cells: diffSheetVersions(from, to),
        optionVariables: diffOptionVariables(from, to),
      }
    },

    /** An old version's cells saved again as the newest version (validated and audited like any save). */
    async restore(userId: string, versionId: string): Promise<SheetVersion> {
      const old = await deps.sheets.version(versionId)
      return deps.sheets.save(userId, old.printModeId, {
        cells: old.cells,
        optionVariables: old.optionVariables,
        whiteLabelId: old.whiteLabelId,
      })
    },

    async replay(
      printModeId: string,
      input: z.output<typeof ReplaySheetRequestSchema>,
    ): Promise<ReplaySheetResponse> {
      await deps.sheets.versions(printModeId, input.whiteLabelId) // 404 for an unknown print mode or white label
      const sheet = compileSheet({
        versionId: 'draft',
        draft: { cells: input.cells, optionVariables: input.optionVariables },
      })
      return replaySheet(sheet, await replayItems(printModeId, input.whiteLabelId, input.limit))
    },
  }
}
export type StaffSheetService = ReturnType<typeof createStaffSheetService>
