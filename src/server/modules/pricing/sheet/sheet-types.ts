/** A price sheet as the print-mode editor saves it: named cells in display order, each a number or `=formula`. */
export interface SheetCellDraft {
  readonly name: string
  readonly formula: string | number
}

export interface SheetDraft {
  readonly cells: readonly SheetCellDraft[]
  /** Variables for the print mode's processing-step options (`option_…`); each holds the chosen quantity or 0. */
  readonly optionVariables?: readonly string[] | undefined
}

/** A saved, immutable sheet version: a new save gets a new id, which is what the compiled-sheet cache keys on. */
export interface SheetSource {
  readonly versionId: string
  readonly draft: SheetDraft
}

export type SheetIssueReason =
  | 'too_many_cells'
  | 'invalid_name'
  | 'reserved_name'
  | 'duplicate_name'
  | 'invalid_option_variable'
  | 'empty_formula'
  | 'formula_too_long'
  | 'syntax_error'
  | 'unknown_name'
  | 'unknown_function'
  | 'wrong_argument_count'
  | 'cycle'
  | 'missing_result_cell'
  | 'invalid_input'
  | 'unknown_option'
  | 'division_by_zero'
  | 'not_finite'
  | 'invalid_argument'
  | 'negative_result'
  | 'result_too_large'
  | 'dependency_failed'

/** One problem, tied to the cell (or variable) it is about; `position` is an offset in that cell's formula. */
export interface SheetIssue {
  readonly cell: string
  readonly reason: SheetIssueReason
  readonly detail?: string | undefined
  readonly position?: number | undefined
}

/** Bounds that keep a saved sheet cheap to compile and impossible to use as a denial of service. */
export const SHEET_LIMITS = {
  maxCells: 200,
  maxFormulaLength: 2_000,
  maxNameLength: 64,
  maxOptionVariables: 100,
  /** A unit price above this is a sheet bug (a volume in mm³ where cm³ was meant), not a real offer. */
  maxUnitNetPriceEur: 10_000_000,
  maxProductionDays: 1_000,
} as const
