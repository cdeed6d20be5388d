import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { AnalysisConfig } from '#server/config/env.ts'
import { WorkerJobError, type WorkerPool } from '#server/jobs/worker-pool.ts'
import {
  type AnalysisWorkerJob,
  type AnalysisWorkerResult,
  failureForEngineError,
  failureForReason,
  TASK_MESSAGE_FOR,
  TASK_PROGRESS_FOR,
  type TaskFailure,
  type WorkerReport,
} from '#server/modules/analysis/analysis-jobs.ts'
import type { AnalysisQueueRepo, ClaimedTask } from '#server/modules/analysis/analysis-queue.repo.ts'
import { newRunDirName, objectDir, sourcePath } from '#server/modules/analysis/analysis-storage.ts'

/**
 * Running one claimed analysis task (docs/decisions/0040, 0041, 0073): keep its lease while a worker computes,
 * record progress, then store the result or the failure, each only while the lease is still ours.
 */

export interface RunnerLog {
  info(object: Record<string, unknown>, message: string): void
  warn(object: Record<string, unknown>, message: string): void
  error(object: Record<string, unknown>, message: string): void
}

export type AnalysisPool = WorkerPool<AnalysisWorkerJob, AnalysisWorkerResult, WorkerReport>

/** What running a task needs from its runner; `log` is the runner's current one (set when it starts). */
export interface TaskRunContext {
  settings: AnalysisConfig
  owner: string
  queue: AnalysisQueueRepo
  log: RunnerLog
  pool(): AnalysisPool
  /**
   * The one permit of this server process to use a second thread for an analysis (decision 0122): the first of
   * concurrent analyses takes it, the others run on one thread, so two uploads keep to three threads, not four.
   */
  secondThread: { taken: boolean }
  /** The task's row changed (started, a progress message, its outcome): held task polls answer (decision 0124). */
  changed(taskId: string): void
}

/**
 * The engine, loaded when the first task runs: its face pulls in three.js and the mesh code, which the main process
 * needs only for the memory estimate and the limits of a task (issue 18: ~25 MB less for an idle server, decision
 * 0117). The analysis itself runs in the workers.
 */
const loadEngine = () => import('#engine/engine.ts')

async function removeRunDirs(dir: string, keep: string | undefined): Promise<void> {
  const entries = await readdir(dir).catch(() => [] as string[])
  await Promise.all(
    entries
      .filter((name) => name.startsWith('run-') && name !== keep)
      .map((name) => rm(join(dir, name), { recursive: true, force: true })),
  )
}

async function endAsFailed(ctx: TaskRunContext, task: ClaimedTask, failure: TaskFailure): Promise<void> {
  if (await ctx.queue.fail(task, ctx.owner, failure)) {
    ctx.log.info({ taskId: task.id, ...failure.details, code: failure.code }, 'analysis failed')
  } else {
    ctx.log.warn({ taskId: task.id }, 'analysis lease lost before its failure was recorded')
  }
}

/**
 * The lease while a worker runs the task: progress rows written in order, the start recorded, and a heartbeat on
 * the main thread (its event loop is free while the worker computes, so it is on time). A lost lease aborts the run.
 */
function keepLease(ctx: TaskRunContext, task: ClaimedTask, runDir: string, controller: AbortController) {
  const { queue, owner, log, settings } = ctx
  const abortUnlessOwned = (owned: boolean): void => {
    if (!owned) controller.abort('lease_lost')
  }
  let messages: Promise<void> = Promise.resolve()
  let measuredStored = false
  const onProgress = (report: WorkerReport): void => {
    // The measures (decision 0124 §2): stored in order with the messages, so a poll never sees them before the
    // messages that came first.
    const write =
      typeof report === 'string'
        ? () =>
            queue.addMessage(
              task.id,
              owner,
              TASK_MESSAGE_FOR[report],
              TASK_PROGRESS_FOR[TASK_MESSAGE_FOR[report]],
            )
        : async () => {
            const owned = await queue.storeMeasured(task, owner, runDir, report.measured)
            measuredStored ||= owned
            return owned
          }
    messages = messages
      .then(write)
      .then((owned) => {
        ctx.changed(task.id)
        abortUnlessOwned(owned)
      })
      .catch((error: unknown) => log.warn({ err: error, taskId: task.id }, 'analysis progress not recorded'))
  }
  const onStart = (): void => {
    queue
      .markStarted(task.id, owner)
      .then(() => ctx.changed(task.id))
      .catch((error: unknown) => log.warn({ err: error, taskId: task.id }, 'analysis start not recorded'))
  }
  const heartbeat = setInterval(
    () => {
      queue
        .heartbeat(task.id, owner, settings.leaseMs)
        .then(abortUnlessOwned, (error: unknown) =>
          log.warn({ err: error, taskId: task.id }, 'analysis lease not renewed'),
        )
    },
    Math.max(100, Math.floor(settings.leaseMs / 3)),
  )
  return {
    onProgress,
    onStart,
    /** Every progress row queued so far, written. */
    written: () => messages,
    /** The model file points at this run's folder (its measures were stored): the folder must stay. */
    measuredStored: () => measuredStored,
    stop: () => clearInterval(heartbeat),
  }
}

