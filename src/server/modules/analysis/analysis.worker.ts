import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
// Only zod-free modules by value (types apart): the child loads what it imports at its start, which is the first
// upload's start after a server start (decision 0132).
import type { AnalysedProperties } from '#shared/contracts/analysis.contract.ts'
import { MM_PER_UNIT, type UnitOfLength } from '#shared/domain/limits.ts'
import { PICTURE_KEYS, type PictureKey } from '#shared/domain/picture-keys.ts'
import { type JobOutcome, serveJobs } from '#server/jobs/worker-runtime.ts'
import type {
  AnalysisSummary,
  AnalysisWorkerJob,
  AnalysisWorkerResult,
  StoredThicknessHistogram,
  WorkerReport,
} from '#server/modules/analysis/analysis-jobs.ts'
import {
  MESH_FILE,
  THICKNESS_FILE,
  picturePath,
  writeFileAtomic,
} from '#server/modules/analysis/analysis-storage.ts'
import {
  isAnalysisError,
  type AnalysisResult,
  analyzeFile,
  warmUpEngine,
  write3mf,
  type IndexedMesh,
  decodeMeshes,
  renderHistogramImage,
  decodeThickness,
  encodeThickness,
  type ThicknessHistogram,
  serveWallThickness,
  threadWallThickness,
  type WallThicknessRunner,
  type MeasuredModel,
} from '#engine/engine.ts'

/**
 * The analysis worker (started by worker-pool.ts through worker-bootstrap.mjs: a child process for analyses, a
 * thread for pictures, decision 0073): runs the synchronous engine and writes its big results straight to disk,
 * so only a small summary crosses back to the server.
 * Bad inputs come back as results (`engine-error`); anything thrown here is a bug.
 */

/** Copies of the bodies with every coordinate multiplied by `factor` (a 3MF is written in millimetres). */
function scaled(meshes: readonly IndexedMesh[], factor: number): IndexedMesh[] {
  if (factor === 1) return [...meshes]
  return meshes.map((mesh) => ({ ...mesh, positions: mesh.positions.map((value) => value * factor) }))
}

function storedHistogram(histogram: ThicknessHistogram): StoredThicknessHistogram {
  return {
    ...histogram,
    binEdgesMm: histogram.binEdgesMm.map((edge) => (Number.isFinite(edge) ? edge : null)),
    minMm: histogram.minMm ?? null,
    p5Mm: histogram.p5Mm ?? null,
    medianMm: histogram.medianMm ?? null,
  }
}

function analysedProperties(result: Pick<AnalysisResult, 'measures'>): AnalysedProperties {
  const { measures } = result
  return {
    dimensions: measures.dimensions,
    volume: measures.volume,
    surfaceArea: measures.area,
    shells: measures.shells,
    watertight: measures.watertight,
    // The mesh alone: closed and enclosing material. Print modes add their own rules when pricing.
    printable: measures.watertight && measures.volume > 0,
    // A mesh the repair could not turn outward keeps a negative signed volume; it encloses no material to price.
    internalVolume: Math.max(0, measures.pricing.internalVolume),
    externalVolume: measures.pricing.externalVolume,
    minX: measures.pricing.minX,
    maxX: measures.pricing.maxX,
    maxY: measures.pricing.maxY,
  }
}

function allFinite(properties: AnalysedProperties): boolean {
  const { dimensions, ...rest } = properties
  return [dimensions.x, dimensions.y, dimensions.z, ...Object.values(rest)].every(
    (value) => typeof value !== 'number' || Number.isFinite(value),
  )
}

async function writePictures(
  resultDir: string,
  kind: 'front' | 'repair',
  pictures: Partial<Record<PictureKey, Uint8Array>> | undefined,
): Promise<PictureKey[]> {
  const keys = PICTURE_KEYS.filter((key) => pictures?.[key] !== undefined)
  for (const key of keys) await writeFileAtomic(picturePath(resultDir, kind, key), pictures![key]!)
  return keys
}

