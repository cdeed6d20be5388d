import { randomBytes } from 'node:crypto'
import type { AnalysisConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { createWorkerPool } from '#server/jobs/worker-pool.ts'
import { type ClaimedTask, createAnalysisQueueRepo } from '#server/modules/analysis/analysis-queue.repo.ts'
import {
  type AnalysisPool,
  runAnalysisTask,
  type RunnerLog,
  type TaskRunContext,
} from '#server/modules/analysis/analysis-task-run.ts'
import { createTaskChanges } from '#server/modules/analysis/task-changes.ts'
import {
  loadOrCreateInstanceId,
  REAP_INTERVAL_MS,
  reapUploads,
  removeIncomingOfEarlierBoots,
} from '#server/modules/analysis/analysis-upload-reaper.ts'

/**
 * Runs analysis tasks from the analysis_tasks table on a pool of child processes (docs/decisions/0040, 0041,
 * 0073: a child's out-of-memory ends only that analysis, where a thread's can end the whole server):
 * claims a task with a lease whenever a worker is free, renews the lease while the worker runs, records progress
 * messages, and commits the result or the failure only if it still owns the lease. Any number of server processes
 * may run one each against the same PostgreSQL; a task whose process died is claimed again once its lease expires,
 * at most `maxAttempts` times in all, and a task whose run was in flight twice when its process ended is failed
 * (quarantined) instead of run again.
 *
 * The parts: claiming (here), running one task and storing its outcome (analysis-task-run.ts), cleaning up
 * uploads (analysis-upload-reaper.ts).
 */

export type { RunnerLog } from '#server/modules/analysis/analysis-task-run.ts'
export { loadOrCreateInstanceId } from '#server/modules/analysis/analysis-upload-reaper.ts'

export interface AnalysisRunner {
  /** `<instance id>:<boot id>`, the value of lease_owner for this process's claims. */
  readonly owner: string
  start(log: RunnerLog): Promise<void>
  /** Look for work now (after an upload) instead of at the next poll. */
  wake(): void
  /** An upload has begun: start a worker for it now (within the pool's size), so it is ready when the file is stored. */
  prewarm(): void
  /** Stops claiming, hands running tasks back to the queue and stops the workers. */
  stop(): Promise<void>
  /** Resolves once the workers have loaded the engine (tests and benchmarks wait for it). */
  ready(): Promise<void>
  /** Resolves when a task this process runs changes, or after `timeoutMs` (held task polls, decision 0124). */
  nextChange(taskId: string, timeoutMs: number): Promise<void>
}

export interface AnalysisRunnerOptions {
  db: Db
  config: { dataDir: string; analysis: AnalysisConfig }
  /** Stable across restarts of this server; defaults to the one stored in DATA_DIR. */
  instanceId?: string
}

/** Workers stop after this long without an analysis. */
export const ANALYSIS_WORKER_IDLE_MS = 10 * 60_000

const silentLog: RunnerLog = { info: () => undefined, warn: () => undefined, error: () => undefined }

function createAnalysisPool(ctx: TaskRunContext): AnalysisPool {
  return createWorkerPool({
    name: 'analysis',
    entry: new URL('./analysis.worker.ts', import.meta.url),
    size: ctx.settings.workers,
    backend: 'process',
    // Started on demand (an upload begins, or a task is found) and stopped after a quiet spell: an idle shop keeps
    // no worker processes (issue 18: idle server ≤ 300 MB).
    eager: false,
    idleTimeoutMs: ANALYSIS_WORKER_IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: ctx.settings.workerHeapMb },
    onWorkerError: (error) => ctx.log.warn({ err: error }, 'analysis worker died'),
  })
}

/** Fails the tasks that cannot run any more: out of attempts, or quarantined. */
async function failDeadTasks(ctx: TaskRunContext): Promise<void> {
  for (const taskId of await ctx.queue.failExhausted(ctx.settings.maxAttempts)) {
    ctx.log.warn({ taskId }, 'analysis task failed: its process died on every attempt')
  }
  for (const taskId of await ctx.queue.failQuarantined()) {
    ctx.log.warn({ taskId }, 'analysis task quarantined: its server process ended during two of its runs')
  }
}

/** A task in flight: its abort switch, and its run (never rejects). */
interface ActiveTask {
  controller: AbortController
  done: Promise<void>
}

/** Starts the run of a claimed task on its own; `onEnd` is called once it has ended, its outcome recorded or not. */
function startTask(ctx: TaskRunContext, task: ClaimedTask, onEnd: () => void): ActiveTask {
  // queued → running: a held poll answers with it.
  ctx.changed(task.id)
  const controller = new AbortController()
  const done = runAnalysisTask(ctx, task, controller)
    // Only a database error while recording the outcome gets here; the lease then expires and it runs again.
    .catch((error: unknown) =>
      ctx.log.error({ err: error, taskId: task.id }, 'analysis outcome not recorded'),
    )
    .finally(onEnd)
  return { controller, done }
}

