import { readResults, type SheetResult } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { analyseSheet } from '#server/modules/pricing/sheet/sheet-analysis.ts'
import { ProgramFault, SheetProgram } from '#server/modules/pricing/sheet/sheet-program.ts'
import type { SheetDraft, SheetIssue, SheetIssueReason } from '#server/modules/pricing/sheet/sheet-types.ts'
import {
  NEUTRAL_CONFIGURATION,
  RESULT_CELLS,
  type PricingTestParameters,
  type SheetInputs,
} from '#server/modules/pricing/sheet/sheet-variables.ts'

export interface SheetTestConfiguration {
  readonly quantity?: number | undefined
  readonly color?: number | undefined
  readonly finish?: number | undefined
  readonly options?: Readonly<Record<string, number>> | undefined
}

export interface TestedCell {
  readonly name: string
  /** Comparisons and AND/OR/NOT show as booleans; null when the cell could not be evaluated. */
  readonly value: number | boolean | null
  readonly reason?: SheetIssueReason | undefined
}

export interface SheetTestReport {
  /** Static issues plus what went wrong evaluating this configuration. Empty means the draft could be saved. */
  readonly issues: readonly SheetIssue[]
  readonly cells: readonly TestedCell[]
  readonly result: SheetResult | null
}

/** Faults that belong to the cell where they happen; the others are reported where they originate. */
const EVALUATION_REASONS: ReadonlySet<SheetIssueReason> = new Set([
  'division_by_zero',
  'not_finite',
  'invalid_argument',
])

/**
 * Evaluates a draft (saved or not) for the editor: every cell's value or the reason it has none, the result, and
 * all issues. Backs `POST /api/print-modes/{id}/price-spreadsheet/test`.
 */
export function testSheet(
  draft: SheetDraft,
  testParameters: PricingTestParameters,
  configuration: SheetTestConfiguration = {},
): SheetTestReport {
  const analysis = analyseSheet(draft)
  const run = runSheetTest(new SheetProgram(analysis), testParameters, configuration)
  return { issues: [...analysis.issues, ...run.issues], cells: run.cells, result: run.result }
}

/** One evaluation of an analysed sheet; `issues` holds only what this configuration revealed. */
export function runSheetTest(
  program: SheetProgram,
  testParameters: PricingTestParameters,
  configuration: SheetTestConfiguration,
): SheetTestReport {
  const issues: SheetIssue[] = []
  const inputs: SheetInputs = {
    ...testParameters,
    quantity: configuration.quantity ?? NEUTRAL_CONFIGURATION.quantity,
    color: configuration.color ?? NEUTRAL_CONFIGURATION.color,
    finish: configuration.finish ?? NEUTRAL_CONFIGURATION.finish,
    options: configuration.options,
  }

  let outcomes
  try {
    outcomes = program.runLenient(inputs)
  } catch (error) {
    if (!(error instanceof ProgramFault)) throw error
    issues.push({ cell: error.cell, reason: error.reason })
    const cells = program.cells.map((cell): TestedCell => ({
      name: cell.displayName,
      value: null,
      reason: error.reason,
    }))
    return { issues, cells, result: null }
  }

  const cells = program.cells.map((cell): TestedCell => {
    const outcome = outcomes.get(cell.name)
    if (!outcome) return { name: cell.displayName, value: null, reason: 'dependency_failed' }
    if (!outcome.ok) {
      if (EVALUATION_REASONS.has(outcome.reason))
        issues.push({ cell: cell.displayName, reason: outcome.reason })
      return { name: cell.displayName, value: null, reason: outcome.reason }
    }
    return { name: cell.displayName, value: cell.type === 'boolean' ? outcome.value !== 0 : outcome.value }
  })

  const price = outcomes.get(RESULT_CELLS.unitNetPrice)
  const days = outcomes.get(RESULT_CELLS.productionDays)
  const printable = outcomes.get(RESULT_CELLS.printable)
  if (!price?.ok || !days?.ok || (printable !== undefined && !printable.ok))
    return { issues, cells, result: null }
  const read = readResults(price.value, days.value, true)
  if (!read.ok) {
    issues.push({ cell: read.cell, reason: read.reason })
    return { issues, cells, result: null }
  }
  return { issues, cells, result: { ...read.result, printable: printable ? printable.value !== 0 : true } }
}
