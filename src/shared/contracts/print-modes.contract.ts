import { z } from 'zod'
import { RANKING_SCALE } from '#shared/domain/limits.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'

/**
 * Print modes and surface finishes (spec part 1 §3 "Print mode", "Colour"; §7 `GET /print-modes`,
 * `GET /print-modes/surface-finishes`). Names and descriptions arrive in the language of the language header.
 * Requests carry no body; the headers are `ApiRequestHeadersSchema` (common.contract.ts).
 */
export const PRINT_MODES_PATH = '/api/print-modes'
export const SURFACE_FINISHES_PATH = '/api/print-modes/surface-finishes'
/** Colour and item thumbnails are files on the API host under this prefix (spec part 1 §7). */
export const THUMBNAILS_PATH = '/api/thumbnails/'

/**
 * The ranking sliders of a print-mode card. Labels are codes the client translates; values run 0–8, and higher is
 * better for the customer (price 8 = least expensive).
 */
export const RANKING_LABELS = [
  'price',
  'flexibility',
  'stability',
  'precision',
  'wearResistance',
  'heatResistance',
  'maxNumberOfParts',
  'maxIncrementalMeasurement',
] as const
export const RankingLabelSchema = z.enum(RANKING_LABELS)
export type RankingLabel = z.infer<typeof RankingLabelSchema>

export const RankingSchema = z.object({
  label: RankingLabelSchema,
  value: z.number().int().min(RANKING_SCALE.min).max(RANKING_SCALE.max),
})
export type Ranking = z.infer<typeof RankingSchema>

export const HexColorSchema = z.string().regex(/^#[0-9a-f]{6}$/, 'Expected a lower-case #rrggbb colour')

export const ColorSchema = z.object({
  id: IdSchema,
  _id: IdSchema,
  name: z.string().min(1),
  hex: HexColorSchema,
  /** A path on the API host under THUMBNAILS_PATH. */
  thumbnail: z.string().startsWith('/'),
  /** Hue in degrees (0–359), for sorting swatches. */
  hue: z.number().int().min(0).max(359),
  /** The finishes this colour can be printed with; a colour is selectable only for one of these. */
  surfaceFinishes: z.array(IdSchema),
})
export type Color = z.infer<typeof ColorSchema>

export const SurfaceFinishSchema = z.object({
  id: IdSchema,
  _id: IdSchema,
  properties: z.object({ name: z.string().min(1), description: z.string() }),
  /** The colours offered with this finish, in display order (the first is preselected). */
  colors: z.array(ColorSchema),
})
export type SurfaceFinish = z.infer<typeof SurfaceFinishSchema>

export const ProcessingStepOptionSchema = z.object({ _id: IdSchema, name: z.string().min(1) })
export type ProcessingStepOption = z.infer<typeof ProcessingStepOptionSchema>

export const ProcessingStepSchema = z.object({
  id: IdSchema,
  name: z.string().min(1),
  options: z.array(ProcessingStepOptionSchema),
})
export type ProcessingStep = z.infer<typeof ProcessingStepSchema>

const millimetres = z.number().positive()

export const PrintModeFeaturesSchema = z.object({
  description: z.string(),
  surfaceQuality: z.string(),
  applications: z.string(),
  /** The build volume in mm. */
  maxDimensions: z.object({ x: millimetres, y: millimetres, z: millimetres }),
  minFeatureSize: millimetres,
  resolutionXY: millimetres,
  resolutionZ: millimetres,
  /** One entry per label, in the order of RANKING_LABELS. */
  ranking: z.array(RankingSchema),
})
export type PrintModeFeatures = z.infer<typeof PrintModeFeaturesSchema>

export const PrintModeSchema = z.object({
  id: IdSchema,
  _id: IdSchema,
  name: z.string().min(1),
  features: PrintModeFeaturesSchema,
  printModeMaterial: z.object({ name: z.string().min(1) }),
  printModeMethod: z.object({ name: z.string().min(1) }),
  /** In display order; the first is preselected with the print mode (spec part 1 §4). */
  surfaceFinishes: z.array(SurfaceFinishSchema),
  /** Every colour of the print mode, in display order. */
  colors: z.array(ColorSchema),
  processingSteps: z.array(ProcessingStepSchema),
})
export type PrintMode = z.infer<typeof PrintModeSchema>

export const GetPrintModesResponseSchema = z.object({ printModes: z.array(PrintModeSchema) })
export type GetPrintModesResponse = z.infer<typeof GetPrintModesResponseSchema>

export const GetSurfaceFinishesResponseSchema = z.object({ surfaceFinishes: z.array(SurfaceFinishSchema) })
export type GetSurfaceFinishesResponse = z.infer<typeof GetSurfaceFinishesResponseSchema>
