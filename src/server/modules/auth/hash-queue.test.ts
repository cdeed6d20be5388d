import { describe, expect, it } from 'vitest'
import {
  createHashQueue,
  defaultHashConcurrency,
  HashQueueBusyError,
} from '#server/modules/auth/hash-queue.ts'

/** A task that runs until the test ends it. */
function heldTask() {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { run: () => done, finish }
}

describe('the hashing queue', () => {
  it('runs one hash per core but one, never more than half the libuv pool', () => {
    expect(defaultHashConcurrency(2, 4)).toBe(1)
    expect(defaultHashConcurrency(1, 4)).toBe(1)
    expect(defaultHashConcurrency(16, 4)).toBe(2)
    expect(defaultHashConcurrency(16, 16)).toBe(8)
  })

  it('refuses a task that waited longer than maxWaitMs, and starts the next one when a slot frees', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 50 })
    const first = heldTask()
    const running = queue.run(first.run)
    const started = performance.now()
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(HashQueueBusyError)
    expect(performance.now() - started).toBeGreaterThanOrEqual(45)
    expect(queue.load()).toEqual({ running: 1, waiting: 0 })

    const next = queue.run(async () => 'ran')
    first.finish()
    await running
    await expect(next).resolves.toBe('ran')
    expect(queue.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses at once past maxWaiting, with the wait to retry after', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 10_000 })
    const first = heldTask()
    const running = queue.run(first.run)
    const waiting = queue.run(async () => 'second')
    const refused = await queue.run(async () => 'third').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HashQueueBusyError)
    expect((refused as HashQueueBusyError).retryAfterMs).toBe(10_000)
    first.finish()
    await running
    await expect(waiting).resolves.toBe('second')
  })

  it('frees the slot when a task fails', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 1_000 })
    await expect(queue.run(() => Promise.reject(new Error('bad hash')))).rejects.toThrow('bad hash')
    await expect(queue.run(async () => 'after')).resolves.toBe('after')
  })
})
