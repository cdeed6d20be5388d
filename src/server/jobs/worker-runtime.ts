import { readdirSync, readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import type { JobMessage, WorkerData, WorkerMessage } from '#server/jobs/worker-protocol.ts'

export interface JobOutcome<R> {
  value: R
  /** Ask the pool to replace this worker after the job (memory the thread cannot release). */
  recycle?: boolean
}

export type JobHandler<J, R, P> = (job: J, progress: (progress: P) => void) => Promise<JobOutcome<R>>

/** The ids of this process's threads (Linux: each is a task with its own id under /proc/self/task). */
function processThreadIds(): number[] {
  return readdirSync('/proc/self/task').map(Number)
}

/**
 * Lowers the worker's CPU priority, so the server's main thread (HTTP, heartbeats) keeps priority over the analyses
 * when the cores are busy. On Linux setpriority() on a thread id changes that thread only, and a new thread starts
 * with the nice value of the thread that creates it.
 * - A worker thread lowers itself; the threads it starts later follow it.
 * - A child process (job-hosts.ts) is a worker of its own: it lowers every thread it has, V8's helpers (garbage
 *   collector, compiler) and libuv's included, which Node started before this code ran. Lowering only the calling
 *   thread (pid 0) left those at the server's priority.
 * Elsewhere (no /proc) or without permission it does nothing.
 */
function lowerWorkerPriority(niceness: number): void {
  if (niceness <= 0) return
  try {
    const ids = isMainThread
      ? processThreadIds()
      : [Number(readlinkSync('/proc/thread-self').split('/').pop())]
    for (const id of ids) if (Number.isInteger(id) && id > 0) lowerTask(id, niceness)
  } catch {
    // best effort: not Linux
  }
}

function lowerTask(id: number, niceness: number): void {
  try {
    setPriority(id, niceness)
  } catch {
    // not allowed, or the thread ended meanwhile
  }
}

interface JobChannel {
  niceness: number
  post(message: unknown): void
  onMessage(listener: (message: unknown) => void): void
}

/** The pool's end of the line: the parent port of a thread, or the IPC channel of a child process (job-hosts.ts). */
function jobChannel(): JobChannel {
  if (!isMainThread && parentPort !== null) {
    const port = parentPort
    return {
      niceness: (workerData as WorkerData).niceness,
      post: (message) => port.postMessage(message),
      onMessage: (listener) => port.on('message', listener),
    }
  }
  const send = process.send?.bind(process)
  if (send === undefined) throw new Error('serveJobs runs in a worker thread or a forked child process only')
  // The pool is gone (closed, or its process died): nothing will ever ask this child for work again.
  process.on('disconnect', () => process.exit(0))
  return {
    niceness: Number(process.argv[3] ?? 0),
    post: (message) => void send(message as object),
    onMessage: (listener) => process.on('message', listener),
  }
}

export interface ServeJobsOptions {
  /**
   * Work done once, at low priority, right after the worker reports ready (e.g. compiling hot code on a generated
   * input); jobs that arrive meanwhile wait for it. `jobWaiting()` says one has arrived: a warm-up made of steps
   * should then end at its next step, since the job warms the same code and a cold worker's warm-up takes seconds
   * on a busy machine (decision 0134). A failure is ignored: it must not cost a worker.
   */
  warmUp?: (jobWaiting: () => boolean) => Promise<unknown>
}

/**
 * The worker side of worker-pool.ts: runs `handle` for each job message, one at a time, and reports progress,
 * results and handler bugs. Call it once at the end of a worker entry module, after its imports, so "ready" means
 * the (heavy) modules are loaded and the pool's job timeout measures only the job.
 */
export function serveJobs<J, R, P>(handle: JobHandler<J, R, P>, options: ServeJobsOptions = {}): void {
  const channel = jobChannel()
  lowerWorkerPriority(channel.niceness)
  const post = (message: WorkerMessage<R, P>): void => channel.post(message)

  let warmedUp: Promise<unknown> = Promise.resolve()
  let waiting = 0
  channel.onMessage((received) => {
    const message = received as JobMessage<J>
    const { jobId } = message
    waiting += 1
    warmedUp
      .then(() => {
        waiting -= 1
        post({ type: 'started', jobId })
        return handle(message.job, (progress) => post({ type: 'progress', jobId, progress }))
      })
      .then(
        (outcome) => post({ type: 'result', jobId, value: outcome.value, recycle: outcome.recycle === true }),
        (error: unknown) =>
          post({
            type: 'error',
            jobId,
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }),
      )
  })
  post({ type: 'ready' })
  if (options.warmUp !== undefined) warmedUp = options.warmUp(() => waiting > 0).catch(() => undefined)
}
