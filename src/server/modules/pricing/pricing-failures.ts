import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { PricingBatchRequest } from '#shared/contracts/pricing.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { PrintModeEntry } from '#server/modules/catalogue/catalogue.module.ts'
import type { AnalysedObject } from '#server/modules/analysis/analysis.module.ts'
import { configurationPrintability } from '#server/modules/pricing/price-configuration.ts'
import type { SheetCache } from '#server/modules/pricing/sheet/sheet-cache.ts'
import type { CompiledSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { SheetInvalidError, type SheetEvaluationError } from '#server/modules/pricing/sheet/sheet-errors.ts'
import type { SheetSource } from '#server/modules/pricing/sheet/sheet-types.ts'

/**
 * The pricing_failed answers of the pricing service (pricing.service.ts): a print mode without a sheet, a saved
 * sheet that no longer compiles, and a sheet that cannot price one configuration.
 */

/** What a request prices: its analysed object, the unit it is read in and the request itself. */
export interface PricedObject {
  readonly object: AnalysedObject
  readonly unit: UnitOfLength
  readonly request: PricingBatchRequest
}

/** The print mode has no current price sheet for the white label. */
export function missingSheet(printModeId: string, param: number): AppError {
  return new AppError(ErrorCode.PricingFailed, 'The print mode has no price sheet', {
    details: { reason: 'missing_sheet', printModeId, param },
  })
}

/**
 * Saved sheets are checked when saved, so one that does not compile here (an engine that got stricter) is the
 * shop's fault: the shopper gets pricing_failed, the log the sheet's issues.
 */
export function compiledSheet(
  sheets: SheetCache,
  source: SheetSource,
  printModeId: string,
  param: number,
): CompiledSheet {
  try {
    return sheets.get(source.versionId) ?? sheets.getOrCompile(source)
  } catch (error) {
    if (!(error instanceof SheetInvalidError)) throw error
    throw new AppError(ErrorCode.PricingFailed, 'The price of this configuration cannot be calculated', {
      details: { printModeId, param },
      internal: { sheetVersion: source.versionId, sheetIssues: error.sheetIssues },
    })
  }
}

/** A sheet evaluation that failed, as the answer: the shopper's print-mode verdict, the log the failing cell. */
export function evaluationFailed(
  error: SheetEvaluationError,
  priced: PricedObject,
  mode: PrintModeEntry,
  param: number,
  sheetVersion: string,
): AppError {
  const printability = configurationPrintability({
    analysed: priced.object.properties,
    scale: priced.request.objectScale,
    unit: priced.unit,
    printMode: mode.limits,
  })
  // The cell and the sheet version are the shop's internals: the log gets them (with the request id),
  // the shopper a code and the print-mode verdict for their own request.
  return new AppError(ErrorCode.PricingFailed, 'The price of this configuration cannot be calculated', {
    details: {
      printModeId: mode.id,
      param,
      tooLarge: printability.tooLarge,
      tooSmall: printability.tooSmall,
    },
    internal: { cell: error.cell, reason: error.reason, sheetVersion },
  })
}
