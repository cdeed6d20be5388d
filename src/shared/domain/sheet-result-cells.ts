/**
 * The result cells pricing reads from a price sheet by name (docs/pricing). Shared so the sheet editor can start an
 * empty sheet with the cells the formula engine requires, and the engine checks the same names.
 */
export const SHEET_RESULT_CELLS = {
  unitNetPrice: 'unit_net_price_eur',
  productionDays: 'production_days',
  /** Optional: without it every object the sheet prices counts as printable. */
  printable: 'printable',
} as const

/** The result cells a sheet cannot be saved without (the engine's `missing_result_cell`). */
export const REQUIRED_SHEET_RESULT_CELLS = [
  SHEET_RESULT_CELLS.unitNetPrice,
  SHEET_RESULT_CELLS.productionDays,
] as const
