import { armJobTimer } from '#server/jobs/job-timeouts.ts'
import type { JobMessage } from '#server/jobs/worker-protocol.ts'
import {
  type JobOptions,
  type JobOutcome,
  type PendingJob,
  type PoolState,
  startTimeoutOf,
  WorkerJobError,
} from '#server/jobs/worker-pool-types.ts'
import { stopWorker } from '#server/jobs/worker-slot.ts'

/** The pool's job queue: jobs wait here for an idle worker; each is settled once, whatever ends it first. */

export function settle<J, R, P>(job: PendingJob<J, R, P>, outcome: JobOutcome<R>): void {
  if (job.settled) return
  job.settled = true
  job.settle(outcome)
}

/** Fails every waiting job with `error`. */
export function failQueued<J, R, P>(state: PoolState<J, R, P>, error: WorkerJobError): void {
  for (const job of state.queue.splice(0)) settle(job, { ok: false, error })
}

function abortJob<J, R, P>(state: PoolState<J, R, P>, job: PendingJob<J, R, P>, reason: unknown): void {
  const error = new WorkerJobError('aborted', `${state.options.name} job aborted`, { cause: reason })
  const queued = state.queue.indexOf(job)
  if (queued >= 0) {
    state.queue.splice(queued, 1)
    settle(job, { ok: false, error })
    return
  }
  for (const slot of state.slots) {
    if (slot.job === job) {
      settle(job, { ok: false, error })
      slot.job = undefined
      stopWorker(slot)
    }
  }
}

/** Why a job cannot even wait: the pool is closed or full, or the caller already gave up. */
function refusal<J, R, P>(
  state: PoolState<J, R, P>,
  signal: AbortSignal | undefined,
): WorkerJobError | undefined {
  const { name, maxQueued } = state.options
  if (state.closed) return new WorkerJobError('pool_closed', `${name} pool is closed`)
  if (maxQueued !== undefined && state.queue.length >= maxQueued) {
    return new WorkerJobError('pool_busy', `${name} pool has too many waiting jobs`)
  }
  if (signal?.aborted === true) {
    return new WorkerJobError('aborted', `${name} job aborted`, { cause: signal.reason })
  }
  return undefined
}

/** Queues a job; its promise settles with the result or a typed WorkerJobError. */
export function enqueue<J, R, P>(state: PoolState<J, R, P>, job: J, jobOptions: JobOptions<P>): Promise<R> {
  const signal = jobOptions.signal
  const refused = refusal(state, signal)
  if (refused !== undefined) return Promise.reject(refused)
  return new Promise<R>((resolve, reject) => {
    const onAbort = (): void => abortJob(state, pending, signal?.reason)
    const pending: PendingJob<J, R, P> = {
      id: state.nextJobId++,
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
    state.queue.push(pending)
    state.dispatch()
  })
}

/** Gives waiting jobs to idle workers, then starts the workers still wanted. */
export function dispatchJobs<J, R, P>(state: PoolState<J, R, P>): void {
  while (state.queue.length > 0) {
    const slot = [...state.slots].find((candidate) => candidate.state === 'idle')
    if (slot === undefined) break
    const job = state.queue.shift()!
    clearTimeout(slot.idleTimer)
    slot.idleTimer = undefined
    slot.state = 'busy'
    slot.job = job
    slot.worker.ref()
    // Until the worker begins (its warm-up may still run), the start bound applies; then the job's own.
    armJobTimer(state, slot, job, job.options.timeoutMs + startTimeoutOf(state.options))
    const message: JobMessage<J> = { jobId: job.id, job: job.job }
    slot.worker.post(message)
  }
  state.scheduleWorkers()
}
