import { type JobHostExit, startJobHost } from '#server/jobs/job-hosts.ts'
import { armIdleTimer, armStartTimer, clearTimers } from '#server/jobs/job-timeouts.ts'
import type { WorkerMessage } from '#server/jobs/worker-protocol.ts'
import { type PoolState, type Slot, WorkerJobError } from '#server/jobs/worker-pool-types.ts'

/** The life of one worker (a slot): started, idle, busy, stopping; its exit is reported to the pool. */

export interface WorkerEvents<J, R, P> {
  onMessage(slot: Slot<J, R, P>, message: WorkerMessage<R, P>): void
  onExit(slot: Slot<J, R, P>, exit: JobHostExit): void
}

/** A readiness promise and its two ends; a rejection nobody awaits must not become an unhandled rejection. */
function readiness() {
  let markReady = (): void => undefined
  let markFailed = (_error: Error): void => undefined
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    markFailed = reject
  })
  ready.catch(() => undefined)
  return { ready, markReady, markFailed }
}

export function startWorker<J, R, P>(state: PoolState<J, R, P>, events: WorkerEvents<J, R, P>): void {
  const { options } = state
  const worker = startJobHost({
    backend: options.backend ?? 'thread',
    data: state.workerData,
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
    ...readiness(),
  }
  armStartTimer(state, slot)
  worker.onMessage((message) => events.onMessage(slot, message as WorkerMessage<R, P>))
  worker.onExit((exit) => {
    events.onExit(slot, exit)
    markExited()
  })
  state.slots.add(slot)
}

export function stopWorker<J, R, P>(slot: Slot<J, R, P>): void {
  if (slot.state === 'stopping') return
  slot.state = 'stopping'
  clearTimers(slot)
  slot.worker.terminate()
}

export function becomeIdle<J, R, P>(state: PoolState<J, R, P>, slot: Slot<J, R, P>): void {
  slot.state = 'idle'
  slot.job = undefined
  clearTimeout(slot.jobTimer)
  slot.jobTimer = undefined
  slot.worker.unref()
  armIdleTimer(state, slot)
}

/** The typed failure of the job a worker was running when it went away. */
export function exitFailure(name: string, exit: JobHostExit, cause: Error | undefined): WorkerJobError {
  if (exit.outOfMemory) {
    return new WorkerJobError(
      'memory_limit',
      `${name} worker reached its memory limit${exit.detail === undefined ? '' : `: ${exit.detail}`}`,
      { cause },
    )
  }
  const how = exit.signal === null ? `code ${exit.code}` : `signal ${exit.signal}`
  const detail = cause?.message ?? exit.detail
  return new WorkerJobError(
    'worker_crashed',
    `${name} worker exited (${how})${detail === undefined ? '' : `: ${detail}`}`,
    { cause },
  )
}
