import type { ResourceLimits } from 'node:worker_threads'
import type { JobHost, JobHostBackend } from '#server/jobs/job-hosts.ts'
import type { WorkerData } from '#server/jobs/worker-protocol.ts'

/** The worker pool's public types and the state its parts share (worker-pool.ts). */

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
  /**
   * A job is coming (an upload has begun): start one worker unless one is already starting or idle beyond the busy
   * workers and waiting jobs, never more than `size` in all. Returns at once; the worker stops after
   * `idleTimeoutMs` if no job comes.
   */
  prestart(): void
  close(): Promise<void>
  stats(): { workers: number; busy: number; queued: number }
}

export interface PendingJob<J, R, P> {
  id: number
  job: J
  options: JobOptions<P>
  settle: (outcome: JobOutcome<R>) => void
  settled: boolean
}

export interface Slot<J, R, P> {
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

export type JobOutcome<R> = { ok: true; value: R } | { ok: false; error: WorkerJobError }

/** What the pool's parts share: its workers, its queue and the two steps that move them. */
export interface PoolState<J, R, P> {
  options: WorkerPoolOptions
  workerData: WorkerData
  slots: Set<Slot<J, R, P>>
  queue: PendingJob<J, R, P>[]
  closed: boolean
  nextJobId: number
  /** Workers in a row that died while starting. */
  startFailures: number
  respawnTimer: NodeJS.Timeout | undefined
  /** Gives waiting jobs to idle workers, then starts the workers still wanted. */
  dispatch(): void
  /** Starts the workers still wanted, after a pause when workers keep dying while starting. */
  scheduleWorkers(): void
}

/** A worker must load its modules within this, else it counts as crashed. */
export function startTimeoutOf(options: WorkerPoolOptions): number {
  return options.startTimeoutMs ?? 60_000
}
