import { SHEET_RESULT_CELLS } from '#shared/domain/sheet-result-cells.ts'

/**
 * The variables a price sheet can read, one definition each (docs/pricing/variables.md explains them at length and
 * a test keeps the two in step). Lengths are millimetres after the file's unit of length and the user's scale.
 */
export interface SheetModelInputs {
  readonly xMm: number
  readonly yMm: number
  readonly zMm: number
  readonly internalVolumeMm3: number
  readonly externalVolumeMm3: number
  readonly surfaceAreaMm2: number
  readonly minXMm: number
  readonly maxXMm: number
  readonly maxYMm: number
}

/** The print-mode editor's pricing test parameters (part 2 §3) are exactly the model inputs. */
export type PricingTestParameters = SheetModelInputs

export interface SheetInputs extends SheetModelInputs {
  readonly quantity: number
  readonly color: number
  readonly finish: number
  /** Processing-step option variables declared by the sheet; an undeclared key is an error, a missing one is 0. */
  readonly options?: Readonly<Record<string, number>> | undefined
}

export type SheetInputKey = Exclude<keyof SheetInputs, 'options'>

export interface SheetVariable {
  readonly name: string
  readonly input: SheetInputKey
  readonly unit: string
  readonly meaning: string
}

export const SHEET_VARIABLES: readonly SheetVariable[] = [
  { name: 'x_mm', input: 'xMm', unit: 'mm', meaning: 'bounding-box size along X' },
  { name: 'y_mm', input: 'yMm', unit: 'mm', meaning: 'bounding-box size along Y' },
  { name: 'z_mm', input: 'zMm', unit: 'mm', meaning: 'bounding-box size along Z (build height as uploaded)' },
  { name: 'internal_volume_mm3', input: 'internalVolumeMm3', unit: 'mm³', meaning: 'material volume' },
  {
    name: 'external_volume_mm3',
    input: 'externalVolumeMm3',
    unit: 'mm³',
    meaning: 'volume inside the outer skin',
  },
  { name: 'surface_area_mm2', input: 'surfaceAreaMm2', unit: 'mm²', meaning: 'total surface area' },
  { name: 'min_x_mm', input: 'minXMm', unit: 'mm', meaning: 'smallest X coordinate of the model' },
  { name: 'max_x_mm', input: 'maxXMm', unit: 'mm', meaning: 'largest X coordinate of the model' },
  { name: 'max_y_mm', input: 'maxYMm', unit: 'mm', meaning: 'largest Y coordinate of the model' },
  { name: 'quantity', input: 'quantity', unit: 'pieces', meaning: 'pieces on this cart line' },
  { name: 'color', input: 'color', unit: 'none', meaning: "the chosen colour's spreadsheet variable" },
  {
    name: 'finish',
    input: 'finish',
    unit: 'none',
    meaning: "the chosen surface finish's spreadsheet variable",
  },
]

/** Processing-step option variables must carry this prefix, so they can never shadow a built-in variable. */
export const OPTION_VARIABLE_PREFIX = 'option_'

/** The required result cells, and the optional one (shared: the sheet editor starts an empty sheet with them). */
export const RESULT_CELLS = SHEET_RESULT_CELLS

export const NAME_PATTERN = /^[a-z_][a-z0-9_]*$/

/** Neutral values used when a sheet is tested without a concrete configuration. */
export const NEUTRAL_CONFIGURATION = { quantity: 1, color: 1, finish: 1 } as const
