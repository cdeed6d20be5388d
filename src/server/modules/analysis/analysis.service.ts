import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import {
  type AnalysisFile,
  type AnalysisFilePatch,
  type AnalysisTask,
  type AnalysisUploadResponse,
  type HistogramImageQuery,
  OBJECT_NAME_MAX,
  type PictureKey,
} from '#shared/contracts/analysis.contract.ts'
import { ALLOWED_MODEL_EXTENSIONS, FORMATS_WITH_OWN_UNIT, type UnitOfLength } from '#shared/domain/limits.ts'
import { modelExtensionOf } from '#shared/domain/upload-rules.ts'
import { MM_PER_UNIT } from '#shared/domain/units.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { AnalysisConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { WorkerPool } from '#server/jobs/worker-pool.ts'
import type {
  AnalysisWorkerJob,
  AnalysisWorkerResult,
  WorkerProgress,
} from '#server/modules/analysis/analysis-jobs.ts'
import {
  HISTOGRAM_CACHE_DIR,
  HISTOGRAM_CACHE_MAX_FILES,
  INCOMING_DIR,
  model3mfFileName,
  newIncomingPath,
  objectDir,
  picturePath,
  receiveUpload,
  sourcePath,
  storeUpload,
  UploadTooLargeError,
} from '#server/modules/analysis/analysis-storage.ts'
import { createAnalysisRepo, type ModelFileRow } from '#server/modules/analysis/analysis.repo.ts'
import { contentMatchesFormat } from '#server/modules/analysis/content-sniff.ts'
import type { Uploader } from '#server/modules/analysis/uploader-identity.ts'
import type { ModelFormat } from '#engine/engine.ts'

/**
 * The analysis endpoints' logic (spec part 1 §3 "3D file", §4, §7): storing uploads and the demo object, the
 * task to poll, the analysed file, its downloads and pictures. The analysis itself runs in analysis-runner.ts;
 * pictures drawn on request (thickness) and 3MF files for another unit are drawn by `renderPool`, never on the
 * event loop.
 */

export const DEMO_MODEL_PATH = fileURLToPath(new URL('./demo/demo-vase.stl', import.meta.url))
const DEMO_MODEL_NAME = 'Demo-Vase'

/** One answer for every id we cannot serve (unknown, malformed, not yet analysed): ids are not to be probed. */
export function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'Not found')
}

export type RenderPool = WorkerPool<AnalysisWorkerJob, AnalysisWorkerResult, WorkerProgress>

export interface AnalysisServiceDeps {
  db: Db
  settings: AnalysisConfig
  /** Called after an upload is stored: the local runner starts at once instead of at its next poll. */
  onTaskQueued?: () => void
  renderPool: () => RenderPool
  /** Time bound of one on-request picture or 3MF. */
  renderTimeoutMs?: number
  /** The local runner's lease owner, named in temporary files so its next start removes what a crash left. */
  incomingOwner?: string
}

export interface IncomingUpload {
  fileName: string
  stream: Readable
  /** Registers the listener the multipart parser calls when the size limit is hit. */
  onLimit: (listener: () => void) => void
  /** The parser cut the file at the size limit. */
  truncated: () => boolean
  givenUnit: UnitOfLength | undefined
  uploader: Uploader
  /** Checks the received file's size before it is stored (the daily quota); throwing refuses and removes it. */
  beforeStore?: (sizeBytes: number) => Promise<void>
}

export interface ServedFile {
  path: string
  /** Removed after sending (a picture that was not cached). */
  temporary: boolean
}

const FORMAT_OF_EXTENSION: Record<(typeof ALLOWED_MODEL_EXTENSIONS)[number], ModelFormat> = {
  stl: 'stl',
  ply: 'ply',
  '3ds': '3ds',
  '3mf': '3mf',
  step: 'step',
  stp: 'step',
}

