import { type UnitOfLength } from '#shared/domain/limits.ts'
import { AnalysisError } from './analysis-error.ts'
import { type AnalysisResult, type BodyAnalysis, type RepairInfo } from './analysis-result.ts'
import { type ModelFormat, formatFromFileName } from './detect-format.ts'
import { type EngineLimits, resolveLimits } from './engine-limits.ts'
import { write3mf } from './export/threemf.writer.ts'
import { type Measures, measureModel } from './measure/measures.ts'
import { type IndexedMesh } from './mesh/indexed-mesh.ts'
import { encodeMeshes } from './mesh/mesh-codec.ts'
import { type AnalysisProgressCode } from './progress.ts'
import { type ModelInput, readModel } from './read-model.ts'
import { type ReadResult } from './readers/read-result.ts'
import { type RepairedBody, repairBody } from './repair/repair-body.ts'
import { addCounters, anyRepair, emptyCounters } from './repair/repair-counters.ts'
import { type PictureOptions, renderPictureSet } from './render/picture-set.ts'
import { type WallThicknessRunner, shareMeshes } from './thickness/thickness-thread.ts'
import {
  type ThicknessOptions,
  type WallThickness,
  computeWallThickness,
} from './thickness/wall-thickness.ts'
import { unitToMm } from './units.ts'

export interface AnalyzeOptions {
  /** The format; otherwise taken from `fileName`'s extension, otherwise sniffed from the content. */
  format?: ModelFormat
  fileName?: string
  /** The unit for unitless formats (STL, PLY, 3DS); 3MF and STEP carry their own. Default mm. */
  unit?: UnitOfLength
  limits?: Partial<EngineLimits>
  /** Called with the spec's progress message codes, in order; `repairing_file` only when something was repaired. */
  onProgress?: (code: AnalysisProgressCode) => void
  /** Checked between stages; an aborted analysis rejects with `aborted`. */
  signal?: AbortSignal
  /** Upload size limit applied to the input (default: the spec's 100 MB is enforced upstream; here 2 GB). */
  maxInputBytes?: number
  /** Wall thickness per face and its histogram (default on). */
  thickness?: boolean | ThicknessOptions
  /** Front and repair pictures (default on). */
  pictures?: boolean | PictureOptions
  /** The repaired model as 3MF (default on). */
  threeMf?: boolean
  /**
   * Computes the wall thickness on another thread (`threadWallThickness`, decision 0122) while this one writes the
   * internal format, the 3MF and the pictures. Same result as without it; without it everything runs here.
   */
  thicknessRunner?: WallThicknessRunner
  /**
   * Called once the measures are known, before the wall thickness and the pictures, with what a price and the
   * configure form's first step need; awaited. The server stores it so the form need not wait for the rest
   * (decision 0124 §2).
   */
  onMeasured?: (measured: MeasuredModel) => Promise<void> | void
}

/** The part of the result that is known after the measure stage (see {@link AnalyzeOptions.onMeasured}). */
export type MeasuredModel = Pick<
  AnalysisResult,
  'format' | 'unit' | 'repairInfo' | 'measures' | 'meshes' | 'internalMesh'
>

const DEFAULT_MAX_INPUT = 2_000_000_000

/**
 * Analyses one uploaded model: read (any supported format) -> per-body repair -> internal format and 3MF ->
 * measures, wall thickness and pictures. Pure apart from reading `input` when it is a path; safe to call in a
 * worker thread. Throws `AnalysisError` with a typed code for every bad input.
 */
