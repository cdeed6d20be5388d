import {
  type PendingJob,
  type PoolState,
  type Slot,
  startTimeoutOf,
  WorkerJobError,
} from '#server/jobs/worker-pool-types.ts'
import { settle } from '#server/jobs/job-queue.ts'
import { stopWorker } from '#server/jobs/worker-slot.ts'

/**
 * The pool's three clocks (docs/decisions/0041): a worker must start in time, a job must end in time (the worker
 * is terminated, the only way to stop synchronous code), and an idle worker stops after a while.
 */

export function clearTimers<J, R, P>(slot: Slot<J, R, P>): void {
  clearTimeout(slot.jobTimer)
  clearTimeout(slot.idleTimer)
  clearTimeout(slot.startTimer)
  slot.jobTimer = undefined
  slot.idleTimer = undefined
  slot.startTimer = undefined
}

export function armStartTimer<J, R, P>(state: PoolState<J, R, P>, slot: Slot<J, R, P>): void {
  const ms = startTimeoutOf(state.options)
  slot.startTimer = setTimeout(() => {
    slot.lastError = new Error(`${state.options.name} worker did not start within ${ms} ms`)
    stopWorker(slot)
  }, ms)
  slot.startTimer.unref()
}

/** Fails the job with `timeout` and terminates its worker unless the job ended within `ms`. */
export function armJobTimer<J, R, P>(
  state: PoolState<J, R, P>,
  slot: Slot<J, R, P>,
  job: PendingJob<J, R, P>,
  ms: number,
): void {
  clearTimeout(slot.jobTimer)
  slot.jobTimer = setTimeout(() => {
    if (slot.job !== job) return
    settle(job, {
      ok: false,
      error: new WorkerJobError('timeout', `${state.options.name} job exceeded ${job.options.timeoutMs} ms`),
    })
    slot.job = undefined
    stopWorker(slot)
  }, ms)
}

/** Stops an idle worker after `idleTimeoutMs` (pools that are not eager). */
export function armIdleTimer<J, R, P>(state: PoolState<J, R, P>, slot: Slot<J, R, P>): void {
  const { eager, idleTimeoutMs } = state.options
  if (eager === true || idleTimeoutMs === undefined) return
  slot.idleTimer = setTimeout(() => {
    if (slot.state === 'idle') stopWorker(slot)
  }, idleTimeoutMs)
  slot.idleTimer.unref()
}