function unsupportedFileType(): AppError {
  return new AppError(ErrorCode.UnsupportedFileType, 'Unsupported file type', {
    details: { supported: [...ALLOWED_MODEL_EXTENSIONS] },
  })
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g

const FILE_NAME_MAX = 255

/**
 * The part of a client's file name we keep: its last path segment, without control characters, at most 255
 * characters. A longer name loses the end of its stem, never its extension: the extension picks the format.
 */
export function cleanFileName(fileName: string): string {
  const base = (fileName.split(/[/\\]/).pop() ?? '').replace(CONTROL_CHARACTERS, '').trim()
  if (base.length <= FILE_NAME_MAX) return base
  const dot = base.lastIndexOf('.')
  const extension = dot > 0 && base.length - dot <= 8 ? base.slice(dot) : ''
  return base.slice(0, FILE_NAME_MAX - extension.length) + extension
}

/** The object's display name: the file name without its extension (spec: "Bracket.STL" shows as "Bracket"). */
export function objectNameOf(fileName: string): string {
  const clean = cleanFileName(fileName)
  const dot = clean.lastIndexOf('.')
  const name = (dot > 0 ? clean.slice(0, dot) : clean).trim().slice(0, OBJECT_NAME_MAX).trim()
  return name === '' ? 'Model' : name
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

export function createAnalysisService(deps: AnalysisServiceDeps) {
  const repo = createAnalysisRepo(deps.db)
  const { settings } = deps
  const renderTimeoutMs = deps.renderTimeoutMs ?? 30_000

  async function createObject(input: {
    tempPath: string
    format: ModelFormat
    fileName: string
    sizeBytes: number
    sha256: string
    givenUnit: UnitOfLength
    isDemo: boolean
    uploader: Uploader
  }): Promise<AnalysisUploadResponse> {
    const id = newId()
    const taskId = newId()
    // The file is complete before any row names it; a crash in between leaves a folder the reaper removes.
    await storeUpload(input.tempPath, sourcePath(settings.uploadsDir, id, input.format))
    try {
      await repo.insertUpload({
        id,
        taskId,
        name: objectNameOf(input.fileName),
        originalFileName: cleanFileName(input.fileName) || 'model',
        format: input.format,
        sizeBytes: input.sizeBytes,
        sha256: input.sha256,
        givenUnit: FORMATS_WITH_OWN_UNIT.has(input.format) ? 'mm' : input.givenUnit,
        isDemo: input.isDemo,
        ownerVisitor: input.uploader.visitorId,
        uploaderAddress: input.uploader.addressKey,
      })
    } catch (error) {
      await rm(objectDir(settings.uploadsDir, id), { recursive: true, force: true })
      throw error
    }
    deps.onTaskQueued?.()
    return { taskId, createdObject: { _id: id }, maxPolls: settings.maxPolls }
  }

  async function analysedRow(id: string): Promise<ModelFileRow & { result_dir: string; triangles: number }> {
    const row = await repo.findModelFile(id)
    if (row === undefined || row.state !== 'analysed' || row.result_dir === null || row.triangles === null) {
      throw notFound()
    }
    return { ...row, result_dir: row.result_dir, triangles: row.triangles }
  }

  function resultDirOf(row: { id: string; result_dir: string }): string {
    return join(objectDir(settings.uploadsDir, row.id), row.result_dir)
  }

  async function exists(path: string): Promise<boolean> {
    return (await stat(path).catch(() => undefined))?.isFile() === true
  }

  async function render(job: AnalysisWorkerJob): Promise<void> {
    try {
      await deps.renderPool().run(job, { timeoutMs: renderTimeoutMs })
    } catch (error) {
      throw Object.assign(new AppError(ErrorCode.ServiceUnavailable, 'The picture could not be drawn now'), {
        cause: error,
      })
    }
  }

  function toAnalysisFile(row: ModelFileRow): AnalysisFile {
    if (row.analysed_properties === null || row.files === null || row.front_pictures === null)
      throw notFound()
    const repair = row.repair_info
    return {
      _id: row.id,
      id: row.id,
      name: row.name,
      givenUnitOfLength: row.given_unit_of_length,
      analysedProperties: row.analysed_properties,
      files: row.files,
      frontPictures: row.front_pictures,
      repairInfo:
        repair === null
          ? null
          : {
              numberOfFlippedPolygons: repair.numberOfFlippedPolygons,
              numberOfRemovedFlatOpenShells: repair.numberOfRemovedFlatOpenShells,
              numberOfClosedOpenLoops: repair.numberOfClosedOpenLoops,
              numberOfMergedVertexPairs: repair.numberOfMergedVertexPairs,
              repairImages: repair.repairImages,
            },
      // A 3D file has no scale of its own: the cart item scales it (spec part 1 §3).
      scale: 1,
    }
  }

  return {
    /**
     * Stores an upload: extension first (no bytes stored for a .jpg), then the streamed file, then the content
     * sniff (a PNG named .stl is refused and removed), then the rows.
     */
    async upload(incoming: IncomingUpload): Promise<AnalysisUploadResponse> {
      const extension = modelExtensionOf(cleanFileName(incoming.fileName))
      if (extension === null) throw unsupportedFileType()
      const format = FORMAT_OF_EXTENSION[extension]
      let received
      try {
        received = await receiveUpload(incoming.stream, {
          uploadsDir: settings.uploadsDir,
          maxBytes: settings.maxUploadBytes,
          onLimit: incoming.onLimit,
          truncated: incoming.truncated,
          owner: deps.incomingOwner,
        })
      } catch (error) {
        if (error instanceof UploadTooLargeError) {
          throw new AppError(
            ErrorCode.FileTooLarge,
            `The file is larger than ${settings.maxUploadBytes} bytes`,
            {
              details: { maxBytes: settings.maxUploadBytes },
            },
          )
        }
        throw error
      }
      if (!contentMatchesFormat(received.head, received.size, format)) {
        await rm(received.tempPath, { force: true })
        throw unsupportedFileType()
      }
      try {
        await incoming.beforeStore?.(received.size)
      } catch (error) {
        await rm(received.tempPath, { force: true })
        throw error
      }
      return createObject({
        tempPath: received.tempPath,
        format,
        fileName: incoming.fileName,
        sizeBytes: received.size,
        sha256: received.sha256,
        givenUnit: incoming.givenUnit ?? 'mm',
        isDemo: false,
        uploader: incoming.uploader,
      })
    },

    /** The demo object (spec part 1 §4): the built-in vase, analysed like any upload. */
    async createDemo(uploader: Uploader): Promise<AnalysisUploadResponse> {
      await mkdir(join(settings.uploadsDir, INCOMING_DIR), { recursive: true })
      const tempPath = newIncomingPath(settings.uploadsDir, deps.incomingOwner, 'part')
      // 400 KB, part of the code: read whole, hashed, written like an upload.
      const bytes = await readFile(DEMO_MODEL_PATH)
      await writeFile(tempPath, bytes)
      return createObject({
        tempPath,
        format: 'stl',
        fileName: `${DEMO_MODEL_NAME}.stl`,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        givenUnit: 'mm',
        isDemo: true,
        uploader,
      })
    },

    async getTask(taskId: string): Promise<AnalysisTask> {
      const row = await repo.findTask(taskId)
      if (row === undefined) throw notFound()
      return {
        taskId: row.id,
        state: row.state,
        progress: row.progress,
        messages: row.messages,
        ...(row.state === 'failed' && row.error_code !== null
          ? {
              error: {
                code: row.error_code,
                ...(row.error_details === null ? {} : { details: row.error_details }),
              },
            }
          : {}),
      }
    },

    async getFile(id: string): Promise<AnalysisFile> {
      return toAnalysisFile(await analysedRow(id))
    },

    /**
     * Renames and/or re-units a file for its owner. Anyone else, and a request without a visitor cookie, gets the
     * same 404 as an unknown id (decision 0076): the answer does not say that the id exists.
     */
    async patchFile(
      id: string,
      visitorId: string | undefined,
      patch: AnalysisFilePatch,
    ): Promise<AnalysisFile> {
      const current = await analysedRow(id)
      if (visitorId === undefined || current.owner_visitor !== visitorId) throw notFound()
      // 3MF and STEP say their unit; pricing reads them as millimetres whatever a cart item says (pricing's
      // analysed-object.repo.ts), so another unit here would show one size and price another.
      if (FORMATS_WITH_OWN_UNIT.has(current.format) && (patch.givenUnitOfLength ?? 'mm') !== 'mm') {
        throw new AppError(ErrorCode.ValidationFailed, 'A 3MF or STEP file carries its own unit', {
          issues: [
            { path: ['givenUnitOfLength'], code: 'unit_from_file', message: 'The file is in millimetres' },
          ],
        })
      }
      const row = await repo.updateModelFile(id, visitorId, patch)
      if (row === undefined) throw notFound()
      return toAnalysisFile(row)
    },

    /** The repaired model as 3MF in millimetres, read in the file's current unit (drawn once per unit). */
    async model3mf(id: string, kind: 'model' | 'repaired'): Promise<ServedFile & { downloadName: string }> {
      const row = await analysedRow(id)
      if (kind === 'repaired' && row.files?.repaired === null) throw notFound()
      const unit = row.given_unit_of_length
      const path = join(resultDirOf(row), model3mfFileName(unit))
      if (!(await exists(path))) {
        await render({
          kind: 'export-3mf',
          resultDir: resultDirOf(row),
          outPath: path,
          mmPerUnit: MM_PER_UNIT[unit],
        })
      }
      const downloadName = `${row.name}${kind === 'repaired' ? '-repariert' : ''}.3mf`
      return { path, temporary: false, downloadName }
    },

    async picture(id: string, kind: 'front' | 'repair', key: PictureKey): Promise<ServedFile> {
      const row = await analysedRow(id)
      const listed = kind === 'front' ? row.front_pictures?.[key] : row.repair_info?.repairImages[key]
      if (listed === undefined) throw notFound()
      const path = picturePath(resultDirOf(row), kind, key)
      if (!(await exists(path))) throw notFound()
      return { path, temporary: false }
    },

    /**
     * The wall-thickness picture for one parameter set, cached on disk per set (the print mode's minimum feature
     * size is part of the key, so a catalogue change draws anew). The cache per model is bounded; beyond it a
     * picture is drawn, sent and removed.
     */
    async histogramImage(id: string, query: HistogramImageQuery): Promise<ServedFile> {
      const row = await analysedRow(id)
      const minFeatureSizeMm = await repo.printModeMinFeatureSizeMm(query.printModeId)
      if (minFeatureSizeMm === undefined) throw notFound()
      const params = {
        scale: query.scale,
        unitOfLength: query.unitOfLength,
        direction: query.direction,
        rotation: query.rotation,
        minFeatureSizeMm,
      }
      const key = createHash('sha256').update(JSON.stringify(params)).digest('base64url').slice(0, 32)
      const cacheDir = join(resultDirOf(row), HISTOGRAM_CACHE_DIR)
      const cached = join(cacheDir, `${key}.png`)
      if (await exists(cached)) return { path: cached, temporary: false }
      const cacheFull =
        (await readdir(cacheDir).catch(() => [] as string[])).length >= HISTOGRAM_CACHE_MAX_FILES
      const outPath = cacheFull ? newIncomingPath(settings.uploadsDir, deps.incomingOwner, 'png') : cached
      await render({
        kind: 'histogram-image',
        resultDir: resultDirOf(row),
        faceCount: row.triangles,
        outPath,
        params,
      })
      return { path: outPath, temporary: cacheFull }
    },
  }
}
export type AnalysisService = ReturnType<typeof createAnalysisService>
