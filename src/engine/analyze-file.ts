import { type UnitOfLength } from '#shared/domain/limits.ts'
import { AnalysisError } from './analysis-error.ts'
import { type AnalysisResult, type BodyAnalysis, type RepairInfo } from './analysis-result.ts'
import { type ModelFormat, formatFromFileName } from './detect-format.ts'
import { type EngineLimits, resolveLimits } from './engine-limits.ts'
import { write3mf } from './export/threemf.writer.ts'
import { measureModel } from './measure/measures.ts'
import { encodeMeshes } from './mesh/mesh-codec.ts'
import { type AnalysisProgressCode } from './progress.ts'
import { type ModelInput, readModel } from './read-model.ts'
import { repairBody } from './repair/repair-body.ts'
import { addCounters, anyRepair, emptyCounters } from './repair/repair-counters.ts'
import { type PictureOptions, renderPictureSet } from './render/picture-set.ts'
import { type ThicknessOptions, computeWallThickness } from './thickness/wall-thickness.ts'
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
}

const DEFAULT_MAX_INPUT = 2_000_000_000

/**
 * Analyses one uploaded model: read (any supported format) -> per-body repair -> internal format and 3MF ->
 * measures, wall thickness and pictures. Pure apart from reading `input` when it is a path; safe to call in a
 * worker thread. Throws `AnalysisError` with a typed code for every bad input.
 */
export async function analyzeFile(input: ModelInput, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const limits = resolveLimits(options.limits)
  const unit: UnitOfLength = options.unit ?? 'mm'
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

  await checkpoint()
  progress('converting_to_stl')
  const format =
    options.format ?? (options.fileName === undefined ? undefined : formatFromFileName(options.fileName))
  if (options.format === undefined && options.fileName !== undefined && format === undefined) {
    throw new AnalysisError('unsupported_format', `Unsupported file type: ${options.fileName.slice(-40)}`)
  }
  const { format: readFormat, read } = await readModel(input, {
    format,
    limits,
    unitScaleToMm: unitToMm(unit),
    maxInputBytes: options.maxInputBytes ?? DEFAULT_MAX_INPUT,
  })
  lap('read')

  await checkpoint()
  progress('starting_analysis')
  const repaired = read.bodies.map((body) => repairBody(body))
  read.bodies.length = 0
  lap('repair')
  let totals = emptyCounters()
  for (const r of repaired) totals = addCounters(totals, r.counters)
  const repairInfo: RepairInfo = { ...totals, repaired: anyRepair(totals) }
  if (repairInfo.repaired) progress('repairing_file')

  await checkpoint()
  progress('converting_to_internal_format')
  const meshes = repaired.map((r) => r.mesh)
  const internalMesh = encodeMeshes(meshes)
  const threeMf = options.threeMf === false ? undefined : write3mf(meshes)
  lap('internal_format')

  await checkpoint()
  progress('analyzing_volume_and_dimensions')
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
  lap('measure')

  let thickness: AnalysisResult['thickness']
  if (options.thickness !== false && measures.triangles > 0) {
    await checkpoint()
    thickness = await computeWallThickness(
      meshes,
      typeof options.thickness === 'object' ? options.thickness : {},
    )
    lap('thickness')
  }
  let pictures: AnalysisResult['pictures']
  if (options.pictures !== false && measures.triangles > 0) {
    await checkpoint()
    const marks = repairInfo.repaired ? repaired.map((r) => r.repairMarks) : undefined
    pictures = renderPictureSet(meshes, marks, typeof options.pictures === 'object' ? options.pictures : {})
    lap('pictures')
  }
  progress('analysis_completed')
  return {
    format: readFormat,
    unit: { given: unit, source: read.unitSource, scaleToMm: read.unitScaleToMm },
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