export async function analyzeFile(input: ModelInput, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const limits = resolveLimits(options.limits)
  const unit: UnitOfLength = options.unit ?? 'mm'
  const stages = createStages(options)
  const { timings, progress, checkpoint, lap } = stages

  await checkpoint()
  progress('converting_to_stl')
  const { format: readFormat, read } = await readInput(input, options, limits, unit)
  lap('read')

  await checkpoint()
  progress('starting_analysis')
  const repaired = repairAll(read)
  lap('repair')
  const repairInfo = repairInfoOf(repaired)
  if (repairInfo.repaired) progress('repairing_file')
  const meshes = repaired.map((r) => r.mesh)
  const faceCount = meshes.reduce((n, m) => n + m.indices.length / 3, 0)
  const thicknessOptions = typeof options.thickness === 'object' ? options.thickness : {}
  const wantThickness = options.thickness !== false && faceCount > 0
  // The thickness needs nothing but the repaired mesh: with a runner it starts now, on the other core, and the
  // stages below run here meanwhile.
  const elsewhere =
    wantThickness && options.thicknessRunner !== undefined
      ? startElsewhere(options.thicknessRunner, meshes, thicknessOptions)
      : undefined

  await checkpoint()
  progress('converting_to_internal_format')
  const internalMesh = encodeMeshes(meshes)
  lap('internal_format')
  const threeMf = options.threeMf === false ? undefined : write3mf(meshes)
  lap('3mf')

  await checkpoint()
  progress('analyzing_volume_and_dimensions')
  const { measures, bodies } = measureBodies(repaired, meshes)
  lap('measure')
  if (options.onMeasured !== undefined) {
    await options.onMeasured({
      format: readFormat,
      unit: unitOf(unit, read),
      repairInfo,
      measures,
      meshes,
      internalMesh,
    })
    lap('measured_report')
  }

  let thickness: AnalysisResult['thickness']
  if (wantThickness && elsewhere === undefined) {
    thickness = await thicknessStage(stages, meshes, thicknessOptions)
  }
  let pictures: AnalysisResult['pictures']
  if (options.pictures !== false && measures.triangles > 0) {
    pictures = await picturesStage(stages, meshes, repaired, repairInfo, options.pictures)
  }
  if (elsewhere !== undefined) {
    thickness = await thicknessFromElsewhere(
      stages,
      elsewhere,
      options.thicknessRunner,
      meshes,
      thicknessOptions,
    )
  }
  progress('analysis_completed')
  return {
    format: readFormat,
    unit: unitOf(unit, read),
    trianglesRead: read.trianglesRead,
    bodies,
    repairInfo,
    measures,
    meshes,
    repairMarks: repaired.map((r) => r.repairMarks),
    internalMesh,
    threeMf,
    thickness,
    pictures,
    timingsMs: timings,
  }
}

/** One analysis's bookkeeping between its stages: progress codes, abort checkpoints and wall time per stage. */
interface Stages {
  /** Wall time per stage so far (becomes `timingsMs`). */
  readonly timings: Record<string, number>
  progress(code: AnalysisProgressCode): void
  checkpoint(): Promise<void>
  /** Records the time since the previous lap as `stage`'s. */
  lap(stage: string): void
}

/** The {@link Stages} of one analysis; its clock starts now. */
function createStages(options: AnalyzeOptions): Stages {
  const timings: Record<string, number> = {}
  const progress = (code: AnalysisProgressCode): void => options.onProgress?.(code)
  const checkpoint = async (): Promise<void> => {
    // let the event loop run (abort signals, worker messages) between the synchronous stages
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (options.signal?.aborted === true) throw new AnalysisError('aborted', 'The analysis was aborted')
  }
  let t = performance.now()
  const lap = (stage: string): void => {
    const now = performance.now()
    timings[stage] = now - t
    t = now
  }
  return { timings, progress, checkpoint, lap }
}

/** The format asked for or named by the file's extension; undefined: sniffed from the content. */
function formatOf(options: AnalyzeOptions): ModelFormat | undefined {
  const format =
    options.format ?? (options.fileName === undefined ? undefined : formatFromFileName(options.fileName))
  if (options.format === undefined && options.fileName !== undefined && format === undefined) {
    throw new AnalysisError('unsupported_format', `Unsupported file type: ${options.fileName.slice(-40)}`)
  }
  return format
}

/** Reads the model (its format from {@link formatOf}), scaled from `unit` to millimetres unless the file has its own. */
function readInput(
  input: ModelInput,
  options: AnalyzeOptions,
  limits: EngineLimits,
  unit: UnitOfLength,
): Promise<{ format: ModelFormat; read: ReadResult }> {
  const format = formatOf(options)
  return readModel(input, {
    format,
    limits,
    unitScaleToMm: unitToMm(unit),
    maxInputBytes: options.maxInputBytes ?? DEFAULT_MAX_INPUT,
  })
}

/** Repairs each body, and lets go of the bodies as read. */
function repairAll(read: ReadResult): RepairedBody[] {
  const repaired = read.bodies.map((body) => repairBody(body))
  read.bodies.length = 0
  return repaired
}

