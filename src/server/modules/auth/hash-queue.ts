import { availableParallelism } from 'node:os'

/**
 * The one door to password hashing (docs/decisions/0075-password-hashing-and-sign-in-throttle.md). Hashes run on
 * Node's libuv pool, which static files and every fs read share: unbounded, 20 parallel sign-ins took all of its 4
 * threads and stalled static files for seconds. At most `concurrency` hashes run at once; a few more wait, each at
 * most `maxWaitMs`; past that the queue refuses at once with {@link HashQueueBusyError}, which the sign-in answers
 * as 503 service_busy with Retry-After. A refusal costs no hash, so a flood cannot buy CPU or memory with it.
 */
export interface HashQueueOptions {
  concurrency: number
  /** Longest a hash may wait for its turn before it is refused. */
  maxWaitMs: number
  /** Most hashes waiting at once; more are refused without waiting. */
  maxWaiting: number
}

export class HashQueueBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('Password hashing is busy')
    this.name = 'HashQueueBusyError'
  }
}

/**
 * One hash per core but one (the event loop keeps a core), never more than half the libuv pool, so file reads
 * always have threads left.
 */
export function defaultHashConcurrency(
  cores = availableParallelism(),
  poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4),
): number {
  return Math.max(1, Math.min(cores - 1, Math.floor(poolSize / 2)))
}

export const DEFAULT_HASH_QUEUE: HashQueueOptions = {
  concurrency: defaultHashConcurrency(),
  maxWaitMs: 3_000,
  maxWaiting: 50,
}

interface Waiter {
  start(): void
  timer: NodeJS.Timeout
}

export function createHashQueue(options: HashQueueOptions = DEFAULT_HASH_QUEUE) {
  let running = 0
  const waiting: Waiter[] = []

  function next(): void {
    running -= 1
    const waiter = waiting.shift()
    if (waiter === undefined) return
    clearTimeout(waiter.timer)
    waiter.start()
  }

  return {
    /** Runs `task` when a slot is free, or rejects with HashQueueBusyError. */
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1
          // Through a promise, so a task that throws before it returns one still frees its slot.
          Promise.resolve().then(task).then(resolve, reject).finally(next)
        }
        if (running < options.concurrency) return start()
        if (waiting.length >= options.maxWaiting) return reject(new HashQueueBusyError(options.maxWaitMs))
        const waiter: Waiter = {
          start,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1)
            reject(new HashQueueBusyError(options.maxWaitMs))
          }, options.maxWaitMs),
        }
        waiting.push(waiter)
      })
    },
    /** Hashes running and waiting now. */
    load(): { running: number; waiting: number } {
      return { running, waiting: waiting.length }
    },
  }
}
export type HashQueue = ReturnType<typeof createHashQueue>
