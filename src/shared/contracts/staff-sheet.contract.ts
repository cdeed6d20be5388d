import { z } from 'zod'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import {
  SheetCellSchema,
  SheetVersionSchema,
  TestSheetRequestSchema,
  TestSheetResponseSchema,
} from '#shared/contracts/price-sheet.contract.ts'
import { PricingTestParametersSchema } from '#shared/contracts/staff-catalogue.contract.ts'

/**
 * The sheet editor's routes beyond price-sheet.contract.ts (issue 17, spec part 2 §2 print-mode editor): evaluating
 * a draft against the test parameters or a real analysed object, the diff between two versions, restoring an old
 * version as a new one, and the replay of recent priced configurations under a draft (decision 0104).
 *
 * - `POST /api/staff/print-modes/{id}/price-spreadsheet/evaluate`: every cell's value or its error
 * - `POST /api/staff/print-modes/{id}/price-spreadsheet/replay`: how the last N prices would change
 * - `GET  /api/staff/price-spreadsheet-versions/{versionId}/diff?against={otherId}`: cell by cell
 * - `POST /api/staff/price-spreadsheet-versions/{versionId}/restore`: a new current version with its cells
 * - `GET  /api/staff/uploads?query=&limit=&offset=`: recently analysed uploads to evaluate a draft with (decision 0114)
 */
export const staffSheetPaths = {
  evaluate: (printModeId: string) =>
    `/api/staff/print-modes/${encodeURIComponent(printModeId)}/price-spreadsheet/evaluate`,
  replay: (printModeId: string) =>
    `/api/staff/print-modes/${encodeURIComponent(printModeId)}/price-spreadsheet/replay`,
  diff: (versionId: string, againstId: string) =>
    `/api/staff/price-spreadsheet-versions/${encodeURIComponent(versionId)}/diff?against=${encodeURIComponent(againstId)}`,
  restore: (versionId: string) =>
    `/api/staff/price-spreadsheet-versions/${encodeURIComponent(versionId)}/restore`,
} as const

export const EvaluateSheetRequestSchema = TestSheetRequestSchema.extend({
  /** An analysed upload: its measures (in millimetres, at scale 1) replace the test parameters. */
  objectId: IdSchema.optional(),
})
export type EvaluateSheetRequest = z.input<typeof EvaluateSheetRequestSchema>
export const EvaluateSheetResponseSchema = TestSheetResponseSchema
export type EvaluateSheetResponse = z.infer<typeof EvaluateSheetResponseSchema>

export const SHEET_DIFF_KINDS = ['added', 'removed', 'changed'] as const
export const SheetDiffQuerySchema = z.strictObject({ against: IdSchema })
export const SheetDiffResponseSchema = z.object({
  from: SheetVersionSchema.omit({ cells: true, optionVariables: true }),
  to: SheetVersionSchema.omit({ cells: true, optionVariables: true }),
  /** Cells by name (case-insensitive, as the engine names them); unchanged cells are left out. */
  cells: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(SHEET_DIFF_KINDS),
      before: SheetCellSchema.shape.formula.nullable(),
      after: SheetCellSchema.shape.formula.nullable(),
    }),
  ),
  optionVariables: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
})
export type SheetDiffResponse = z.infer<typeof SheetDiffResponseSchema>

/** How many recent priced configurations a replay reads at most. */
export const REPLAY_LIMIT_MAX = 1_000
export const REPLAY_LIMIT_DEFAULT = 200

export const ReplaySheetRequestSchema = z.strictObject({
  cells: TestSheetRequestSchema.shape.cells,
  optionVariables: TestSheetRequestSchema.shape.optionVariables,
  whiteLabelId: IdSchema.optional(),
  limit: z.number().int().min(1).max(REPLAY_LIMIT_MAX).default(REPLAY_LIMIT_DEFAULT),
})
export type ReplaySheetRequest = z.input<typeof ReplaySheetRequestSchema>

/**
 * The histogram's bins of relative change in percent (new ÷ old − 1): below −50, −50…−10, −10…−1, −1…0 exclusive,
 * unchanged, then the mirror image upwards. Their lower bounds; the first bin is open downwards.
 */
