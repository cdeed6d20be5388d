import { z } from 'zod'
import { ErrorCodeSchema } from '#shared/errors/error-codes.ts'
import { TASK_POLL_INTERVAL_MS, UNITS_OF_LENGTH } from '#shared/domain/limits.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import {
  PICTURE_DIRECTIONS,
  PICTURE_KEYS,
  PICTURE_ROTATIONS,
  type PictureDirection,
  type PictureKey,
  type PictureRotation,
} from '#shared/domain/picture-keys.ts'

/**
 * The analysis service (spec part 1 §3 "3D file", §4 upload progress, §7 `/analytx/*` calls): uploading a model,
 * polling its analysis task, reading and renaming the analysed 3D file, and the wall-thickness picture query.
 * Paths are under `/api/analytx`.
 */

export const UnitOfLengthSchema = z.enum(UNITS_OF_LENGTH)

// ---------------------------------------------------------------------------------------------------------------
// POST /api/analytx/file/ (multipart, field `file`)

/**
 * The upload's answer: the task to poll, the 3D file object it is analysing and how many task polls the client
 * makes before it gives up (the server's `ANALYSIS_MAX_POLLS`, TASK_POLL_MAX_TRIES by default; decision 0070).
 * Without `maxPolls` the client keeps its own limit.
 */
export const AnalysisUploadResponseSchema = z.object({
  taskId: IdSchema,
  createdObject: z.object({ _id: IdSchema }),
  maxPolls: z.number().int().positive().optional(),
})
export type AnalysisUploadResponse = z.infer<typeof AnalysisUploadResponseSchema>

// ---------------------------------------------------------------------------------------------------------------
// GET /api/analytx/task/{taskId}

export const AnalysisTaskParamsSchema = z.object({ taskId: IdSchema })
export type AnalysisTaskParams = z.infer<typeof AnalysisTaskParamsSchema>

/**
 * `waitMs`: hold the answer while the task is queued or running until it changes or this long has passed (at most
 * the poll interval), so a poll learns of the result at once (decision 0124). Without it the answer is immediate.
 */
export const AnalysisTaskQuerySchema = z.object({
  waitMs: z.coerce.number().int().min(0).max(TASK_POLL_INTERVAL_MS).optional(),
  /**
   * `measured`: a task whose measures are stored is not held (decision 0124 §2), and one still without them is held
   * through its progress messages until they are stored, it ends or the wait ends (decision 0137): a client that
   * opens the configure form on the measures learns of them at once, even when they were stored before its poll
   * began. Without it the poll answers at the task's next change (a progress message too) or when the wait ends.
   */
  until: z.literal('measured').optional(),
})
export type AnalysisTaskQuery = z.infer<typeof AnalysisTaskQuerySchema>

export const TASK_STATES = ['queued', 'running', 'completed', 'failed'] as const
export const TaskStateSchema = z.enum(TASK_STATES)
export type TaskState = z.infer<typeof TaskStateSchema>

/**
 * The progress messages of an analysis task, in the order they appear (part 1 §4). `repairing-file` is shown as a
 * warning; the others as plain progress. Views translate the codes.
 */
export const TASK_MESSAGE_CODES = [
  'converting-to-stl',
  'starting-analysis',
  'repairing-file',
  'converting-to-internal-format',
  'analyzing-volume-and-dimensions',
  'checking-printability',
  'analysis-completed',
] as const
export const TaskMessageCodeSchema = z.enum(TASK_MESSAGE_CODES)
export type TaskMessageCode = z.infer<typeof TaskMessageCodeSchema>

/** The one task message shown as a warning. */
export const REPAIR_TASK_MESSAGE: TaskMessageCode = 'repairing-file'

export const AnalysisTaskSchema = z.object({
  taskId: IdSchema,
  state: TaskStateSchema,
  /** Percent done, 0 to 100. */
  progress: z.number().min(0).max(100),
  /** Every message so far, oldest first. */
  messages: z.array(TaskMessageCodeSchema),
  /**
   * True while the task runs once the file's measures are stored (decision 0124 §2): the file can be read and its
   * first configure step shown; the wall thickness and the pictures follow (`pending` in the file's answer). Absent
   * otherwise, and from servers that report only the whole analysis.
   */
  measured: z.literal(true).optional(),
  /**
   * Why a failed task failed (`analysis_failed`, `analysis_timeout`, …); absent otherwise. `details` names the cause
   * as a stable code: `{ engineCode }` for an engine error (`truncated_file`, `zip_too_large`, …) or `{ reason }`
   * for a bound of the worker (`timeout`, `memory_limit`, `worker_crashed`, `attempts_exhausted`).
   */
  error: z
    .object({ code: ErrorCodeSchema, details: z.record(z.string(), z.unknown()).optional() })
    .optional(),
})
export type AnalysisTask = z.infer<typeof AnalysisTaskSchema>

// ---------------------------------------------------------------------------------------------------------------
// The 3D file object: GET and PATCH /api/analytx/file/{id}

export const AnalysisFileParamsSchema = z.object({ id: IdSchema })
export type AnalysisFileParams = z.infer<typeof AnalysisFileParamsSchema>