/** The repair counters of all bodies added up, and whether anything was repaired. */
function repairInfoOf(repaired: readonly RepairedBody[]): RepairInfo {
  let totals = emptyCounters()
  for (const r of repaired) totals = addCounters(totals, r.counters)
  return { ...totals, repaired: anyRepair(totals) }
}

/** The result's unit: the one given, and the file's own when it has one. */
function unitOf(unit: UnitOfLength, read: ReadResult): AnalysisResult['unit'] {
  return { given: unit, source: read.unitSource, scaleToMm: read.unitScaleToMm }
}

/** The measures of the whole model, and each body's. */
function measureBodies(
  repaired: readonly RepairedBody[],
  meshes: readonly IndexedMesh[],
): { measures: Measures; bodies: BodyAnalysis[] } {
  const shells = repaired.reduce((n, r) => n + r.shellCount, 0)
  const watertight = repaired.every(
    (r) => r.counters.openEdgesLeft === 0 && r.counters.nonManifoldEdgesLeft === 0,
  )
  const { measures, perBody } = measureModel(
    meshes,
    shells,
    watertight,
    repaired.map((r) => r.bounds),
  )
  const bodies: BodyAnalysis[] = repaired.map((r, i) => ({
    name: r.mesh.name,
    triangles: r.mesh.indices.length / 3,
    vertices: r.mesh.positions.length / 3,
    shells: r.shellCount,
    volume: perBody[i]!.volume,
    area: perBody[i]!.area,
    watertight: r.counters.openEdgesLeft === 0 && r.counters.nonManifoldEdgesLeft === 0,
    counters: r.counters,
  }))
  return { measures, bodies }
}

/** The wall thickness, computed on this thread. */
async function thicknessStage(
  stages: Stages,
  meshes: readonly IndexedMesh[],
  thicknessOptions: ThicknessOptions,
): Promise<WallThickness> {
  await stages.checkpoint()
  const thickness = await computeWallThickness(meshes, thicknessOptions)
  stages.lap('thickness')
  return thickness
}

/** The front pictures, and the repair pictures with their marks when something was repaired. */
async function picturesStage(
  stages: Stages,
  meshes: readonly IndexedMesh[],
  repaired: readonly RepairedBody[],
  repairInfo: RepairInfo,
  options: AnalyzeOptions['pictures'],
): Promise<AnalysisResult['pictures']> {
  await stages.checkpoint()
  const marks = repairInfo.repaired ? repaired.map((r) => r.repairMarks) : undefined
  const pictures = renderPictureSet(meshes, marks, typeof options === 'object' ? options : {}, stages.timings)
  stages.lap('pictures')
  return pictures
}

/** The thickness from the other thread, once this one has helped with it; computed here if that thread failed. */
async function thicknessFromElsewhere(
  stages: Stages,
  elsewhere: Promise<ElsewhereThickness>,
  runner: WallThicknessRunner | undefined,
  meshes: readonly IndexedMesh[],
  thicknessOptions: ThicknessOptions,
): Promise<WallThickness> {
  const { timings } = stages
  await stages.checkpoint()
  // this thread's own stages are done: it casts a share of the thickness's samples left (decision 0131)
  await runner?.assist?.()
  stages.lap('thickness_assist')
  const done = await elsewhere
  // a thread that failed (it died, or could not start) costs time, never the result: compute it here
  const thickness = done.result ?? (await computeWallThickness(meshes, thicknessOptions))
  timings.thickness = done.ms
  // the other thread's steps, so that the benchmark shows both threads' critical path
  for (const [step, ms] of Object.entries(done.result?.stepsMs ?? {})) timings[`thickness_${step}`] = ms
  stages.lap('thickness_wait')
  return thickness
}

/** The thickness computed on another thread (undefined: it failed) and the wall time it took. */
interface ElsewhereThickness {
  result: WallThickness | undefined
  ms: number
}

/** Hands the thickness to the runner; resolves (never rejects) with its result and its wall time. */
function startElsewhere(
  runner: WallThicknessRunner,
  meshes: readonly IndexedMesh[],
  options: ThicknessOptions,
): Promise<ElsewhereThickness> {
  const t0 = performance.now()
  return runner(shareMeshes(meshes), options).then(
    (result) => ({ result, ms: performance.now() - t0 }),
    () => ({ result: undefined, ms: performance.now() - t0 }),
  )
}
