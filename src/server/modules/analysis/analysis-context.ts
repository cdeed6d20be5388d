import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { AnalysisConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import type { WorkerPool } from '#server/jobs/worker-pool.ts'
import type {
  AnalysisWorkerJob,
  AnalysisWorkerResult,
  DrawingRequest,
  WorkerReport,
} from '#server/modules/analysis/analysis-jobs.ts'
import { objectDir, temporaryPathFor } from '#server/modules/analysis/analysis-storage.ts'
import { createAnalysisRepo, type ModelFileRow } from '#server/modules/analysis/analysis.repo.ts'

/** What the analysis service's parts share: settings, the repo, the analysed row and on-request drawing. */

export type RenderPool = WorkerPool<AnalysisWorkerJob, AnalysisWorkerResult, WorkerReport>

export interface AnalysisServiceDeps {
  db: Db
  settings: AnalysisConfig
  /** Called after an upload is stored: the local runner starts at once instead of at its next poll. */
  onTaskQueued?: () => void
  /** Called when an upload's body starts to arrive: the runner starts its workers meanwhile. */
  onUploadStarted?: () => void
  renderPool: () => RenderPool
  /** Time bound of one on-request picture or 3MF. */
  renderTimeoutMs?: number
  /** The local runner's lease owner, named in temporary files so its next start removes what a crash left. */
  incomingOwner?: string
  /**
   * Resolves when the local runner changes the task, or after `timeoutMs`: a held task poll answers then (decision
   * 0124). Absent (no local runner): a held poll waits its whole time.
   */
  nextTaskChange?: (taskId: string, timeoutMs: number) => Promise<void>
}

/** One answer for every id we cannot serve (unknown, malformed, not yet analysed): ids are not to be probed. */
export function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'Not found')
}

/** Disk full (or over quota) against every other write failure. */
function writeFailed(errno: string | undefined): AppError {
  return errno === 'ENOSPC' || errno === 'EDQUOT'
    ? new AppError(ErrorCode.InsufficientStorage, 'Too little free disk space to write the file now', {
        internal: { errno },
      })
    : new AppError(ErrorCode.ServiceUnavailable, 'The file could not be written now', {
        internal: { errno: errno ?? 'unknown' },
      })
}

export function createAnalysisContext(deps: AnalysisServiceDeps) {
  const repo = createAnalysisRepo(deps.db)
  const { settings } = deps
  const renderTimeoutMs = deps.renderTimeoutMs ?? 30_000

  return {
    deps,
    repo,
    settings,

    /**
     * The row of an analysed model file, or of one measured while its analysis goes on (`analysing` with its
     * measures stored, decision 0124 §2: its file answer, 3D model and 3MF can be served); anything else is the
     * same 404.
     */
    async analysedRow(id: string): Promise<ModelFileRow & { result_dir: string; triangles: number }> {
      const row = await repo.findModelFile(id)
      if (
        row === undefined ||
        row.state === 'failed' ||
        row.analysed_properties === null ||
        row.result_dir === null ||
        row.triangles === null
      ) {
        throw notFound()
      }
      return { ...row, result_dir: row.result_dir, triangles: row.triangles }
    },

    resultDirOf(row: { id: string; result_dir: string }): string {
      return join(objectDir(settings.uploadsDir, row.id), row.result_dir)
    },

    async exists(path: string): Promise<boolean> {
      return (await stat(path).catch(() => undefined))?.isFile() === true
    },

    /**
     * Draws a picture or 3MF on the render pool, never on the event loop. A full disk is a 507, any other failure
     * (the worker, a timeout, a write) a 503: codes the client says in the visitor's language. `millions` of
     * triangles above one lengthen the time bound in proportion (a 3MF of the largest models, decision 0135).
     */
    async render(request: DrawingRequest, millions = 1): Promise<void> {
      const job: AnalysisWorkerJob = { ...request, temporaryPath: temporaryPathFor(request.outPath) }
      let result: AnalysisWorkerResult
      try {
        result = await deps.renderPool().run(job, { timeoutMs: renderTimeoutMs * Math.max(1, millions) })
      } catch (error) {
        // A worker ended by the time bound or a crash may have begun the write: its part of a file goes too.
        await rm(job.temporaryPath, { force: true })
        throw Object.assign(
          new AppError(ErrorCode.ServiceUnavailable, 'The picture could not be drawn now'),
          {
            cause: error,
          },
        )
      }
      if (result.kind === 'write-failed') throw writeFailed(result.errno)
    },
  }
}
export type AnalysisContext = ReturnType<typeof createAnalysisContext>
