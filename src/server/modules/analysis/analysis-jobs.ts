import type { AnalysedProperties, PictureKey, TaskMessageCode } from '#shared/contracts/analysis.contract.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type {
  AnalysisErrorCode,
  RepairInfo as EngineRepairInfo,
  ModelFormat,
  EngineLimits,
  AnalysisProgressCode,
  ViewDirection,
  ViewRotation,
} from '#engine/engine.ts'

/**
 * What the main thread and the analysis workers (analysis.worker.ts: child processes for analyses, a thread for
 * pictures) say to each other, and the pure mappings around it: engine progress codes to the contract's task
 * messages, engine and worker failures to API error codes. Plain data only: every value crosses a thread or
 * process boundary by structured clone.
 */

/** Progress the worker reports: the engine's codes, and the printability check the server adds after them. */
export type WorkerProgress = Exclude<AnalysisProgressCode, 'analysis_completed'> | 'checking_printability'

/** The engine speaks snake_case (stable internal codes), the API kebab-case (the contract's task messages). */
export const TASK_MESSAGE_FOR: Record<AnalysisProgressCode | 'checking_printability', TaskMessageCode> = {
  converting_to_stl: 'converting-to-stl',
  starting_analysis: 'starting-analysis',
  repairing_file: 'repairing-file',
  converting_to_internal_format: 'converting-to-internal-format',
  analyzing_volume_and_dimensions: 'analyzing-volume-and-dimensions',
  checking_printability: 'checking-printability',
  analysis_completed: 'analysis-completed',
}

/** Percent done once a message is shown; roughly the stage's share of the 1M-triangle benchmark's wall time. */
export const TASK_PROGRESS_FOR: Record<TaskMessageCode, number> = {
  'converting-to-stl': 5,
  'starting-analysis': 15,
  'repairing-file': 20,
  'converting-to-internal-format': 25,
  'analyzing-volume-and-dimensions': 45,
  'checking-printability': 90,
  'analysis-completed': 100,
}

/**
 * Why the server (not the engine) ended an analysis; the API shows it as `details.reason`. `memory_limit` is also
 * the answer of the memory estimate that refuses a file before it is read (engine/memory-estimate.ts);
 * `quarantined` ends a task whose runs were in flight twice when their server process ended (decision 0073).
 */
export type AnalysisFailureReason =
  'timeout' | 'memory_limit' | 'worker_crashed' | 'attempts_exhausted' | 'quarantined'

export interface TaskFailure {
  code: ErrorCode
  details: { engineCode: AnalysisErrorCode } | { reason: AnalysisFailureReason }
}

/**
 * The API error for an engine failure. `aborted` is the engine's own stop between stages (a timeout);
 * `unsupported_format` cannot pass the upload checks, but keeps its meaning if it ever does. Everything else,
 * including the engine's resource limits, is a file we could not analyse (`analysis_failed`), with the engine's
 * code in the details so support can tell a zip bomb from a truncated STL.
 */
const ENGINE_ERROR_CODES: Partial<Record<AnalysisErrorCode, ErrorCode>> = {
  aborted: ErrorCode.AnalysisTimeout,
  unsupported_format: ErrorCode.UnsupportedFileType,
  // More triangles, vertices or bodies than the engine takes: the shopper can simplify the model.
  limit_exceeded: ErrorCode.AnalysisTooComplex,
}

export function failureForEngineError(engineCode: AnalysisErrorCode): TaskFailure {
  return { code: ENGINE_ERROR_CODES[engineCode] ?? ErrorCode.AnalysisFailed, details: { engineCode } }
}

/**
 * A file that filled its worker's memory, was refused by the estimate, or ended its server process twice is too
 * complex for this shop (issue 13): the shopper is told so, in their language, instead of a generic failure.
 */
const REASON_CODES: Record<AnalysisFailureReason, ErrorCode> = {
  timeout: ErrorCode.AnalysisTimeout,
  memory_limit: ErrorCode.AnalysisTooComplex,
  quarantined: ErrorCode.AnalysisTooComplex,
  worker_crashed: ErrorCode.AnalysisFailed,
  attempts_exhausted: ErrorCode.AnalysisFailed,
}

