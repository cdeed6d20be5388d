import type { StorageConfig } from '#server/config/env.ts'
import type { AnalysisModuleService } from '#server/modules/analysis/analysis.module.ts'
import type { CartModuleService } from '#server/modules/cart/cart.module.ts'

/**
 * The retention job (issue 13, decision 0077): abandoned carts (unchanged for CART_RETENTION_DAYS) go with their
 * items' previews and attachments, then uploads older than UPLOAD_RETENTION_DAYS that no remaining cart holds go
 * with their analysis results. It runs in the server process on an unref'd timer: first shortly after the start,
 * then every hour; `stop` waits for a run in progress, so the database is never closed under it. It owns no table:
 * the cart and analysis modules remove their own rows and files through their services.
 */

/** Rows per batch: a run removes everything due, a batch at a time. */
const BATCH = 200
const FIRST_RUN_DELAY_MS = 60_000
const INTERVAL_MS = 60 * 60_000

export interface RetentionReport {
  carts: number
  uploads: number
  /** Files or folders that could not be removed (logged; the runner's reaper retries upload folders). */
  fileErrors: number
}

export interface RetentionLog {
  info(object: object, message: string): void
  warn(object: object, message: string): void
}

export interface RetentionJobDeps {
  storage: Pick<StorageConfig, 'uploadRetentionDays' | 'cartRetentionDays'>
  carts: CartModuleService
  uploads: Pick<AnalysisModuleService, 'removeExpiredUploads' | 'removeUploadFolder'>
  log: RetentionLog
  firstRunDelayMs?: number
  intervalMs?: number
}

export function createRetentionJob(deps: RetentionJobDeps) {
  const { carts, uploads } = deps
  let timer: NodeJS.Timeout | undefined
  let running: Promise<RetentionReport> | undefined
  let stopped = false

  /** Removes one file or folder; a failure is counted and logged, never thrown (the rows are gone already). */
  async function remove(path: () => Promise<void>, what: object): Promise<number> {
    try {
      await path()
      return 0
    } catch (error) {
      deps.log.warn({ err: error, ...what }, 'retention could not remove a file')
      return 1
    }
  }

  async function removeCarts(report: RetentionReport): Promise<void> {
    for (;;) {
      const removed = await carts.removeAbandonedCarts(deps.storage.cartRetentionDays, BATCH)
      report.carts += removed.cartIds.length
      for (const name of removed.thumbnailNames) {
        report.fileErrors += await remove(() => carts.removeThumbnail(name), { thumbnail: name })
      }
      for (const id of removed.attachmentIds) {
        report.fileErrors += await remove(() => carts.removeAttachment(id), { attachment: id })
      }
      if (removed.cartIds.length < BATCH || stopped) return
    }
  }

  async function removeUploads(report: RetentionReport): Promise<void> {
    for (;;) {
      // What holds an upload whatever its age: an item of a cart not yet removed. An order module adds its own.
      const holders = [carts.modelFileHolder]
      const ids = await uploads.removeExpiredUploads(deps.storage.uploadRetentionDays, BATCH, holders)
      report.uploads += ids.length
      for (const id of ids) {
        report.fileErrors += await remove(() => uploads.removeUploadFolder(id), { upload: id })
      }
      if (ids.length < BATCH || stopped) return
    }
  }

  /** One run: carts first, so the uploads only they held are due in the same run. */
  async function runOnce(): Promise<RetentionReport> {
    const report: RetentionReport = { carts: 0, uploads: 0, fileErrors: 0 }
    await removeCarts(report)
    await removeUploads(report)
    if (report.carts + report.uploads > 0) deps.log.info({ ...report }, 'retention removed old data')
    return report
  }

  function schedule(delayMs: number): void {
    if (stopped) return
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => {
          deps.log.warn({ err: error }, 'retention run failed')
          return { carts: 0, uploads: 0, fileErrors: 0 }
        })
        .finally(() => {
          running = undefined
          schedule(deps.intervalMs ?? INTERVAL_MS)
        })
    }, delayMs)
    // Retention never keeps the process alive.
    timer.unref()
  }

  return {
    runOnce,
    start(): void {
      stopped = false
      schedule(deps.firstRunDelayMs ?? FIRST_RUN_DELAY_MS)
    },
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
export type RetentionJob = ReturnType<typeof createRetentionJob>
