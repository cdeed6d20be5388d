import type { ResourceLimits } from 'node:worker_threads'
import { type JobHost, type JobHostBackend, type JobHostExit, startJobHost } from '#server/jobs/job-hosts.ts'
import type { JobMessage, WorkerData, WorkerMessage } from '#server/jobs/worker-protocol.ts'

/**
 * A small pool of workers for CPU-heavy jobs (the analysis engine is synchronous for seconds at a time), so the
 * main thread's event loop keeps serving requests and renewing leases. Each job is bounded in time (the worker is
 * terminated when its timeout passes) and each worker in memory (`resourceLimits`, a heap flag for a child
 * process); a worker that died is replaced. Workers are threads or child processes (job-hosts.ts): only a child's
 * out-of-memory is sure to end nothing but the child. See docs/decisions/0041 and 0073.
 */

export type WorkerJobFailure =
  /** The job ran longer than its timeout; the worker was terminated. */
  | 'timeout'
  /** The worker's JS heap reached its limit; the worker (thread or child process) was ended by V8. */
  | 'memory_limit'
  /** The worker thread died (uncaught error, failed start, killed). */
  | 'worker_crashed'
  /** The job's handler threw (a bug); the worker stays. */
  | 'handler_error'
  /** The caller's AbortSignal fired; a running job's worker was terminated. */
  | 'aborted'
  | 'pool_closed'
  /** Too many jobs waiting (interactive pools). */
  | 'pool_busy'

export class WorkerJobError extends Error {
  override name = 'WorkerJobError'
  readonly failure: WorkerJobFailure

  constructor(failure: WorkerJobFailure, message: string, options?: ErrorOptions) {
    super(message, options)
    this.failure = failure
  }
}

export interface WorkerPoolOptions {
  /** For messages and logs. */
  name: string
  /** The worker's TypeScript module; it ends with `serveJobs(handler)` (worker-runtime.ts). */
  entry: URL
  /** Workers at most. */
  size: number
  /** Threads (default: cheap, but a fatal V8 out-of-memory ends the process) or child processes. */
  backend?: JobHostBackend
  /** A thread's resourceLimits; a child process gets the same bounds as Node flags. */
  resourceLimits: ResourceLimits
  /** Keep `size` workers started (else they start with the first job and stop after `idleTimeoutMs`). */
  eager?: boolean
  idleTimeoutMs?: number
  /** Jobs allowed to wait for a worker; more are refused with `pool_busy` (default: unbounded). */
  maxQueued?: number
  /** A worker must load its modules within this (default 60 s), else it counts as crashed. */
  startTimeoutMs?: number
  /** Nice value of the workers (Linux; default 10): the main thread wins the CPU. */
  niceness?: number
  /** Worker deaths and start failures, for the log. */
  onWorkerError?: (error: Error) => void
}

export interface JobOptions<P> {
  /** Wall time from the moment the worker begins the job (after its warm-up; the start timeout bounds the wait). */
  timeoutMs: number
  signal?: AbortSignal
  onProgress?: (progress: P) => void
  /** The moment a worker begins the job (it may wait in the pool's queue and for the warm-up before). */
  onStart?: () => void
}

export interface WorkerPool<J, R, P> {
  run(job: J, options: JobOptions<P>): Promise<R>
  /** Resolves once `size` workers have loaded their modules (starts them if needed). */
  warmUp(): Promise<void>
  close(): Promise<void>
  stats(): { workers: number; busy: number; queued: number }
}

interface PendingJob<J, R, P> {
  id: number
  job: J
  options: JobOptions<P>
  settle: (outcome: { ok: true; value: R } | { ok: false; error: WorkerJobError }) => void
  settled: boolean
}

interface Slot<J, R, P> {
  worker: JobHost
  state: 'starting' | 'idle' | 'busy' | 'stopping'
  job: PendingJob<J, R, P> | undefined
  jobTimer: NodeJS.Timeout | undefined
  idleTimer: NodeJS.Timeout | undefined
  startTimer: NodeJS.Timeout | undefined
  lastError: Error | undefined
  exited: Promise<void>
  /** Reported ready once: an exit before that is a failed start. */
  everReady: boolean
  ready: Promise<void>
  markReady: () => void
  markFailed: (error: Error) => void
}

const MAX_START_BACKOFF_MS = 30_000
/** After this many workers in a row died while starting, waiting jobs are failed instead of waiting forever. */
const START_FAILURES_BEFORE_GIVING_UP = 3