/** Stores the worker's answer; true when the result was committed (its run folder is then kept). */
async function storeResult(
  ctx: TaskRunContext,
  task: ClaimedTask,
  runDir: string,
  result: AnalysisWorkerResult,
): Promise<boolean> {
  if (result.kind === 'engine-error') {
    await endAsFailed(ctx, task, failureForEngineError(result.engineCode))
    return false
  }
  if (result.kind !== 'analysed') {
    await endAsFailed(ctx, task, failureForReason('worker_crashed'))
    return false
  }
  const committed = await ctx.queue.complete(task, ctx.owner, runDir, result.summary)
  if (committed) {
    const { triangles, timingsMs } = result.summary
    ctx.log.info({ taskId: task.id, triangles, timingsMs }, 'analysis completed')
  } else {
    ctx.log.warn({ taskId: task.id }, 'analysis lease lost: result discarded')
  }
  return committed
}

/** Stores why the run ended without an answer; a stopped run (shutdown, lost lease) is not a failure. */
async function storeRunError(
  ctx: TaskRunContext,
  task: ClaimedTask,
  controller: AbortController,
  error: unknown,
): Promise<void> {
  const { queue, owner, log } = ctx
  if (!(error instanceof WorkerJobError)) {
    // A database or disk error around the run: the lease expires and another attempt runs it.
    log.error({ err: error, taskId: task.id }, 'analysis run failed')
    return
  }
  switch (error.failure) {
    case 'timeout':
    case 'memory_limit':
      await queue.countRun(task.id)
      await endAsFailed(ctx, task, failureForReason(error.failure))
      break
    case 'worker_crashed':
    case 'handler_error':
      await queue.countRun(task.id)
      log.error({ err: error, taskId: task.id }, 'analysis worker failed')
      await endAsFailed(ctx, task, failureForReason('worker_crashed'))
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
}

/** Runs one claimed task to its recorded outcome; rejects only when the outcome could not be recorded. */
export async function runAnalysisTask(
  ctx: TaskRunContext,
  task: ClaimedTask,
  controller: AbortController,
): Promise<void> {
  const { settings } = ctx
  const dir = objectDir(settings.uploadsDir, task.modelFileId)
  const runDir = newRunDirName(task.attempts)
  const outDir = join(dir, runDir)
  let committed = false
  let holdsSecondThread = false
  const lease = keepLease(ctx, task, runDir, controller)
  try {
    const source = sourcePath(settings.uploadsDir, task.modelFileId, task.format)
    // The engine limits of an upload's analysis are kept with the memory estimate (engine-limits.ts).
    const { SERVER_ENGINE_LIMITS, checkAnalysisMemory } = await loadEngine()
    const memory = await checkAnalysisMemory(source, task.format, settings.workerHeapMb)
    if (!memory.fits) {
      ctx.log.info(
        { taskId: task.id, ...memory.counts, estimatedMb: memory.estimatedMb },
        'analysis over budget',
      )
      await endAsFailed(ctx, task, failureForReason('memory_limit'))
      return
    }
    await mkdir(outDir, { recursive: true })
    holdsSecondThread = !ctx.secondThread.taken
    ctx.secondThread.taken = true
    const job: AnalysisWorkerJob = {
      kind: 'analyze',
      sourcePath: source,
      format: task.format,
      givenUnit: task.givenUnit,
      outDir,
      limits: SERVER_ENGINE_LIMITS,
      maxInputBytes: settings.maxUploadBytes,
      secondThread: holdsSecondThread,
    }
    const { onProgress, onStart } = lease
    const result = await ctx
      .pool()
      .run(job, { timeoutMs: settings.timeoutMs, signal: controller.signal, onProgress, onStart })
    await ctx.queue.countRun(task.id)
    await lease.written()
    committed = await storeResult(ctx, task, runDir, result)
  } catch (error) {
    await lease.written()
    await storeRunError(ctx, task, controller, error)
  } finally {
    if (holdsSecondThread) ctx.secondThread.taken = false
    lease.stop()
    // A run that stored its measures but no result keeps its folder (the file's answer points there) until a later
    // run of the task commits and removes it.
    await removeRunDirs(dir, committed || lease.measuredStored() ? runDir : undefined).catch(
      (error: unknown) => ctx.log.warn({ err: error, taskId: task.id }, 'analysis run folder not removed'),
    )
    // The outcome (result, failure or hand-back) is stored: a held poll reads it now.
    ctx.changed(task.id)
  }
}