/** The unit the analysed numbers are in: mm for formats that carry their own unit, else the unit given at upload. */
function numbersUnit(source: AnalysisResult['unit']['source'], givenUnit: UnitOfLength): UnitOfLength {
  return source === 'file' ? 'mm' : givenUnit
}

/**
 * The measures, reported before the wall thickness and the pictures (decision 0124 §2): the internal mesh is
 * written first, so the 3D view and the 3MF drawn on request have it; then the server stores the properties and the
 * configure form can open. Nothing is reported for what the final checks below would refuse.
 */
async function reportMeasured(
  job: Extract<AnalysisWorkerJob, { kind: 'analyze' }>,
  measured: MeasuredModel,
  report: (report: WorkerReport) => void,
): Promise<boolean> {
  if (measured.measures.triangles === 0) return false
  const properties = analysedProperties(measured)
  if (!allFinite(properties)) return false
  await writeFileAtomic(join(job.outDir, MESH_FILE), measured.internalMesh)
  report({
    kind: 'measured',
    measured: {
      format: measured.format,
      unit: numbersUnit(measured.unit.source, job.givenUnit),
      analysedProperties: properties,
      repairInfo: measured.repairInfo,
      triangles: measured.measures.triangles,
    },
  })
  // No 3MF here: it is drawn from the internal mesh when first asked for (decision 0135).
  return true
}

async function analyze(
  job: Extract<AnalysisWorkerJob, { kind: 'analyze' }>,
  progress: (report: WorkerReport) => void,
): Promise<AnalysisWorkerResult> {
  let result: AnalysisResult
  // The internal mesh, written when the measures were reported.
  let meshWritten = false
  try {
    result = await analyzeFile(job.sourcePath, {
      format: job.format,
      // Always the file's own numbers (unit mm = factor 1): the unit given at upload may change later without a
      // new analysis. 3MF and STEP carry a unit; the engine converts those to millimetres.
      unit: 'mm',
      limits: job.limits,
      maxInputBytes: job.maxInputBytes,
      threeMf: false,
      // The wall thickness on this process's second thread, when this analysis holds the server's one permit.
      thicknessRunner: job.secondThread ? secondThread() : undefined,
      onProgress: (code) => {
        if (code !== 'analysis_completed') progress(code)
      },
      onMeasured: async (measured) => {
        meshWritten = await reportMeasured(job, measured, progress)
      },
    })
  } catch (error) {
    if (isAnalysisError(error)) return { kind: 'engine-error', engineCode: error.code }
    throw error
  }
  progress('checking_printability')
  // The repair can remove everything (a soup of stray facets): nothing is left to print or show.
  if (result.measures.triangles === 0) return { kind: 'engine-error', engineCode: 'no_triangles' }
  const properties = analysedProperties(result)
  // Coordinates near the float32 limit (1e38) are finite but their volume is not: never store or price Infinity.
  if (!allFinite(properties)) return { kind: 'engine-error', engineCode: 'non_finite_coordinate' }
  const unit = numbersUnit(result.unit.source, job.givenUnit)

  if (!meshWritten) await writeFileAtomic(join(job.outDir, MESH_FILE), result.internalMesh)
  if (result.thickness !== undefined) {
    await writeFileAtomic(join(job.outDir, THICKNESS_FILE), encodeThickness(result.thickness.perFace))
  }
  const frontPictureKeys = await writePictures(job.outDir, 'front', result.pictures?.front)
  const repairImageKeys = await writePictures(job.outDir, 'repair', result.pictures?.repair)

  const summary: AnalysisSummary = {
    format: result.format,
    unit,
    analysedProperties: properties,
    repairInfo: result.repairInfo,
    frontPictureKeys,
    repairImageKeys,
    triangles: result.measures.triangles,
    thicknessHistogram: result.thickness === undefined ? null : storedHistogram(result.thickness.histogram),
    timingsMs: result.timingsMs,
  }
  return { kind: 'analysed', summary }
}

