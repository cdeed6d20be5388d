import { analyseSheet } from '#server/modules/pricing/sheet/sheet-analysis.ts'
import { SheetProgram } from '#server/modules/pricing/sheet/sheet-program.ts'
import type { SheetDraft, SheetIssue } from '#server/modules/pricing/sheet/sheet-types.ts'
import type { PricingTestParameters } from '#server/modules/pricing/sheet/sheet-variables.ts'
import { runSheetTest } from '#server/modules/pricing/sheet/test-sheet.ts'

export interface SheetValidationContext {
  /** The spreadsheet variables of the print mode's colours and finishes; each combination is tried. */
  readonly colorValues?: readonly number[] | undefined
  readonly finishValues?: readonly number[] | undefined
}

/**
 * Validation on save: the static issues, plus an evaluation with the print mode's pricing test parameters (part 2
 * §3) for every colour × finish value, quantity 1 and no processing options. Both results must be finite and not
 * negative. Returns `{cell, reason}` issues; an empty list means the draft may be saved.
 */
export function validateSheet(
  draft: SheetDraft,
  testParameters: PricingTestParameters,
  context: SheetValidationContext = {},
): SheetIssue[] {
  const analysis = analyseSheet(draft)
  const program = new SheetProgram(analysis)
  const colors = context.colorValues?.length ? context.colorValues : [1]
  const finishes = context.finishValues?.length ? context.finishValues : [1]
  const varied = colors.length > 1 || finishes.length > 1
  const issues: SheetIssue[] = [...analysis.issues]
  const seen = new Set<string>()
  for (const color of colors) {
    for (const finish of finishes) {
      for (const issue of runSheetTest(program, testParameters, { color, finish }).issues) {
        const key = `${issue.cell}\u0000${issue.reason}`
        if (seen.has(key)) continue
        seen.add(key)
        issues.push(varied ? { ...issue, detail: `color ${color}, finish ${finish}` } : issue)
      }
    }
  }
  return issues
}
