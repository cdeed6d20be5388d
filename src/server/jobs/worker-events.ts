import type { JobHostExit } from '#server/jobs/job-hosts.ts'
import { failQueued, settle } from '#server/jobs/job-queue.ts'
import { armJobTimer, clearTimers } from '#server/jobs/job-timeouts.ts'
import type { WorkerMessage } from '#server/jobs/worker-protocol.ts'
import { type PoolState, type Slot, WorkerJobError } from '#server/jobs/worker-pool-types.ts'
import { becomeIdle, exitFailure, stopWorker } from '#server/jobs/worker-slot.ts'

/** What the pool does when a worker speaks (ready, started, progress, result, error) or exits. */

/** After this many workers in a row died while starting, waiting jobs are failed instead of waiting forever. */
const START_FAILURES_BEFORE_GIVING_UP = 3

/** A throwing progress or start callback is the caller's bug: logged, never fatal to the job. */
function callSafely<J, R, P>(state: PoolState<J, R, P>, callback: () => void): void {
  try {
    callback()
  } catch (error) {
    state.options.onWorkerError?.(error instanceof Error ? error : new Error(String(error)))
  }
}

function onReady<J, R, P>(state: PoolState<J, R, P>, slot: Slot<J, R, P>): void {
  if (slot.state !== 'starting') return
  clearTimeout(slot.startTimer)
  slot.startTimer = undefined
  slot.everReady = true
  state.startFailures = 0
  slot.markReady()
  becomeIdle(state, slot)
  state.dispatch()
}

export function onWorkerMessage<J, R, P>(
  state: PoolState<J, R, P>,
  slot: Slot<J, R, P>,
  message: WorkerMessage<R, P>,
): void {
  if (message.type === 'ready') return onReady(state, slot)
  const job = slot.job
  if (job === undefined || job.id !== message.jobId) return // a job already given up on
  if (message.type === 'started') {
    armJobTimer(state, slot, job, job.options.timeoutMs)
    return callSafely(state, () => job.options.onStart?.())
  }
  if (message.type === 'progress') return callSafely(state, () => job.options.onProgress?.(message.progress))
  if (message.type === 'result') {
    settle(job, { ok: true, value: message.value })
    if (message.recycle) stopWorker(slot)
    else becomeIdle(state, slot)
  } else {
    const error = new WorkerJobError('handler_error', `${state.options.name} job failed: ${message.message}`)
    settle(job, { ok: false, error })
    becomeIdle(state, slot)
  }
  state.dispatch()
}

/** A worker that exited before it was ready: a failed start; after a few in a row, waiting jobs fail. */
function onFailedStart<J, R, P>(state: PoolState<J, R, P>, slot: Slot<J, R, P>, error: Error): void {
  slot.markFailed(error)
  if (state.closed) return
  state.startFailures++
  state.options.onWorkerError?.(error)
  if (state.startFailures >= START_FAILURES_BEFORE_GIVING_UP) {
    const message = `${state.options.name} workers do not start: ${error.message}`
    failQueued(state, new WorkerJobError('worker_crashed', message))
  }
}

export function onWorkerExit<J, R, P>(
  state: PoolState<J, R, P>,
  slot: Slot<J, R, P>,
  exit: JobHostExit,
): void {
  const { name } = state.options
  clearTimers(slot)
  state.slots.delete(slot)
  const cause = slot.lastError ?? (exit.detail === undefined ? undefined : new Error(exit.detail))
  if (slot.job !== undefined) {
    settle(slot.job, { ok: false, error: exitFailure(name, exit, cause) })
    slot.job = undefined
  }
  if (!slot.everReady) {
    onFailedStart(
      state,
      slot,
      cause ?? new Error(`${name} worker exited with code ${exit.code} while starting`),
    )
  } else if (cause !== undefined && !state.closed && !exit.outOfMemory) {
    state.options.onWorkerError?.(cause)
  }
  if (!state.closed) state.scheduleWorkers()
}
