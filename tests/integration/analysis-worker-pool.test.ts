import { getPriority } from 'node:os'
import { describe, expect, it } from 'vitest'
import { WARM_UP_STEPS } from '#tests/integration/fixtures/pool-test.worker.ts'
import { failureOf, testPools } from '#tests/integration/helpers/test-pools.ts'

/**
 * The worker pool's bounds (docs/decisions/0041): a job that runs too long or fills its heap ends with a typed
 * error and the pool carries on with a fresh worker; a crash or a handler bug is reported, not propagated; aborts
 * and closing settle every job.
 */

const pool = testPools('thread')

describe('the worker pool', () => {
  it('runs jobs off the main thread, in parallel up to its size, with progress', async () => {
    const workers = pool(2)
    await workers.warmUp()
    const steps: number[] = []
    const [a, b, c] = await Promise.all([
      workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 10_000 }),
      workers.run({ kind: 'echo', value: 2 }, { timeoutMs: 10_000 }),
      workers.run(
        { kind: 'progress', steps: 3 },
        { timeoutMs: 10_000, onProgress: (step) => steps.push(step) },
      ),
    ])
    expect([a.value, b.value, c.value]).toEqual([1, 2, 3])
    expect(steps).toEqual([1, 2, 3])
    expect(new Set([a.threadId, b.threadId]).size).toBe(2)
  })

  it("runs a worker's warm-up once, after it is ready and before its first job", async () => {
    const workers = pool()
    await workers.warmUp()
    const first = await workers.run({ kind: 'warm-ups' }, { timeoutMs: 10_000 })
    const second = await workers.run({ kind: 'warm-ups' }, { timeoutMs: 10_000 })
    expect([first.value, second.value]).toEqual([1, 1])
    expect(second.threadId).toBe(first.threadId)
  })

  it("lowers a worker thread to the pool's niceness and leaves this thread as it was", async () => {
    const workers = pool()
    await workers.warmUp()
    const before = getPriority()
    expect((await workers.run({ kind: 'niceness' }, { timeoutMs: 10_000 })).value).toBe(10)
    expect(getPriority()).toBe(before)
  })

  it('ends the warm-up at its next step when a job arrives, and does not resume it (decision 0134)', async () => {
    const workers = pool()
    await workers.warmUp()
    const first = await workers.run({ kind: 'warm-up-steps' }, { timeoutMs: 10_000 })
    expect(first.value).toBeLessThan(WARM_UP_STEPS)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect((await workers.run({ kind: 'warm-up-steps' }, { timeoutMs: 10_000 })).value).toBe(first.value)

    // A worker that no job interrupts does all of it.
    const alone = pool()
    await alone.warmUp()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect((await alone.run({ kind: 'warm-up-steps' }, { timeoutMs: 10_000 })).value).toBe(WARM_UP_STEPS)
  })

  it('prestart: one worker for an announced job, one more only beside a busy one, never over its size', async () => {
    const workers = pool(2, 64, { eager: false, idleTimeoutMs: 60_000 })
    expect(workers.stats().workers).toBe(0)
    // A flood of announcements (uploads beginning) starts one worker.
    for (let i = 0; i < 50; i++) workers.prestart()
    expect(workers.stats().workers).toBe(1)
    const running = workers.run({ kind: 'spin', ms: 1_500 }, { timeoutMs: 30_000 })
    await expect.poll(() => workers.stats().busy, { timeout: 20_000 }).toBe(1)
    // That worker is busy: the next upload gets a second, and the pool's size bounds the rest.
    for (let i = 0; i < 50; i++) workers.prestart()
    expect(workers.stats()).toMatchObject({ workers: 2, busy: 1 })
    expect((await running).value).toBe(1_500)
  })

  it('stops a prestarted worker after its idle time when no job comes', async () => {
    const workers = pool(2, 64, { eager: false, idleTimeoutMs: 300 })
    workers.prestart()
    expect(workers.stats().workers).toBe(1)
    await expect.poll(() => workers.stats().workers, { timeout: 20_000 }).toBe(0)
  })

  it('terminates a job past its timeout and carries on with a new worker', async () => {
    const workers = pool()
    await workers.warmUp()
    const started = Date.now()
    expect(await failureOf(workers.run({ kind: 'spin', ms: 60_000 }, { timeoutMs: 300 }))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await workers.run({ kind: 'echo', value: 7 }, { timeoutMs: 30_000 })).value).toBe(7)
  })

  it('ends a job that fills its heap with memory_limit and carries on', async () => {
    const workers = pool(1, 48)
    await workers.warmUp()
    expect(await failureOf(workers.run({ kind: 'hog' }, { timeoutMs: 60_000 }))).toBe('memory_limit')
    expect((await workers.run({ kind: 'echo', value: 8 }, { timeoutMs: 30_000 })).value).toBe(8)
  })

  it('reports a dead worker and a handler bug, and keeps a worker whose handler threw', async () => {
    const workers = pool()
    await workers.warmUp()
    expect(await failureOf(workers.run({ kind: 'exit' }, { timeoutMs: 30_000 }))).toBe('worker_crashed')
    const before = await workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 30_000 })
    expect(await failureOf(workers.run({ kind: 'throw' }, { timeoutMs: 30_000 }))).toBe('handler_error')
    const after = await workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 30_000 })
    expect(after.threadId).toBe(before.threadId)
  })

  it('replaces a worker that asks to be recycled', async () => {
    const workers = pool()
    const first = await workers.run({ kind: 'recycle' }, { timeoutMs: 30_000 })
    const next = await workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 30_000 })
    expect(next.threadId).not.toBe(first.threadId)
  })

  it('settles aborted and pending jobs', async () => {
    const workers = pool()
    await workers.warmUp()
    const controller = new AbortController()
    const running = workers.run(
      { kind: 'spin', ms: 60_000 },
      { timeoutMs: 120_000, signal: controller.signal },
    )
    const waiting = workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 120_000 })
    controller.abort('stop')
    expect(await failureOf(running)).toBe('aborted')
    expect((await waiting).value).toBe(1)

    const blocked = failureOf(workers.run({ kind: 'spin', ms: 60_000 }, { timeoutMs: 120_000 }))
    const queued = failureOf(workers.run({ kind: 'echo', value: 2 }, { timeoutMs: 120_000 }))
    await workers.close()
    expect(await blocked).toBe('pool_closed')
    expect(await queued).toBe('pool_closed')
    expect(await failureOf(workers.run({ kind: 'echo', value: 3 }, { timeoutMs: 1_000 }))).toBe('pool_closed')
  })
})