/**
 * Claims tasks while workers are free; each runs on its own, leaves `active` when it ends and then calls
 * `onEnded` (which looks for more work).
 */
async function claimTasks(
  ctx: TaskRunContext,
  run: { readonly stopping: boolean },
  active: Map<string, ActiveTask>,
  onEnded: () => void,
): Promise<void> {
  const { settings } = ctx
  while (!run.stopping && active.size < settings.workers) {
    const task = await ctx.queue.claim(ctx.owner, settings.leaseMs, settings.maxAttempts)
    if (task === undefined) break
    const started = startTask(ctx, task, () => {
      active.delete(task.id)
      onEnded()
    })
    active.set(task.id, started)
  }
}

/** What an earlier boot of this server left: its leases and its partial uploads; then the periodic reaper. */
async function cleanUpAtStart(ctx: TaskRunContext, instanceId: string): Promise<void> {
  const expired = await ctx.queue.expireStaleLeasesOf(instanceId, ctx.owner)
  if (expired > 0)
    ctx.log.info({ tasks: expired }, 'analysis tasks of the previous run of this server reclaimed')
  const removed = await removeIncomingOfEarlierBoots(ctx.settings.uploadsDir, instanceId, ctx.owner)
  if (removed > 0)
    ctx.log.info({ files: removed }, 'partial uploads of the previous run of this server removed')
}

/** Reaps abandoned uploads now and then every {@link REAP_INTERVAL_MS}; returns the (unref'd) interval timer. */
function startReaper(ctx: TaskRunContext): NodeJS.Timeout {
  const runReaper = (): void => {
    reapUploads(ctx.settings.uploadsDir, ctx.queue).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'upload reaper failed'),
    )
  }
  runReaper()
  const reapTimer = setInterval(runReaper, REAP_INTERVAL_MS)
  reapTimer.unref()
  return reapTimer
}

/** Aborts the tasks in flight (shutdown) and waits until each has ended. */
async function abortAll(active: ReadonlyMap<string, ActiveTask>): Promise<void> {
  for (const { controller } of active.values()) controller.abort('shutdown')
  await Promise.allSettled([...active.values()].map((entry) => entry.done))
}

export function createAnalysisRunner(options: AnalysisRunnerOptions): AnalysisRunner {
  const settings = options.config.analysis
  const instanceId = options.instanceId ?? loadOrCreateInstanceId(options.config.dataDir)
  const owner = `${instanceId}:${randomBytes(6).toString('base64url')}`
  let pool: AnalysisPool | undefined
  const changes = createTaskChanges()
  const ctx: TaskRunContext = {
    settings,
    owner,
    queue: createAnalysisQueueRepo(options.db),
    log: silentLog,
    pool: () => (pool ??= createAnalysisPool(ctx)),
    secondThread: { taken: false },
    changed: (taskId) => changes.notify(taskId),
  }
  const active = new Map<string, ActiveTask>()
  const run = { started: false, stopping: false, ticking: false, tickAgain: false }
  let pollTimer: NodeJS.Timeout | undefined
  let reapTimer: NodeJS.Timeout | undefined

  function schedule(): void {
    clearTimeout(pollTimer)
    if (run.stopping || !run.started) return
    pollTimer = setTimeout(() => void tick(), settings.pollMs)
    pollTimer.unref()
  }

  /** One poll of the queue; a poll asked for while one runs runs right after it. */
  async function tick(): Promise<void> {
    if (run.stopping || !run.started) return
    if (run.ticking) {
      run.tickAgain = true
      return
    }
    run.ticking = true
    try {
      // An empty queue is the usual answer: one read, not the three updates below (see hasOpenTasks).
      if (await ctx.queue.hasOpenTasks()) {
        await failDeadTasks(ctx)
        await claimTasks(ctx, run, active, () => void tick())
      }
    } catch (error) {
      ctx.log.error({ err: error }, 'analysis queue poll failed')
    } finally {
      run.ticking = false
      if (run.tickAgain) {
        run.tickAgain = false
        void tick()
      } else {
        schedule()
      }
    }
  }

  return {
    owner,

    async start(runnerLog) {
      if (run.started) return
      run.started = true
      ctx.log = runnerLog
      await cleanUpAtStart(ctx, instanceId)
      reapTimer = startReaper(ctx)
      void tick()
    },

    wake() {
      void tick()
    },

    nextChange: (taskId, timeoutMs) => changes.next(taskId, timeoutMs),

    prewarm() {
      if (!run.started || run.stopping) return
      // One worker for this upload, not the whole pool: on a cold start two children loading and warming up at
      // once took twice as long before either took the first job (decision 0134); more start as tasks need them.
      ctx.pool().prestart()
    },

    async stop() {
      run.stopping = true
      clearTimeout(pollTimer)
      clearInterval(reapTimer)
      await abortAll(active)
      await pool?.close()
    },

    async ready() {
      await ctx.pool().warmUp()
    },
  }
}
