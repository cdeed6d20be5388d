import { readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { StaffUpload, StaffUploadListResponse } from '#shared/contracts/staff-sheet.contract.ts'
import type { Config } from '#server/config/env.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Db } from '#server/db/db.ts'
import { createWorkerPool } from '#server/jobs/worker-pool.ts'
import {
  createAnalysedObjectRepo,
  createCachedAnalysedObjectRepo,
  type AnalysedObjectRepo,
} from '#server/modules/analysis/analysed-object.repo.ts'
import {
  type AnalysedUploadQuery,
  createAnalysedUploadsRepo,
} from '#server/modules/analysis/analysed-uploads.repo.ts'
import { type AnalysisRunner, createAnalysisRunner } from '#server/modules/analysis/analysis-runner.ts'
import { objectDir, sourcePath, THICKNESS_FILE } from '#server/modules/analysis/analysis-storage.ts'
import { createAnalysisRepo, type ModelFileRow } from '#server/modules/analysis/analysis.repo.ts'
import { createAnalysisRoutes } from '#server/modules/analysis/analysis.routes.ts'
import {
  type AnalysisService,
  createAnalysisService,
  type RenderPool,
} from '#server/modules/analysis/analysis.service.ts'
import { createUploadAdmission } from '#server/modules/analysis/upload-admission.ts'
import {
  createUploadRetentionRepo,
  type ModelFileHolder,
} from '#server/modules/analysis/upload-retention.repo.ts'
import { createUploaderIdentity } from '#server/modules/analysis/uploader-identity.ts'

export type { AnalysedObject, AnalysedObjectRepo } from '#server/modules/analysis/analysed-object.repo.ts'
export type { AnalysedUploadQuery } from '#server/modules/analysis/analysed-uploads.repo.ts'
export type { AnalysisRunner } from '#server/modules/analysis/analysis-runner.ts'
export type { ModelFileRow } from '#server/modules/analysis/analysis.repo.ts'
export type { ModelFileHolder } from '#server/modules/analysis/upload-retention.repo.ts'
export { visitorCookieName } from '#server/modules/analysis/uploader-identity.ts'

/** The local analysis runner as the routes need it: woken after an upload; its owner names temporary files. */
export interface AnalysisRunnerHandle {
  wake(): void
  /** An upload has begun (optional: a runner elsewhere warms its own workers). */
  prewarm?(): void
  /** The next change of a task it runs, or the timeout (optional: held task polls then wait their whole time). */
  nextChange?(taskId: string, timeoutMs: number): Promise<void>
  readonly owner: string
}

export interface AnalysisModuleDeps {
  db: Db
  config: Config
  /** Logs render-worker deaths. */
  log: FastifyBaseLogger
  /**
   * Run analyses in this process: `own` builds the runner here (main.ts starts and stops it), a handle uses a runner
   * built elsewhere (tests), absent: another process or the next poll picks tasks up.
   */
  runner?: 'own' | AnalysisRunnerHandle
  /** Where pricing reads analysed objects; the `model_files` table (cached) by default, a double in tests. */
  analysedObjects?: AnalysedObjectRepo
}

/** What other modules may use of the analysis: never its tables. */
export interface AnalysisModuleService extends AnalysedObjectRepo {
  /** A model file as its row (the cart reads its name, unit, size and repair). */
  findModelFile(id: string): Promise<ModelFileRow | undefined>
  /** The sheet editor's object picker (decision 0114): analysed uploads, newest first, with their measures in mm. */
  listAnalysedUploads(query: AnalysedUploadQuery): Promise<StaffUploadListResponse>
  /** One analysed upload as the picker lists it; undefined while unknown or not analysed. */
  findAnalysedUpload(id: string): Promise<StaffUpload | undefined>
  /** Retention: up to `limit` uploads older than `days` days that no holder holds, removed; their ids. */
  removeExpiredUploads(days: number, limit: number, holders: readonly ModelFileHolder[]): Promise<string[]>
  /** Retention: an upload's folder, after its row is gone. */
  removeUploadFolder(id: string): Promise<void>
  /**
   * The upload as it arrived, for staff (an order line's file, decision 0107): its path and its original name;
   * undefined when the row or the file is gone.
   */
  uploadedFile(id: string): Promise<UploadedFile | undefined>
  /**
   * The wall-thickness picture (PNG) the customer's configure view shows first (view from +X, not rotated), for an
   * order line's printability note (decision 0107); undefined when the object has no wall-thickness analysis, is
   * gone, or the print mode is unknown. A picture that cannot be drawn now is a 503.
   */
  wallThicknessPicture(
    id: string,
    params: { scale: number; unitOfLength: UnitOfLength; printModeId: string },
  ): Promise<Uint8Array | undefined>
}

export interface UploadedFile {
  path: string
  fileName: string
}

export interface AnalysisModule {
  plugin: FastifyPluginAsync
  service: AnalysisModuleService
  /** The runner built here (`runner: 'own'`), for main.ts to start after migrations and stop on shutdown. */
  runner?: AnalysisRunner
}

/**
 * Thickness pictures and 3MF files for another unit are drawn on request: one extra worker, started on first use
 * and stopped when idle, so the event loop never rasterises a million triangles.
 */
function createLazyRenderPool(config: Config, log: FastifyBaseLogger) {
  let pool: RenderPool | undefined
  return {
    get: (): RenderPool =>
      (pool ??= createWorkerPool({
        name: 'render',
        entry: new URL('./analysis.worker.ts', import.meta.url),
        size: 1,
        idleTimeoutMs: 30_000,
        maxQueued: 32,
        resourceLimits: { maxOldGenerationSizeMb: config.analysis.workerHeapMb },
        // Someone waits for this picture: ahead of background analyses, still behind request handling.
        niceness: 5,
        onWorkerError: (error) => log.warn({ err: error }, 'render worker died'),
      })),
    close: async () => {
      await pool?.close()
    },
  }
}

/** Retention's view of the uploads: old rows nothing holds, then their folders. */
export function createUploadRetention(
  db: Db,
  uploadsDir: string,
): Pick<AnalysisModuleService, 'removeExpiredUploads' | 'removeUploadFolder'> {
  const retention = createUploadRetentionRepo(db)
  return {
    removeExpiredUploads: (days, limit, holders) => retention.removeExpiredUploads(days, limit, holders),
    removeUploadFolder: (id) => rm(objectDir(uploadsDir, id), { recursive: true, force: true }),
  }
}

/** An upload's source file when its row and the file exist (the retention job may have removed both). */
async function uploadedFileOf(
  repo: Pick<ReturnType<typeof createAnalysisRepo>, 'findModelFile'>,
  uploadsDir: string,
  id: string,
): Promise<UploadedFile | undefined> {
  const row = await repo.findModelFile(id)
  if (row === undefined) return undefined
  const path = sourcePath(uploadsDir, id, row.format)
  const found = await stat(path).catch(() => undefined)
  return found?.isFile() === true ? { path, fileName: row.original_file_name } : undefined
}

/** The first wall-thickness picture of an analysed object, read into memory (it goes into a mail). */
async function wallThicknessPictureOf(
  analysis: Pick<AnalysisService, 'histogramImage'>,
  repo: Pick<ReturnType<typeof createAnalysisRepo>, 'findModelFile'>,
  uploadsDir: string,
  id: string,
  params: { scale: number; unitOfLength: UnitOfLength; printModeId: string },
): Promise<Uint8Array | undefined> {
  const row = await repo.findModelFile(id)
  if (
    row === undefined ||
    row.state !== 'analysed' ||
    row.result_dir === null ||
    row.thickness_histogram === null
  )
    return undefined
  const thickness = join(objectDir(uploadsDir, id), row.result_dir, THICKNESS_FILE)
  if ((await stat(thickness).catch(() => undefined))?.isFile() !== true) return undefined
  let served: { path: string; temporary: boolean }
  try {
    served = await analysis.histogramImage(id, { ...params, direction: 'PX', rotation: 0 })
  } catch (error) {
    // An unknown print mode (or a row gone meanwhile) is "no picture"; a drawing failure stays a 503.
    if (error instanceof AppError && error.code === ErrorCode.NotFound) return undefined
    throw error
  }
  try {
    return new Uint8Array(await readFile(served.path))
  } finally {
    if (served.temporary) await rm(served.path, { force: true })
  }
}

/** The analysis (spec part 1 §7): uploads, the task queue's runner, the render worker, its routes and service. */
export function createAnalysisModule(deps: AnalysisModuleDeps): AnalysisModule {
  const { db, config } = deps
  const ownRunner = deps.runner === 'own' ? createAnalysisRunner({ db, config }) : undefined
  const runner = ownRunner ?? (deps.runner === 'own' ? undefined : deps.runner)
  const renderPool = createLazyRenderPool(config, deps.log)
  const analysis = createAnalysisService({
    db,
    settings: config.analysis,
    renderPool: renderPool.get,
    ...(runner === undefined
      ? {}
      : {
          onTaskQueued: () => runner.wake(),
          onUploadStarted: () => runner.prewarm?.(),
          incomingOwner: runner.owner,
          ...(runner.nextChange === undefined
            ? {}
            : {
                nextTaskChange: (taskId: string, timeoutMs: number) => runner.nextChange!(taskId, timeoutMs),
              }),
        }),
  })
  const routes = createAnalysisRoutes({
    service: analysis,
    settings: config.analysis,
    identity: createUploaderIdentity({
      secret: config.sessionSecret,
      secureCookie: config.publicUrl.startsWith('https://'),
    }),
    admission: createUploadAdmission({ db, limits: config.storage, uploadsDir: config.analysis.uploadsDir }),
  })
  const repo = createAnalysisRepo(db)
  const uploads = createAnalysedUploadsRepo(db)
  const analysedObjects = deps.analysedObjects ?? createCachedAnalysedObjectRepo(createAnalysedObjectRepo(db))
  return {
    async plugin(app) {
      app.addHook('onClose', renderPool.close)
      await app.register(routes)
    },
    service: {
      findAnalysedObject: (id) => analysedObjects.findAnalysedObject(id),
      findModelFile: (id) => repo.findModelFile(id),
      listAnalysedUploads: (query) => uploads.listAnalysedUploads(query),
      findAnalysedUpload: (id) => uploads.findAnalysedUpload(id),
      uploadedFile: (id) => uploadedFileOf(repo, config.analysis.uploadsDir, id),
      wallThicknessPicture: (id, params) =>
        wallThicknessPictureOf(analysis, repo, config.analysis.uploadsDir, id, params),
      ...createUploadRetention(db, config.analysis.uploadsDir),
    },
    ...(ownRunner === undefined ? {} : { runner: ownRunner }),
  }
}