/**
 * Writes a file drawn on request. Without `createFolder` its folder must exist (a run folder removed meanwhile is not
 * made again). A failing write (disk full, I/O error) is an answer with the system's code, so the server can say
 * what went wrong.
 */
async function writeDrawn(
  job: { outPath: string; temporaryPath: string },
  data: Uint8Array,
  createFolder: boolean,
): Promise<AnalysisWorkerResult> {
  try {
    await writeFileAtomic(job.outPath, data, { createFolder, temporaryPath: job.temporaryPath })
    return { kind: 'written', bytes: data.length }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { kind: 'write-failed', ...(typeof code === 'string' ? { errno: code } : {}) }
  }
}

async function readMeshes(resultDir: string): Promise<IndexedMesh[]> {
  return decodeMeshes(await readFile(join(resultDir, MESH_FILE)))
}

async function handle(
  job: AnalysisWorkerJob,
  progress: (report: WorkerReport) => void,
): Promise<JobOutcome<AnalysisWorkerResult>> {
  switch (job.kind) {
    case 'analyze':
      // OpenCascade (STEP) stays loaded for good, about 260 MB: such a worker is replaced afterwards.
      return { value: await analyze(job, progress), recycle: job.format === 'step' }
    case 'histogram-image': {
      const meshes = await readMeshes(job.resultDir)
      const faces = meshes.reduce((sum, mesh) => sum + mesh.indices.length / 3, 0)
      if (faces !== job.faceCount)
        throw new Error(`The stored mesh has ${faces} faces, expected ${job.faceCount}`)
      const perFace = decodeThickness(await readFile(join(job.resultDir, THICKNESS_FILE)), faces)
      // Stored thickness is in the file's numbers; the engine's picture wants millimetres at scale 1.
      const mmPerUnit = MM_PER_UNIT[job.params.unitOfLength]
      const png = renderHistogramImage(
        meshes,
        perFace.map((value) => value * mmPerUnit),
        job.params,
      )
      // the cache folder is made by its first picture
      return { value: await writeDrawn(job, png, true) }
    }
    case 'export-3mf': {
      const threeMf = write3mf(scaled(await readMeshes(job.resultDir), job.mmPerUnit))
      if (threeMf === undefined) throw new Error('The stored mesh has no triangles')
      return { value: await writeDrawn(job, threeMf, false) }
    }
  }
}

/** workerData of the second thread: it serves the wall thickness instead of pool jobs. */
const WALL_THICKNESS_ROLE = 'wall-thickness'

let second: { runner: WallThicknessRunner; alive: boolean } | undefined

/**
 * The analysis child's second thread (decision 0122): the wall thickness of an analysis runs there while this
 * thread writes the internal format and the pictures. It is started through the same bootstrap and entry as
 * this child (its argv: the bootstrap's path, then this module's URL), so it loads the same way from the sources
 * (tsx) and from the bundle. It inherits this thread's nice value (serveJobs lowered it before). A dead one is
 * replaced at the next analysis; the engine computes the thickness itself when the thread fails.
 */
function secondThread(): WallThicknessRunner | undefined {
  if (second?.alive === true) return second.runner
  const [, bootstrap, entry] = process.argv
  if (bootstrap === undefined || entry === undefined) return undefined
  const worker = new Worker(pathToFileURL(bootstrap), {
    workerData: { entry, niceness: 0, role: WALL_THICKNESS_ROLE },
    execArgv: [],
  })
  // an idle second thread must not keep the child alive once its pool is gone
  worker.unref()
  const current = { runner: threadWallThickness(worker), alive: true }
  worker.once('exit', () => {
    current.alive = false
  })
  second = current
  return current.runner
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === WALL_THICKNESS_ROLE) {
  serveWallThickness(parentPort!)
} else {
  serveJobs(handle, { warmUp: warmUpEngine })
  // Started now, so its modules are loaded before the first analysis needs it.
  if (isMainThread) secondThread()
}