export function createWorkerPool<J, R, P>(options: WorkerPoolOptions): WorkerPool<J, R, P> {
  const slots = new Set<Slot<J, R, P>>()
  const queue: PendingJob<J, R, P>[] = []
  const workerData: WorkerData = { entry: options.entry.href, niceness: options.niceness ?? 10 }
  let closed = false
  let nextJobId = 1
  let startFailures = 0
  let respawnTimer: NodeJS.Timeout | undefined

  function clearTimers(slot: Slot<J, R, P>): void {
    clearTimeout(slot.jobTimer)
    clearTimeout(slot.idleTimer)
    clearTimeout(slot.startTimer)
    slot.jobTimer = undefined
    slot.idleTimer = undefined
    slot.startTimer = undefined
  }

  function spawn(): void {
    let markReady = (): void => undefined
    let markFailed = (_error: Error): void => undefined
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve
      markFailed = reject
    })
    // A rejected readiness nobody awaits must not become an unhandled rejection.
    ready.catch(() => undefined)
    const worker = startJobHost({
      backend: options.backend ?? 'thread',
      data: workerData,
      resourceLimits: options.resourceLimits,
    })
    let markExited = (): void => undefined
    const exited = new Promise<void>((resolve) => (markExited = resolve))
    // An idle worker must not keep the process alive; a busy one does (see dispatch).
    worker.unref()
    const slot: Slot<J, R, P> = {
      worker,
      state: 'starting',
      job: undefined,
      jobTimer: undefined,
      idleTimer: undefined,
      startTimer: undefined,
      lastError: undefined,
      exited,
      everReady: false,
      ready,
      markReady,
      markFailed,
    }
    slot.startTimer = setTimeout(() => {
      slot.lastError = new Error(
        `${options.name} worker did not start within ${options.startTimeoutMs ?? 60_000} ms`,
      )
      stop(slot)
    }, options.startTimeoutMs ?? 60_000)
    slot.startTimer.unref()
    worker.onMessage((message) => onMessage(slot, message as WorkerMessage<R, P>))
    worker.onExit((exit) => {
      onExit(slot, exit)
      markExited()
    })
    slots.add(slot)
  }

  function stop(slot: Slot<J, R, P>): void {
    if (slot.state === 'stopping') return
    slot.state = 'stopping'
    clearTimers(slot)
    slot.worker.terminate()
  }

  function settle(
    job: PendingJob<J, R, P>,
    outcome: { ok: true; value: R } | { ok: false; error: WorkerJobError },
  ) {
    if (job.settled) return
    job.settled = true
    job.settle(outcome)
  }

  function becomeIdle(slot: Slot<J, R, P>): void {
    slot.state = 'idle'
    slot.job = undefined
    clearTimeout(slot.jobTimer)
    slot.jobTimer = undefined
    slot.worker.unref()
    if (options.eager !== true && options.idleTimeoutMs !== undefined) {
      slot.idleTimer = setTimeout(() => {
        if (slot.state === 'idle') stop(slot)
      }, options.idleTimeoutMs)
      slot.idleTimer.unref()
    }
  }

  function onMessage(slot: Slot<J, R, P>, message: WorkerMessage<R, P>): void {
    if (message.type === 'ready') {
      if (slot.state !== 'starting') return
      clearTimeout(slot.startTimer)
      slot.startTimer = undefined
      slot.everReady = true
      startFailures = 0
      slot.markReady()
      becomeIdle(slot)
      dispatch()
      return
    }
    const job = slot.job
    if (job === undefined || job.id !== message.jobId) return // a job already given up on
    if (message.type === 'started') {
      armJobTimer(slot, job, job.options.timeoutMs)
      try {
        job.options.onStart?.()
      } catch (error) {
        options.onWorkerError?.(error instanceof Error ? error : new Error(String(error)))
      }
      return
    }
    if (message.type === 'progress') {
      try {
        job.options.onProgress?.(message.progress)
      } catch (error) {
        options.onWorkerError?.(error instanceof Error ? error : new Error(String(error)))
      }
      return
    }
    if (message.type === 'result') {
      settle(job, { ok: true, value: message.value })
      if (message.recycle) stop(slot)
      else becomeIdle(slot)
    } else {
      settle(job, {
        ok: false,
        error: new WorkerJobError('handler_error', `${options.name} job failed: ${message.message}`),
      })
      becomeIdle(slot)
    }
    dispatch()
  }

  /** The typed failure of the job a worker was running when it went away. */
  function exitFailure(exit: JobHostExit, cause: Error | undefined): WorkerJobError {
    if (exit.outOfMemory) {
      return new WorkerJobError(
        'memory_limit',
        `${options.name} worker reached its memory limit${exit.detail === undefined ? '' : `: ${exit.detail}`}`,
        { cause },
      )
    }
    const how = exit.signal === null ? `code ${exit.code}` : `signal ${exit.signal}`
    const detail = cause?.message ?? exit.detail
    return new WorkerJobError(
      'worker_crashed',
      `${options.name} worker exited (${how})${detail === undefined ? '' : `: ${detail}`}`,
      { cause },
    )
  }

  function onExit(slot: Slot<J, R, P>, exit: JobHostExit): void {
    clearTimers(slot)
    slots.delete(slot)
    const cause = slot.lastError ?? (exit.detail === undefined ? undefined : new Error(exit.detail))
    const outOfMemory = exit.outOfMemory
    if (slot.job !== undefined) {
      settle(slot.job, { ok: false, error: exitFailure(exit, cause) })
      slot.job = undefined
    }
    if (!slot.everReady) {
      const error = cause ?? new Error(`${options.name} worker exited with code ${exit.code} while starting`)
      slot.markFailed(error)
      if (!closed) {
        startFailures++
        options.onWorkerError?.(error)
        if (startFailures >= START_FAILURES_BEFORE_GIVING_UP) {
          for (const job of queue.splice(0)) {
            settle(job, {
              ok: false,
              error: new WorkerJobError(
                'worker_crashed',
                `${options.name} workers do not start: ${error.message}`,
              ),
            })
          }
        }
      }
    } else if (cause !== undefined && !closed && !outOfMemory) {
      options.onWorkerError?.(cause)
    }
    if (!closed) scheduleWorkers()
  }

  function wanted(): number {
    if (options.eager === true) return options.size
    const busy = [...slots].filter((slot) => slot.state === 'busy').length
    return Math.min(options.size, busy + queue.length)
  }

  function scheduleWorkers(): void {
    if (closed || respawnTimer !== undefined) return
    const missing = wanted() - [...slots].filter((slot) => slot.state !== 'stopping').length
    if (missing <= 0) return
    if (startFailures === 0) {
      for (let i = 0; i < missing; i++) spawn()
      return
    }
    // Workers that die while starting (a broken install, too small a heap) are retried with a growing pause.
    const delay = Math.min(MAX_START_BACKOFF_MS, 250 * 2 ** startFailures)
    respawnTimer = setTimeout(() => {
      respawnTimer = undefined
      scheduleWorkers()
    }, delay)
    respawnTimer.unref()
  }

  function armJobTimer(slot: Slot<J, R, P>, job: PendingJob<J, R, P>, ms: number): void {
    clearTimeout(slot.jobTimer)
    slot.jobTimer = setTimeout(() => {
      if (slot.job !== job) return
      settle(job, {
        ok: false,
        error: new WorkerJobError('timeout', `${options.name} job exceeded ${job.options.timeoutMs} ms`),
      })
      slot.job = undefined
      stop(slot)
    }, ms)
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const slot = [...slots].find((candidate) => candidate.state === 'idle')
      if (slot === undefined) break
      const job = queue.shift()!
      clearTimeout(slot.idleTimer)
      slot.idleTimer = undefined
      slot.state = 'busy'
      slot.job = job
      slot.worker.ref()
      // Until the worker begins (its warm-up may still run), the start bound applies; then the job's own.
      armJobTimer(slot, job, job.options.timeoutMs + (options.startTimeoutMs ?? 60_000))
      const message: JobMessage<J> = { jobId: job.id, job: job.job }
      slot.worker.post(message)
    }
    scheduleWorkers()
  }

  function abort(job: PendingJob<J, R, P>, reason: unknown): void {
    const error = new WorkerJobError('aborted', `${options.name} job aborted`, { cause: reason })
    const queued = queue.indexOf(job)
    if (queued >= 0) {
      queue.splice(queued, 1)
      settle(job, { ok: false, error })
      return
    }
    for (const slot of slots) {
      if (slot.job === job) {
        settle(job, { ok: false, error })
        slot.job = undefined
        stop(slot)
      }
    }
  }

  return {
    run(job, jobOptions) {
      if (closed) return Promise.reject(new WorkerJobError('pool_closed', `${options.name} pool is closed`))
      if (options.maxQueued !== undefined && queue.length >= options.maxQueued) {
        return Promise.reject(
          new WorkerJobError('pool_busy', `${options.name} pool has too many waiting jobs`),
        )
      }
      const signal = jobOptions.signal
      if (signal?.aborted === true) {
        return Promise.reject(
          new WorkerJobError('aborted', `${options.name} job aborted`, { cause: signal.reason }),
        )
      }
      return new Promise<R>((resolve, reject) => {
        const onAbort = (): void => abort(pending, signal?.reason)
        const pending: PendingJob<J, R, P> = {
          id: nextJobId++,
          job,
          options: jobOptions,
          settled: false,
          settle: (outcome) => {
            signal?.removeEventListener('abort', onAbort)
            if (outcome.ok) resolve(outcome.value)
            else reject(outcome.error)
          },
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        queue.push(pending)
        dispatch()
      })
    },

    async warmUp() {
      if (closed) throw new WorkerJobError('pool_closed', `${options.name} pool is closed`)
      while (slots.size < options.size) spawn()
      await Promise.all([...slots].map((slot) => slot.ready))
    },

    async close() {
      closed = true
      clearTimeout(respawnTimer)
      const closedError = new WorkerJobError('pool_closed', `${options.name} pool is closed`)
      for (const job of queue.splice(0)) settle(job, { ok: false, error: closedError })
      const exits = [...slots].map((slot) => {
        if (slot.job !== undefined) settle(slot.job, { ok: false, error: closedError })
        slot.job = undefined
        stop(slot)
        return slot.exited
      })
      await Promise.all(exits)
    },

    stats() {
      const all = [...slots]
      return {
        workers: all.length,
        busy: all.filter((slot) => slot.state === 'busy').length,
        queued: queue.length,
      }
    },
  }
}
