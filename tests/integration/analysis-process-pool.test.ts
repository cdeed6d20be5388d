import { describe, expect, it } from 'vitest'
import { CHILD_GLIBC_TUNABLE, childEnv } from '#server/jobs/job-hosts.ts'
import { failureOf, testPools } from '#tests/integration/helpers/test-pools.ts'

/**
 * The worker pool on child processes (docs/decisions/0073): the same bounds as on threads, and an out-of-memory
 * that V8 treats as fatal for the whole process (a Map growing past the heap) ends only the child.
 */

const pool = testPools('process')

describe('the worker pool on child processes', () => {
  it('runs jobs in other processes, in parallel up to its size, with progress and a start signal', async () => {
    const workers = pool(2)
    await workers.warmUp()
    const steps: number[] = []
    let started = 0
    const [a, b, c] = await Promise.all([
      workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 10_000, onStart: () => started++ }),
      workers.run({ kind: 'echo', value: 2 }, { timeoutMs: 10_000, onStart: () => started++ }),
      workers.run(
        { kind: 'progress', steps: 3 },
        { timeoutMs: 10_000, onProgress: (step) => steps.push(step) },
      ),
    ])
    expect([a.value, b.value, c.value]).toEqual([1, 2, 3])
    expect(steps).toEqual([1, 2, 3])
    expect(started).toBe(2)
    expect(new Set([a.threadId, b.threadId, process.pid]).size).toBe(3)
  })

  it("lowers every thread of a child to the pool's niceness, V8's and libuv's started before it included", async () => {
    const workers = pool()
    await workers.warmUp()
    // The default niceness is 10: the server's main thread wins the CPU against any part of an analysis.
    expect((await workers.run({ kind: 'niceness' }, { timeoutMs: 10_000 })).value).toBe(10)
  })

  it('kills a job past its timeout and carries on with a new process', async () => {
    const workers = pool()
    await workers.warmUp()
    const started = Date.now()
    expect(await failureOf(workers.run({ kind: 'spin', ms: 60_000 }, { timeoutMs: 300 }))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await workers.run({ kind: 'echo', value: 7 }, { timeoutMs: 30_000 })).value).toBe(7)
  })

  it.each(['hog', 'map-hog'] as const)(
    'ends a %s job that fills the child heap with memory_limit and carries on',
    async (kind) => {
      const workers = pool(1, 48)
      await workers.warmUp()
      expect(await failureOf(workers.run({ kind }, { timeoutMs: 60_000 }))).toBe('memory_limit')
      expect((await workers.run({ kind: 'echo', value: 8 }, { timeoutMs: 30_000 })).value).toBe(8)
    },
  )

  it('reports a dead process as worker_crashed and a handler bug as handler_error', async () => {
    const workers = pool()
    await workers.warmUp()
    expect(await failureOf(workers.run({ kind: 'exit' }, { timeoutMs: 30_000 }))).toBe('worker_crashed')
    const before = await workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 30_000 })
    expect(await failureOf(workers.run({ kind: 'throw' }, { timeoutMs: 30_000 }))).toBe('handler_error')
    const after = await workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 30_000 })
    expect(after.threadId).toBe(before.threadId)
  })

  it('replaces a process that asks to be recycled, and settles aborted and closed jobs', async () => {
    const workers = pool()
    const first = await workers.run({ kind: 'recycle' }, { timeoutMs: 30_000 })
    const next = await workers.run({ kind: 'echo', value: 1 }, { timeoutMs: 30_000 })
    expect(next.threadId).not.toBe(first.threadId)

    const controller = new AbortController()
    const running = workers.run(
      { kind: 'spin', ms: 60_000 },
      { timeoutMs: 120_000, signal: controller.signal },
    )
    controller.abort('stop')
    expect(await failureOf(running)).toBe('aborted')
    const blocked = failureOf(workers.run({ kind: 'spin', ms: 60_000 }, { timeoutMs: 120_000 }))
    await workers.close()
    expect(await blocked).toBe('pool_closed')
  })

  it("gives a child the server's environment without NODE_EXTRA_CA_CERTS, which node would parse at its start", async () => {
    const saved = {
      ca: process.env.NODE_EXTRA_CA_CERTS,
      mark: process.env.POOL_TEST_MARK,
      tunables: process.env.GLIBC_TUNABLES,
    }
    process.env.NODE_EXTRA_CA_CERTS = '/nonexistent/extra-ca.pem'
    process.env.POOL_TEST_MARK = 'kept'
    delete process.env.GLIBC_TUNABLES
    try {
      const workers = pool()
      await workers.warmUp()
      const has = async (name: string): Promise<number> =>
        (await workers.run({ kind: 'env', name }, { timeoutMs: 30_000 })).value
      expect(await has('POOL_TEST_MARK')).toBe(1)
      expect(await has('NODE_EXTRA_CA_CERTS')).toBe(0)
      // huge pages for malloc (decision 0140), though the server's environment has no GLIBC_TUNABLES
      expect(await has('GLIBC_TUNABLES')).toBe(1)
    } finally {
      for (const [name, value] of [
        ['NODE_EXTRA_CA_CERTS', saved.ca],
        ['POOL_TEST_MARK', saved.mark],
        ['GLIBC_TUNABLES', saved.tunables],
      ] as const) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  })

  it('asks glibc for huge pages in a child and keeps the tunables the operator set', () => {
    expect(childEnv({}).GLIBC_TUNABLES).toBe(CHILD_GLIBC_TUNABLE)
    expect(childEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(
      `glibc.malloc.arena_max=2:${CHILD_GLIBC_TUNABLE}`,
    )
    // an operator who chose otherwise (e.g. huge pages off) is not overruled
    expect(childEnv({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.hugetlb=0',
    )
  })
})
