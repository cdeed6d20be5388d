import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { AnalysisConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { createWorkerPool, WorkerJobError, type WorkerPool } from '#server/jobs/worker-pool.ts'
import {
  type AnalysisWorkerJob,
  type AnalysisWorkerResult,
  failureForEngineError,
  failureForReason,
  TASK_MESSAGE_FOR,
  TASK_PROGRESS_FOR,
  type TaskFailure,
  type WorkerProgress,
} from '#server/modules/analysis/analysis-jobs.ts'
import { type ClaimedTask, createAnalysisQueueRepo } from '#server/modules/analysis/analysis-queue.repo.ts'
import {
  INCOMING_DIR,
  isIncomingOfEarlierBoot,
  newRunDirName,
  objectDir,
  sourcePath,
} from '#server/modules/analysis/analysis-storage.ts'
import { SERVER_ENGINE_LIMITS, checkAnalysisMemory } from '#engine/engine.ts'

/**
 * Runs analysis tasks from the analysis_tasks table on a pool of child processes (docs/decisions/0040, 0041,
 * 0073: a child's out-of-memory ends only that analysis, where a thread's can end the whole server):
 * claims a task with a lease whenever a worker is free, renews the lease while the worker runs, records progress
 * messages, and commits the result or the failure only if it still owns the lease. Any number of server processes
 * may run one each against the same PostgreSQL; a task whose process died is claimed again once its lease expires,
 * at most `maxAttempts` times in all, and a task whose run was in flight twice when its process ended is failed
 * (quarantined) instead of run again.
 */

export interface RunnerLog {
  info(object: Record<string, unknown>, message: string): void
  warn(object: Record<string, unknown>, message: string): void
  error(object: Record<string, unknown>, message: string): void
}

export interface AnalysisRunner {
  /** `<instance id>:<boot id>`, the value of lease_owner for this process's claims. */
  readonly owner: string
  start(log: RunnerLog): Promise<void>
  /** Look for work now (after an upload) instead of at the next poll. */
  wake(): void
  /** Stops claiming, hands running tasks back to the queue and stops the workers. */
  stop(): Promise<void>
  /** Resolves once the workers have loaded the engine (tests and benchmarks wait for it). */
  ready(): Promise<void>
}

export interface AnalysisRunnerOptions {
  db: Db
  config: { dataDir: string; analysis: AnalysisConfig }
  /** Stable across restarts of this server; defaults to the one stored in DATA_DIR. */
  instanceId?: string
}

/** The engine limits of an upload's analysis (kept with the memory estimate in engine-limits.ts). */
export const ANALYSIS_ENGINE_LIMITS = SERVER_ENGINE_LIMITS

/** Partial uploads and folders without a row are removed once they are this old (commerce-reliability check 26). */
const REAP_AFTER_MS = 15 * 60_000
const REAP_INTERVAL_MS = 10 * 60_000

/** An id for this installation's DATA_DIR, kept across restarts: its leases from an earlier life are known dead. */
export function loadOrCreateInstanceId(dataDir: string): string {
  const file = join(dataDir, 'instance-id')
  if (existsSync(file)) {
    const id = readFileSync(file, 'utf8').trim()
    if (/^[A-Za-z0-9_-]{16,}$/.test(id)) return id
  }
  const id = randomBytes(12).toString('base64url')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${id}\n`)
  return id
}

const silentLog: RunnerLog = { info: () => undefined, warn: () => undefined, error: () => undefined }

export function createAnalysisRunner(options: AnalysisRunnerOptions): AnalysisRunner {
  const settings = options.config.analysis
  const instanceId = options.instanceId ?? loadOrCreateInstanceId(options.config.dataDir)
  const owner = `${instanceId}:${randomBytes(6).toString('base64url')}`
  const queue = createAnalysisQueueRepo(options.db)
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>()
  let log = silentLog
  let pool: WorkerPool<AnalysisWorkerJob, AnalysisWorkerResult, WorkerProgress> | undefined
  let started = false
  let stopping = false
  let ticking = false
  let tickAgain = false
  let pollTimer: NodeJS.Timeout | undefined
  let reapTimer: NodeJS.Timeout | undefined

  function getPool(): WorkerPool<AnalysisWorkerJob, AnalysisWorkerResult, WorkerProgress> {
    pool ??= createWorkerPool({
      name: 'analysis',
      entry: new URL('./analysis.worker.ts', import.meta.url),
      size: settings.workers,
      backend: 'process',
      eager: true,
      resourceLimits: { maxOldGenerationSizeMb: settings.workerHeapMb },
      onWorkerError: (error) => log.warn({ err: error }, 'analysis worker died'),
    })
    return pool
  }

  function schedule(): void {
    clearTimeout(pollTimer)
    if (stopping || !started) return
    pollTimer = setTimeout(() => void tick(), settings.pollMs)
    pollTimer.unref()
  }

  async function tick(): Promise<void> {
    if (stopping || !started) return
    if (ticking) {
      tickAgain = true
      return
    }
    ticking = true
    try {
      for (const taskId of await queue.failExhausted(settings.maxAttempts)) {
        log.warn({ taskId }, 'analysis task failed: its process died on every attempt')
      }
      for (const taskId of await queue.failQuarantined()) {
        log.warn({ taskId }, 'analysis task quarantined: its server process ended during two of its runs')
      }
      while (!stopping && active.size < settings.workers) {
        const task = await queue.claim(owner, settings.leaseMs, settings.maxAttempts)
        if (task === undefined) break
        const controller = new AbortController()
        const done = runTask(task, controller)
          // Only a database error while recording the outcome gets here; the lease then expires and it runs again.
          .catch((error: unknown) =>
            log.error({ err: error, taskId: task.id }, 'analysis outcome not recorded'),
          )
          .finally(() => {
            active.delete(task.id)
            void tick()
          })
        active.set(task.id, { controller, done })
      }
    } catch (error) {
      log.error({ err: error }, 'analysis queue poll failed')
    } finally {
      ticking = false
      if (tickAgain) {
        tickAgain = false
        void tick()
      } else {
        schedule()
      }
    }
  }

  async function removeRunDirs(dir: string, keep: string | undefined): Promise<void> {
    const entries = await readdir(dir).catch(() => [] as string[])
    await Promise.all(
      entries
        .filter((name) => name.startsWith('run-') && name !== keep)
        .map((name) => rm(join(dir, name), { recursive: true, force: true })),
    )
  }

  async function endAsFailed(task: ClaimedTask, failure: TaskFailure): Promise<void> {
    if (await queue.fail(task, owner, failure)) {
      log.info({ taskId: task.id, ...failure.details, code: failure.code }, 'analysis failed')
    } else {
      log.warn({ taskId: task.id }, 'analysis lease lost before its failure was recorded')
    }
  }

  async function runTask(task: ClaimedTask, controller: AbortController): Promise<void> {
    const dir = objectDir(settings.uploadsDir, task.modelFileId)
    const runDir = newRunDirName(task.attempts)
    const outDir = join(dir, runDir)
    let committed = false
    // Progress rows are written in order, each only while the lease is ours.
    let messages: Promise<void> = Promise.resolve()
    const onProgress = (code: WorkerProgress): void => {
      const message = TASK_MESSAGE_FOR[code]
      messages = messages
        .then(() => queue.addMessage(task.id, owner, message, TASK_PROGRESS_FOR[message]))
        .then((owned) => {
          if (!owned) controller.abort('lease_lost')
        })
        .catch((error: unknown) =>
          log.warn({ err: error, taskId: task.id }, 'analysis progress not recorded'),
        )
    }
    const onStart = (): void => {
      queue
        .markStarted(task.id, owner)
        .catch((error: unknown) => log.warn({ err: error, taskId: task.id }, 'analysis start not recorded'))
    }
    // The heartbeat runs on the main thread while the worker computes: the event loop is free, so it is on time.
    const heartbeat = setInterval(
      () => {
        queue.heartbeat(task.id, owner, settings.leaseMs).then(
          (owned) => {
            if (!owned) controller.abort('lease_lost')
          },
          (error: unknown) => log.warn({ err: error, taskId: task.id }, 'analysis lease not renewed'),
        )
      },
      Math.max(100, Math.floor(settings.leaseMs / 3)),
    )
    try {
      const source = sourcePath(settings.uploadsDir, task.modelFileId, task.format)
      const memory = await checkAnalysisMemory(source, task.format, settings.workerHeapMb)
      if (!memory.fits) {
        log.info(
          { taskId: task.id, ...memory.counts, estimatedMb: memory.estimatedMb },
          'analysis over budget',
        )
        await endAsFailed(task, failureForReason('memory_limit'))
        return
      }
      await mkdir(outDir, { recursive: true })
      const result = await getPool().run(
        {
          kind: 'analyze',
          sourcePath: source,
          format: task.format,
          givenUnit: task.givenUnit,
          outDir,
          limits: ANALYSIS_ENGINE_LIMITS,
          maxInputBytes: settings.maxUploadBytes,
        },
        { timeoutMs: settings.timeoutMs, signal: controller.signal, onProgress, onStart },
      )
      await queue.countRun(task.id)
      await messages
      if (result.kind === 'analysed') {
        committed = await queue.complete(task, owner, runDir, result.summary)
        if (committed) {
          log.info(
            { taskId: task.id, triangles: result.summary.triangles, timingsMs: result.summary.timingsMs },
            'analysis completed',
          )
        } else {
          log.warn({ taskId: task.id }, 'analysis lease lost: result discarded')
        }
      } else if (result.kind === 'engine-error') {
        await endAsFailed(task, failureForEngineError(result.engineCode))
      } else {
        await endAsFailed(task, failureForReason('worker_crashed'))
      }
    } catch (error) {
      await messages
      if (error instanceof WorkerJobError) {
        switch (error.failure) {
          case 'timeout':
          case 'memory_limit':
            await queue.countRun(task.id)
            await endAsFailed(task, failureForReason(error.failure))
            break
          case 'worker_crashed':
          case 'handler_error':
            await queue.countRun(task.id)
            log.error({ err: error, taskId: task.id }, 'analysis worker failed')
            await endAsFailed(task, failureForReason('worker_crashed'))
            break
          case 'aborted':
          case 'pool_closed':
          case 'pool_busy':
            if (controller.signal.reason === 'lease_lost') {
              log.warn({ taskId: task.id }, 'analysis lease lost: run stopped')
            } else if (await queue.release(task.id, owner)) {
              log.info({ taskId: task.id }, 'analysis handed back to the queue')
            }
            break
        }
      } else {
        // A database or disk error around the run: the lease expires and another attempt runs it.
        log.error({ err: error, taskId: task.id }, 'analysis run failed')
      }
    } finally {
      clearInterval(heartbeat)
      await removeRunDirs(dir, committed ? runDir : undefined).catch((error: unknown) =>
        log.warn({ err: error, taskId: task.id }, 'analysis run folder not removed'),
      )
    }
  }

  /**
   * At start: the temporary files an earlier boot of this server was writing when it died (a kill -9 in the middle
   * of an upload). Nobody can still be writing them, so they go now instead of after the reaper's 15 minutes;
   * other servers' files on a shared UPLOADS_DIR carry other instance ids and are left alone.
   */
  async function removeIncomingOfEarlierBoots(): Promise<void> {
    const incoming = join(settings.uploadsDir, INCOMING_DIR)
    const names = await readdir(incoming).catch(() => [] as string[])
    const left = names.filter((name) => isIncomingOfEarlierBoot(name, instanceId, owner))
    await Promise.all(left.map((name) => rm(join(incoming, name), { force: true })))
    if (left.length > 0)
      log.info({ files: left.length }, 'partial uploads of the previous run of this server removed')
  }

  /** Partial uploads of crashed requests, and folders whose row was never written (crash between the two). */
  async function reap(): Promise<void> {
    const now = Date.now()
    const isOld = async (path: string): Promise<boolean> => {
      const info = await stat(path).catch(() => undefined)
      return info !== undefined && now - info.mtimeMs > REAP_AFTER_MS
    }
    const incoming = join(settings.uploadsDir, INCOMING_DIR)
    for (const name of await readdir(incoming).catch(() => [] as string[])) {
      const path = join(incoming, name)
      if (await isOld(path)) await rm(path, { force: true })
    }
    const folders = (await readdir(settings.uploadsDir).catch(() => [] as string[])).filter(
      (name) => !name.startsWith('.'),
    )
    for (let i = 0; i < folders.length; i += 500) {
      const batch = folders.slice(i, i + 500)
      const known = await queue.existingModelFileIds(batch)
      for (const name of batch) {
        const path = join(settings.uploadsDir, name)
        if (!known.has(name) && (await isOld(path))) await rm(path, { recursive: true, force: true })
      }
    }
  }

  return {
    owner,

    async start(runnerLog) {
      if (started) return
      started = true
      log = runnerLog
      const expired = await queue.expireStaleLeasesOf(instanceId, owner)
      if (expired > 0)
        log.info({ tasks: expired }, 'analysis tasks of the previous run of this server reclaimed')
      await removeIncomingOfEarlierBoots()
      getPool()
        .warmUp()
        .catch((error: unknown) => log.error({ err: error }, 'analysis workers did not start'))
      const runReaper = (): void => {
        reap().catch((error: unknown) => log.warn({ err: error }, 'upload reaper failed'))
      }
      runReaper()
      reapTimer = setInterval(runReaper, REAP_INTERVAL_MS)
      reapTimer.unref()
      void tick()
    },

    wake() {
      void tick()
    },

    async stop() {
      stopping = true
      clearTimeout(pollTimer)
      clearInterval(reapTimer)
      for (const { controller } of active.values()) controller.abort('shutdown')
      await Promise.allSettled([...active.values()].map((entry) => entry.done))
      await pool?.close()
    },

    async ready() {
      await getPool().warmUp()
    },
  }
}
