/**
 * The messages between a worker pool (worker-pool.ts, main thread) and its worker threads (worker-runtime.ts).
 * One job at a time per worker; every job message carries the pool's job id so a late message of a job the pool
 * already gave up on (timeout, abort) is recognised and dropped.
 */

export interface WorkerData {
  /** file: URL of the TypeScript entry the bootstrap imports. */
  entry: string
  /** Nice value for the worker thread (Linux), so request handling on the main thread wins the CPU. */
  niceness: number
}

export interface JobMessage<J> {
  jobId: number
  job: J
}

export type WorkerMessage<R, P> =
  | { type: 'ready' }
  /** The worker begins the job (after its warm-up): the job's timeout runs from here. */
  | { type: 'started'; jobId: number }
  | { type: 'progress'; jobId: number; progress: P }
  /** `recycle`: the worker holds memory it cannot give back (e.g. the OpenCascade module); replace it. */
  | { type: 'result'; jobId: number; value: R; recycle: boolean }
  /** The handler threw: a bug, not a bad input (handlers turn bad inputs into results). */
  | { type: 'error'; jobId: number; message: string }