export const REPLAY_BINS = [
  { key: 'down50', min: -Infinity, max: -50 },
  { key: 'down10', min: -50, max: -10 },
  { key: 'down1', min: -10, max: -1 },
  { key: 'down0', min: -1, max: 0 },
  { key: 'same', min: 0, max: 0 },
  { key: 'up0', min: 0, max: 1 },
  { key: 'up1', min: 1, max: 10 },
  { key: 'up10', min: 10, max: 50 },
  { key: 'up50', min: 50, max: Infinity },
] as const
export type ReplayBinKey = (typeof REPLAY_BINS)[number]['key']

export const ReplaySheetResponseSchema = z.object({
  /** Configurations re-priced (cart items of open carts and order lines; expired uploads left out). */
  total: z.number().int().min(0),
  /** Where the `total` configurations came from: open carts and placed orders (decision 0114). */
  sources: z.object({ cart: z.number().int().min(0), order: z.number().int().min(0) }),
  changed: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  /** Configurations the draft cannot price (a cell fails); each would be a pricing_failed for the customer. */
  failed: z.number().int().min(0),
  histogram: z.array(
    z.object({
      key: z.enum(REPLAY_BINS.map((bin) => bin.key) as [ReplayBinKey, ...ReplayBinKey[]]),
      count: z.number().int().min(0),
    }),
  ),
  /** The largest relative changes, for a closer look (at most 10). */
  largest: z.array(
    z.object({
      source: z.enum(['cart', 'order']),
      modelFileId: z.string(),
      beforeCents: z.number().int(),
      afterCents: z.number().int(),
      changePercent: z.number(),
    }),
  ),
})
export type ReplaySheetResponse = z.infer<typeof ReplaySheetResponseSchema>

/** The bin a relative change (percent) falls into. */
export function replayBinOf(changePercent: number): ReplayBinKey {
  if (changePercent === 0) return 'same'
  for (const bin of REPLAY_BINS) {
    if (bin.key === 'same') continue
    if (changePercent < 0 && changePercent >= bin.min && changePercent < bin.max) return bin.key
    if (changePercent > 0 && changePercent > bin.min && changePercent <= bin.max) return bin.key
  }
  return changePercent < 0 ? 'down50' : 'up50'
}

export const RestoreSheetResponseSchema = z.object({ version: SheetVersionSchema })

/** The object picker of the sheet editor (decision 0114): analysed uploads, newest first, filtered by file name. */
export const STAFF_UPLOADS_PATH = '/api/staff/uploads'
export const STAFF_UPLOADS_LIMIT_MAX = 100
export const STAFF_UPLOADS_LIMIT_DEFAULT = 20

export const StaffUploadListQuerySchema = z.strictObject({
  /** A part of the file name (the name shown or the original one), case-insensitive; empty: every upload. */
  query: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(STAFF_UPLOADS_LIMIT_MAX).default(STAFF_UPLOADS_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export type StaffUploadListQuery = z.input<typeof StaffUploadListQuerySchema>

export const StaffUploadSchema = z.object({
  id: IdSchema,
  name: z.string(),
  originalFileName: z.string(),
  /** When the upload was stored (ISO 8601). */
  createdAt: z.string(),
  /** The unit its numbers were read in: the file's own (3MF, STEP) or the one given at upload. */
  unit: z.enum(['mm', 'cm', 'inch']),
  triangles: z.number().int().min(0),
  /**
   * Its measures in millimetres at scale 1, as pricing feeds them to a sheet for this file in this unit: the
   * dimensions, volumes, surface area and min/max X/Y the editor's test parameters take.
   */
  measures: z.object(PricingTestParametersSchema.shape),
})
export type StaffUpload = z.infer<typeof StaffUploadSchema>

export const StaffUploadListResponseSchema = z.object({
  uploads: z.array(StaffUploadSchema),
  /** Matching uploads in all, for paging. */
  total: z.number().int().min(0),
})
export type StaffUploadListResponse = z.infer<typeof StaffUploadListResponseSchema>

/** The list's address with its query (defaults left out). */
export function staffUploadsUrl(query: StaffUploadListQuery): string {
  const params = new URLSearchParams()
  if (query.query !== undefined && query.query !== '') params.set('query', query.query)
  if (query.limit !== undefined) params.set('limit', String(query.limit))
  if (query.offset !== undefined && Number(query.offset) > 0) params.set('offset', String(query.offset))
  const search = params.toString()
  return search === '' ? STAFF_UPLOADS_PATH : `${STAFF_UPLOADS_PATH}?${search}`
}
