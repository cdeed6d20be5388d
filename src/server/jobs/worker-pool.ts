import { dispatchJobs, enqueue, failQueued, settle } from '#server/jobs/job-queue.ts'
import { onWorkerExit, onWorkerMessage } from '#server/jobs/worker-events.ts'
import {
  type PoolState,
  type WorkerPool,
  type WorkerPoolOptions,
  WorkerJobError,
} from '#server/jobs/worker-pool-types.ts'
import { startWorker, stopWorker, type WorkerEvents } from '#server/jobs/worker-slot.ts'
import { runtimeEntryUrl } from '#server/runtime-paths.ts'

/**
 * A small pool of workers for CPU-heavy jobs (the analysis engine is synchronous for seconds at a time), so the
 * main thread's event loop keeps serving requests and renewing leases. Each job is bounded in time (the worker is
 * terminated when its timeout passes) and each worker in memory (`resourceLimits`, a heap flag for a child
 * process); a worker that died is replaced. Workers are threads or child processes (job-hosts.ts): only a child's
 * out-of-memory is sure to end nothing but the child. See docs/decisions/0041 and 0073.
 *
 * The parts: the job queue (job-queue.ts), one worker's life (worker-slot.ts), the clocks (job-timeouts.ts) and
 * what a worker's messages and exit do (worker-events.ts), sharing one PoolState (worker-pool-types.ts).
 */

export {
  type JobOptions,
  type WorkerJobFailure,
  type WorkerPool,
  type WorkerPoolOptions,
  WorkerJobError,
} from '#server/jobs/worker-pool-types.ts'

const MAX_START_BACKOFF_MS = 30_000

/** How many workers the pool wants now: `size` when eager, else one per busy or waiting job. */
function wantedWorkers<J, R, P>(state: PoolState<J, R, P>): number {
  if (state.options.eager === true) return state.options.size
  const busy = [...state.slots].filter((slot) => slot.state === 'busy').length
  return Math.min(state.options.size, busy + state.queue.length)
}

function scheduleWorkers<J, R, P>(state: PoolState<J, R, P>, events: WorkerEvents<J, R, P>): void {
  if (state.closed || state.respawnTimer !== undefined) return
  const missing = wantedWorkers(state) - [...state.slots].filter((slot) => slot.state !== 'stopping').length
  if (missing <= 0) return
  if (state.startFailures === 0) {
    for (let i = 0; i < missing; i++) startWorker(state, events)
    return
  }
  // Workers that die while starting (a broken install, too small a heap) are retried with a growing pause.
  const delay = Math.min(MAX_START_BACKOFF_MS, 250 * 2 ** state.startFailures)
  state.respawnTimer = setTimeout(() => {
    state.respawnTimer = undefined
    scheduleWorkers(state, events)
  }, delay)
  state.respawnTimer.unref()
}

/** Closes the pool: waiting and running jobs fail with `pool_closed`, every worker is terminated. */
async function closePool<J, R, P>(state: PoolState<J, R, P>): Promise<void> {
  state.closed = true
  clearTimeout(state.respawnTimer)
  const closedError = new WorkerJobError('pool_closed', `${state.options.name} pool is closed`)
  failQueued(state, closedError)
  const exits = [...state.slots].map((slot) => {
    if (slot.job !== undefined) settle(slot.job, { ok: false, error: closedError })
    slot.job = undefined
    stopWorker(slot)
    return slot.exited
  })
  await Promise.all(exits)
}

export function createWorkerPool<J, R, P>(options: WorkerPoolOptions): WorkerPool<J, R, P> {
  const events: WorkerEvents<J, R, P> = {
    onMessage: (slot, message) => onWorkerMessage(state, slot, message),
    onExit: (slot, exit) => onWorkerExit(state, slot, exit),
  }
  const state: PoolState<J, R, P> = {
    options,
    // The bundle runs the entry's bundled file (decision 0117).
    workerData: { entry: runtimeEntryUrl(options.entry).href, niceness: options.niceness ?? 10 },
    slots: new Set(),
    queue: [],
    closed: false,
    nextJobId: 1,
    startFailures: 0,
    respawnTimer: undefined,
    dispatch: () => dispatchJobs(state),
    scheduleWorkers: () => scheduleWorkers(state, events),
  }

  return {
    run: (job, jobOptions) => enqueue(state, job, jobOptions),

    async warmUp() {
      if (state.closed) throw new WorkerJobError('pool_closed', `${options.name} pool is closed`)
      while (state.slots.size < options.size) startWorker(state, events)
      await Promise.all([...state.slots].map((slot) => slot.ready))
    },

    prestart() {
      // Workers that fail to start are left to the jobs' back-off (scheduleWorkers): a flood of announcements
      // must not turn into a flood of starts.
      if (state.closed || state.startFailures > 0 || state.respawnTimer !== undefined) return
      const live = [...state.slots].filter((slot) => slot.state !== 'stopping')
      const taken = live.filter((slot) => slot.state === 'busy').length + state.queue.length
      if (live.length < Math.min(options.size, taken + 1)) startWorker(state, events)
    },

    close: () => closePool(state),

    stats() {
      const all = [...state.slots]
      return {
        workers: all.length,
        busy: all.filter((slot) => slot.state === 'busy').length,
        queued: state.queue.length,
      }
    },
  }
}