export { PICTURE_DIRECTIONS, PICTURE_KEYS, PICTURE_ROTATIONS }
export type { PictureDirection, PictureKey, PictureRotation }
export const PictureKeySchema = z.enum(PICTURE_KEYS as [PictureKey, ...PictureKey[]])

/** A path under `/api/analytx` (starts with a slash); the client prefixes the API base. */
export const AnalysisPathSchema = z.string().startsWith('/')

/** Pictures by key; a file may have only some of them. */
export const PictureSetSchema = z.partialRecord(PictureKeySchema, AnalysisPathSchema)
export type PictureSet = z.infer<typeof PictureSetSchema>

/** z.number() refuses NaN and ±Infinity. */
const length = z.number()
const nonNegative = z.number().min(0)
const count = z.number().int().min(0)

/**
 * What the analysis measured. Lengths, areas and volumes are the model's own numbers, read in the file's
 * `givenUnitOfLength` (millimetres for a file given in mm, the default): the physical size is
 * `value × MM_PER_UNIT[givenUnitOfLength] × scale` (`#shared/domain/units.ts`), so changing the unit never needs a new
 * analysis. Formats that carry their own unit (3MF, STEP) are stored converted to millimetres with unit `mm`.
 */
export const AnalysedPropertiesSchema = z.object({
  dimensions: z.object({ x: nonNegative, y: nonNegative, z: nonNegative }),
  volume: z.number(),
  surfaceArea: nonNegative,
  shells: count,
  watertight: z.boolean(),
  /** The analysis' verdict on the mesh itself, independent of any print mode. */
  printable: z.boolean(),
  // The pricing variables (docs/pricing/variables.md), same unit rule.
  internalVolume: nonNegative,
  externalVolume: nonNegative,
  minX: length,
  maxX: length,
  maxY: length,
})
export type AnalysedProperties = z.infer<typeof AnalysedPropertiesSchema>

export const RepairInfoSchema = z.object({
  numberOfFlippedPolygons: count,
  numberOfRemovedFlatOpenShells: count,
  numberOfClosedOpenLoops: count,
  numberOfMergedVertexPairs: count,
  repairImages: PictureSetSchema,
})
export type RepairInfo = z.infer<typeof RepairInfoSchema>

export const AnalysisFileSchema = z.object({
  _id: IdSchema,
  /** The same id as `_id` (the spec names both). */
  id: IdSchema,
  name: z.string(),
  givenUnitOfLength: UnitOfLengthSchema,
  analysedProperties: AnalysedPropertiesSchema,
  files: z.object({
    /** The (repaired) model as 3MF for the 3D preview. */
    '3mf': AnalysisPathSchema,
    /** The repaired model for download; null when nothing was repaired. */
    repaired: AnalysisPathSchema.nullable(),
  }),
  frontPictures: PictureSetSchema,
  /** Present when the analysis repaired the model: the configure view then asks for the repair agreement. */
  repairInfo: RepairInfoSchema.nullable(),
  scale: z.number().positive(),
  /**
   * True while the analysis still computes the wall thickness and the pictures (decision 0124 §2): the measures are
   * final, `frontPictures` and the repair pictures are not there yet, and the file cannot be renamed or priced until
   * the answer comes without it. Absent once the analysis is complete.
   */
  pending: z.literal(true).optional(),
})
export type AnalysisFile = z.infer<typeof AnalysisFileSchema>

/** The longest object name the API stores. */
export const OBJECT_NAME_MAX = 200

/** PATCH body: rename (leading and trailing spaces removed) and/or change the unit of length. */
export const AnalysisFilePatchSchema = z.strictObject({
  name: z.string().trim().min(1).max(OBJECT_NAME_MAX).optional(),
  givenUnitOfLength: UnitOfLengthSchema.optional(),
})
export type AnalysisFilePatch = z.infer<typeof AnalysisFilePatchSchema>

// ---------------------------------------------------------------------------------------------------------------
// GET /api/analytx/file/{id}/histogram-image?scale&unitOfLength&direction&rotation&printModeId

/** The wall-thickness picture query; query strings arrive as text, so numbers are coerced. */
export const HistogramImageQuerySchema = z.object({
  scale: z.coerce.number().positive(),
  unitOfLength: UnitOfLengthSchema,
  /** P or M (plus or minus) followed by the axis: `PX` … `MZ`. */
  direction: z.enum(PICTURE_DIRECTIONS),
  rotation: z.coerce.number().pipe(z.literal(PICTURE_ROTATIONS)),
  printModeId: IdSchema,
})
export type HistogramImageQuery = z.infer<typeof HistogramImageQuerySchema>

// ---------------------------------------------------------------------------------------------------------------
// The upload body and the file routes' parameters

/** POST /api/analytx/file/ as multipart/form-data: the model file and, optionally, its unit of length. */
export const AnalysisUploadFormSchema = z.object({
  file: z.file(),
  givenUnitOfLength: UnitOfLengthSchema.optional(),
})

/** GET /api/analytx/file/{id}/front/{picture} and …/repair/{picture}: `PX_0.png` … `MZ_270.png`. */
export const AnalysisPictureParamsSchema = z.object({
  id: IdSchema,
  picture: z.enum(PICTURE_KEYS.map((key) => `${key}.png` as const) as [`${PictureKey}.png`]),
})

/** Where the analysis service's routes live. */
export const ANALYTX_PREFIX = '/api/analytx'
