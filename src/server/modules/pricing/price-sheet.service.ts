import type {
  SaveSheetRequestSchema,
  SheetVersion,
  TestSheetRequestSchema,
  TestSheetResponse,
} from '#shared/contracts/price-sheet.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { z } from 'zod'
import type { Db } from '#server/db/db.ts'
import {
  toStaffPrintMode,
  type CatalogueCache,
  type StaffCatalogueRepo,
} from '#server/modules/catalogue/catalogue.module.ts'
import type { PriceSheetRepo, SheetVersionRow } from '#server/modules/pricing/price-sheet.repo.ts'
import type { SheetDraft } from '#server/modules/pricing/sheet/sheet-types.ts'
import { testSheet } from '#server/modules/pricing/sheet/test-sheet.ts'
import { validateSheet } from '#server/modules/pricing/sheet/validate-sheet.ts'

/**
 * Saving and testing price sheets (docs/decisions/0051-price-sheet-versions.md). A save validates the draft with the
 * print mode's pricing test parameters and every colour × finish value it offers, then appends an immutable
 * version; the catalogue cache then serves it to pricing. Testing evaluates a draft without saving anything.
 */

export function toSheetVersion(row: SheetVersionRow): SheetVersion {
  return {
    id: row.id,
    printModeId: row.print_mode_id,
    whiteLabelId: row.white_label_id,
    version: row.version,
    cells: row.cells,
    optionVariables: row.option_variables,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    current: row.current,
  }
}

/** A draft that fails validation: each issue names its cell. */
function sheetInvalid(issues: ReturnType<typeof validateSheet>): AppError {
  return new AppError(ErrorCode.SheetInvalid, 'price sheet is invalid', {
    issues: issues.map((issue) => ({
      path: ['cells', issue.cell],
      code: issue.reason,
      ...(issue.detail === undefined ? {} : { message: issue.detail }),
    })),
    details: { sheetIssues: issues },
  })
}

export interface PriceSheetServiceDeps {
  db: Db
  sheets: PriceSheetRepo
  catalogue: StaffCatalogueRepo
  cache: Pick<CatalogueCache, 'invalidate'>
}

/** The print mode a sheet belongs to, for staff: a NotFound error when it does not exist. */
async function printModeOf(catalogue: StaffCatalogueRepo, printModeId: string) {
  const row = await catalogue.findPrintMode(printModeId)
  if (row === undefined) {
    throw new AppError(ErrorCode.NotFound, 'Unknown print mode', {
      details: { resource: 'printMode', id: printModeId },
    })
  }
  return toStaffPrintMode(row)
}

/** The white label a sheet is for: the default one when none is named, a NotFound error for an unknown one. */
async function whiteLabelOf(
  catalogue: StaffCatalogueRepo,
  whiteLabelId: string | undefined,
): Promise<string> {
  if (whiteLabelId === undefined) {
    const id = await catalogue.defaultWhiteLabelId()
    if (id === undefined) throw new AppError(ErrorCode.ServiceUnavailable, 'No default white label')
    return id
  }
  if ((await catalogue.findWhiteLabel(whiteLabelId)) === undefined) {
    throw new AppError(ErrorCode.NotFound, 'Unknown white label', {
      details: { resource: 'whiteLabel', id: whiteLabelId },
    })
  }
  return whiteLabelId
}

/** The spreadsheet variables the print mode's colours and finishes can take: each is tried on save. */
async function variableValues(
  catalogue: StaffCatalogueRepo,
  printModeId: string,
  finishIds: readonly string[],
) {
  const [colors, finishes] = await Promise.all([catalogue.listColors(), catalogue.listFinishes()])
  const colorValues = new Set(
    colors.filter((c) => c.print_mode_id === printModeId && !c.archived).map((c) => c.spreadsheet_variable),
  )
  const finishValues = new Set(
    finishes.filter((f) => finishIds.includes(f.id) && !f.archived).map((f) => f.spreadsheet_variable),
  )
  return { colorValues: [...colorValues], finishValues: [...finishValues] }
}

/** A test report in the answer's shape: plain copies of its issues, cells and result. */
function testResponse(
  report: ReturnType<typeof testSheet>,
  testParameters: TestSheetResponse['testParameters'],
): TestSheetResponse {
  return {
    issues: report.issues.map((issue) => ({ ...issue })),
    cells: report.cells.map((cell) => ({ ...cell })),
    result: report.result && { ...report.result },
    testParameters,
  }
}

export function createPriceSheetService(deps: PriceSheetServiceDeps) {
  return {
    async current(printModeId: string, whiteLabelId: string | undefined): Promise<SheetVersion> {
      await printModeOf(deps.catalogue, printModeId)
      const row = await deps.sheets.currentVersion(
        printModeId,
        await whiteLabelOf(deps.catalogue, whiteLabelId),
      )
      if (row === undefined) {
        throw new AppError(ErrorCode.NotFound, 'The print mode has no price sheet yet', {
          details: { resource: 'priceSheet', printModeId },
        })
      }
      return toSheetVersion(row)
    },

    async versions(printModeId: string, whiteLabelId: string | undefined): Promise<SheetVersion[]> {
      await printModeOf(deps.catalogue, printModeId)
      return (
        await deps.sheets.listVersions(printModeId, await whiteLabelOf(deps.catalogue, whiteLabelId))
      ).map(toSheetVersion)
    },

    async version(versionId: string): Promise<SheetVersion> {
      const row = await deps.sheets.findVersion(versionId)
      if (row === undefined) {
        throw new AppError(ErrorCode.NotFound, 'Unknown price sheet version', {
          details: { resource: 'priceSheetVersion', id: versionId },
        })
      }
      return toSheetVersion(row)
    },

    async save(
      userId: string,
      printModeId: string,
      input: z.output<typeof SaveSheetRequestSchema>,
    ): Promise<SheetVersion> {
      const printMode = await printModeOf(deps.catalogue, printModeId)
      const whiteLabelId = await whiteLabelOf(deps.catalogue, input.whiteLabelId)
      const draft: SheetDraft = { cells: input.cells, optionVariables: input.optionVariables }
      const issues = validateSheet(
        draft,
        printMode.pricingTestParameters,
        await variableValues(deps.catalogue, printModeId, printMode.surfaceFinishIds),
      )
      if (issues.length > 0) throw sheetInvalid(issues)
      try {
        const row = await deps.db.transaction(async (tx) => {
          const saved = await deps.sheets.saveVersion(tx, { printModeId, whiteLabelId, draft, userId })
          await deps.catalogue.audit(tx, {
            userId,
            action: 'save_sheet',
            entity: 'print-mode',
            entityId: printModeId,
            details: { versionId: saved.id, version: saved.version, whiteLabelId },
          })
          return saved
        })
        return toSheetVersion(row)
      } finally {
        deps.cache.invalidate()
      }
    },

    async test(
      printModeId: string,
      input: z.output<typeof TestSheetRequestSchema>,
    ): Promise<TestSheetResponse> {
      const printMode = await printModeOf(deps.catalogue, printModeId)
      const testParameters = input.testParameters ?? printMode.pricingTestParameters
      const report = testSheet(
        { cells: input.cells, optionVariables: input.optionVariables },
        testParameters,
        input.configuration ?? {},
      )
      return testResponse(report, testParameters)
    },
  }
}
export type PriceSheetService = ReturnType<typeof createPriceSheetService>
