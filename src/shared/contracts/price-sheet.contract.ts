import { z } from 'zod'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import { PricingTestParametersSchema } from '#shared/contracts/staff-catalogue.contract.ts'

/**
 * Price spreadsheets (spec part 2 §2 print-mode editor, §3 "price spreadsheet per white label (default name
 * Standard)", pricing test parameters; docs/pricing/*.md). Every save is a new immutable version; a price names the
 * version that computed it (`sheetVersion`). Staff only.
 *
 * - `GET  /api/staff/print-modes/{id}/price-spreadsheet[?whiteLabelId=]`: the current version
 * - `GET  /api/staff/print-modes/{id}/price-spreadsheet/versions[?whiteLabelId=]`: every version, newest first
 * - `GET  /api/staff/price-spreadsheet-versions/{versionId}`: one version, as it was saved
 * - `PUT  /api/staff/print-modes/{id}/price-spreadsheet`: validate and save a new version (422 sheet_invalid)
 * - `POST /api/print-modes/{id}/price-spreadsheet/test`: evaluate a draft, every cell's value
 */
export const priceSheetPaths = {
  current: (printModeId: string) =>
    `/api/staff/print-modes/${encodeURIComponent(printModeId)}/price-spreadsheet`,
  versions: (printModeId: string) =>
    `/api/staff/print-modes/${encodeURIComponent(printModeId)}/price-spreadsheet/versions`,
  version: (versionId: string) => `/api/staff/price-spreadsheet-versions/${encodeURIComponent(versionId)}`,
  test: (printModeId: string) => `/api/print-modes/${encodeURIComponent(printModeId)}/price-spreadsheet/test`,
} as const

/** Limits repeated from the sheet engine (SHEET_LIMITS); the engine reports finer issues per cell. */
const MAX_CELLS = 200
const MAX_FORMULA_LENGTH = 2_000
const MAX_OPTION_VARIABLES = 100

export const SheetCellSchema = z.strictObject({
  name: z.string().max(200),
  /** A number, or a formula starting with `=` (docs/pricing/sheet-formulas.md). */
  formula: z.union([z.number(), z.string().max(MAX_FORMULA_LENGTH + 1)]),
})
export type SheetCell = z.infer<typeof SheetCellSchema>

const draftFields = {
  cells: z.array(SheetCellSchema).max(MAX_CELLS + 1),
  optionVariables: z
    .array(z.string().max(200))
    .max(MAX_OPTION_VARIABLES + 1)
    .default([]),
}

export const SaveSheetRequestSchema = z.strictObject({
  ...draftFields,
  /** The white label whose sheet this is; the default white label ("Standard") when omitted. */
  whiteLabelId: IdSchema.optional(),
})
export type SaveSheetRequest = z.input<typeof SaveSheetRequestSchema>

export const SheetVersionSchema = z.object({
  id: IdSchema,
  printModeId: IdSchema,
  whiteLabelId: IdSchema,
  version: z.number().int().min(1),
  cells: z.array(z.object({ name: z.string(), formula: z.union([z.number(), z.string()]) })),
  optionVariables: z.array(z.string()),
  createdBy: IdSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Whether this is the version prices are computed with now. */
  current: z.boolean(),
})
export type SheetVersion = z.infer<typeof SheetVersionSchema>

export const SheetVersionResponseSchema = z.object({ version: SheetVersionSchema })
export type SheetVersionResponse = z.infer<typeof SheetVersionResponseSchema>

export const SheetVersionListResponseSchema = z.object({
  versions: z.array(SheetVersionSchema.omit({ cells: true, optionVariables: true })),
})
export type SheetVersionListResponse = z.infer<typeof SheetVersionListResponseSchema>

export const SheetIssueSchema = z.object({
  cell: z.string(),
  reason: z.string(),
  detail: z.string().optional(),
  position: z.number().int().optional(),
})
export type SheetIssueOutput = z.infer<typeof SheetIssueSchema>

export const TestSheetRequestSchema = z.strictObject({
  ...draftFields,
  /** Defaults to the print mode's stored pricing test parameters. */
  testParameters: PricingTestParametersSchema.optional(),
  /** Quantity, colour and finish variables and option quantities to test with; neutral (1, 1, 1) by default. */
  configuration: z
    .strictObject({
      quantity: z.number().int().min(1).max(1_000_000).optional(),
      color: z.number().min(-1_000_000).max(1_000_000).optional(),
      finish: z.number().min(-1_000_000).max(1_000_000).optional(),
      options: z.record(z.string().max(200), z.number().min(0).max(1_000_000)).optional(),
    })
    .optional(),
})
export type TestSheetRequest = z.input<typeof TestSheetRequestSchema>

export const TestSheetResponseSchema = z.object({
  /** Empty means the draft could be saved as it is (for this configuration). */
  issues: z.array(SheetIssueSchema),
  cells: z.array(
    z.object({
      name: z.string(),
      value: z.union([z.number(), z.boolean()]).nullable(),
      reason: z.string().optional(),
    }),
  ),
  result: z
    .object({
      unitNetPriceEur: z.number(),
      netUnitCents: z.number().int(),
      productionDays: z.number().int(),
      printable: z.boolean(),
    })
    .nullable(),
  testParameters: PricingTestParametersSchema,
})
export type TestSheetResponse = z.infer<typeof TestSheetResponseSchema>

// ---------------------------------------------------------------------------------------------------------------
// Route parameters

export const PriceSheetParamsSchema = z.strictObject({ id: IdSchema })
export const SheetVersionParamsSchema = z.strictObject({ versionId: IdSchema })
/** Without `whiteLabelId`: the default sheet of the print mode. */
export const SheetWhiteLabelQuerySchema = z.strictObject({ whiteLabelId: IdSchema.optional() })
