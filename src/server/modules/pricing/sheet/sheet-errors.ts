import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { SheetIssue, SheetIssueReason } from '#server/modules/pricing/sheet/sheet-types.ts'

/** A sheet that fails validation: 422 sheet_invalid with one issue per problem, path `['cells', cellName]`. */
export class SheetInvalidError extends AppError {
  readonly sheetIssues: readonly SheetIssue[]

  constructor(issues: readonly SheetIssue[], versionId?: string) {
    super(ErrorCode.SheetInvalid, 'price sheet is invalid', {
      issues: issues.map((issue) => ({
        path: ['cells', issue.cell],
        code: issue.reason,
        ...(issue.detail === undefined ? {} : { message: issue.detail }),
      })),
      ...(versionId === undefined ? {} : { details: { sheetVersion: versionId } }),
    })
    this.name = 'SheetInvalidError'
    this.sheetIssues = issues
  }
}

/** A valid sheet that cannot price this configuration: 422 pricing_failed naming the cell; never a default price. */
export class SheetEvaluationError extends AppError {
  readonly cell: string
  readonly reason: SheetIssueReason

  constructor(cell: string, reason: SheetIssueReason, versionId: string) {
    super(ErrorCode.PricingFailed, `price sheet cell ${cell}: ${reason}`, {
      details: { cell, reason, sheetVersion: versionId },
    })
    this.name = 'SheetEvaluationError'
    this.cell = cell
    this.reason = reason
  }
}