export function failureForReason(reason: AnalysisFailureReason): TaskFailure {
  return { code: REASON_CODES[reason], details: { reason } }
}

/**
 * The wall-thickness histogram as stored (model_files.thickness_histogram, read by pricing as
 * `WallThicknessHistogram`): the engine's histogram (thickness-histogram.ts) with its field names, whose "mm" is the
 * engine's unit at scale 1, that is the file's own numbers like the analysed properties (real millimetres for 3MF
 * and STEP). JSON has no Infinity or undefined: the open last bin edge and missing figures are null.
 */
export interface StoredThicknessHistogram {
  /** Bin i holds thickness in [binEdgesMm[i], binEdgesMm[i + 1]); the last edge is null (no upper bound). */
  binEdgesMm: (number | null)[]
  /** Surface area per bin (file units²). */
  areaMm2: number[]
  faceCount: number[]
  unknownAreaMm2: number
  totalAreaMm2: number
  minMm: number | null
  p5Mm: number | null
  medianMm: number | null
}

/** Everything the worker measured, small enough to post back; the big results are files in `outDir`. */
export interface AnalysisSummary {
  format: ModelFormat
  /**
   * The unit the numbers are in: the unit given at upload for the unitless formats (the engine then measured the
   * file's own numbers), mm for 3MF and STEP (the engine converted the file's unit to mm).
   */
  unit: UnitOfLength
  analysedProperties: AnalysedProperties
  repairInfo: EngineRepairInfo
  frontPictureKeys: PictureKey[]
  repairImageKeys: PictureKey[]
  triangles: number
  thicknessHistogram: StoredThicknessHistogram | null
  timingsMs: Record<string, number>
}

/**
 * What the worker reports once the measures are known (decision 0124 §2): enough for the analysed file's answer and
 * the configure form's first step; the internal mesh is already in `outDir`. The wall thickness, the pictures and
 * the 3MF follow, with the final {@link AnalysisSummary}.
 */
export interface MeasuredSummary {
  format: ModelFormat
  unit: UnitOfLength
  analysedProperties: AnalysedProperties
  repairInfo: EngineRepairInfo
  triangles: number
}

/** Everything the analysis worker posts while it runs: a task message, or its measures. */
export type WorkerReport = WorkerProgress | { kind: 'measured'; measured: MeasuredSummary }

export interface HistogramImageParams {
  scale: number
  unitOfLength: UnitOfLength
  direction: ViewDirection
  rotation: ViewRotation
  minFeatureSizeMm: number
}

/** A file drawn on request (decision 0135), as the server asks for it. */
export type DrawingRequest =
  | {
      kind: 'histogram-image'
      resultDir: string
      /** Faces of the stored mesh; the per-face thickness file must match it. */
      faceCount: number
      outPath: string
      params: HistogramImageParams
    }
  | {
      kind: 'export-3mf'
      resultDir: string
      outPath: string
      /** Millimetres per stored number: the 3MF says millimetre, so the numbers are scaled by it. */
      mmPerUnit: number
    }

export type AnalysisWorkerJob =
  | {
      kind: 'analyze'
      sourcePath: string
      format: ModelFormat
      /** The unit given at upload: the summary's unit for formats without their own (the numbers stay the file's). */
      givenUnit: UnitOfLength
      /** An empty folder for this run's files (analysis-storage.ts names them). */
      outDir: string
      limits: Partial<EngineLimits>
      maxInputBytes: number
      /** May compute the wall thickness on the worker's second thread (decision 0122: one analysis at a time). */
      secondThread: boolean
    }
  /**
   * A drawing, written under `temporaryPath` and renamed to `outPath`: the server names the temporary file, so it
   * removes what a worker killed half way through the write left (its time bound, a crash).
   */
  | (DrawingRequest & { temporaryPath: string })

export type AnalysisWorkerResult =
  | { kind: 'analysed'; summary: AnalysisSummary }
  | { kind: 'engine-error'; engineCode: AnalysisErrorCode }
  | { kind: 'written'; bytes: number }
  /** A file drawn on request could not be written (errno: the system's code, ENOSPC for a full disk). */
  | { kind: 'write-failed'; errno?: string }
