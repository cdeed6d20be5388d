import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import type { JobMessage, WorkerData, WorkerMessage } from '#server/jobs/worker-protocol.ts'

export interface JobOutcome<R> {
  value: R
  /** Ask the pool to replace this worker after the job (memory the thread cannot release). */
  recycle?: boolean
}

export type JobHandler<J, R, P> = (job: J, progress: (progress: P) => void) => Promise<JobOutcome<R>>

/**
 * Lowers this thread's CPU priority. On Linux a thread is a task with its own id, and setpriority() on that id
 * changes only this thread, so the main thread (HTTP, heartbeats) keeps priority over the analyses when the cores
 * are busy. Elsewhere (no /proc/thread-self) or without permission it does nothing.
 */
function lowerThreadPriority(niceness: number): void {
  if (niceness <= 0) return
  try {
    // A child process is a worker of its own: all of it goes down (pid 0 is this process).
    const tid = isMainThread ? 0 : Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(tid) && tid >= 0) setPriority(tid, niceness)
  } catch {
    // best effort: not Linux, or not allowed
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
  lowerThreadPriority(channel.niceness)
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
