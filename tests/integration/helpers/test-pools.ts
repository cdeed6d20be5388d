import { afterEach } from 'vitest'
import {
  createWorkerPool,
  type WorkerJobError,
  type WorkerPool,
  type WorkerPoolOptions,
} from '#server/jobs/worker-pool.ts'
import type { JobHostBackend } from '#server/jobs/job-hosts.ts'
import type { PoolTestJob, PoolTestResult } from '#tests/integration/fixtures/pool-test.worker.ts'

/** Pools of the test worker (`fixtures/pool-test.worker.ts`) on one backend, closed after each test. */

type TestPool = WorkerPool<PoolTestJob, PoolTestResult, number>

const entry = new URL('../fixtures/pool-test.worker.ts', import.meta.url)

/** Options of a test pool besides its size and heap: on-demand workers (`eager: false`) and their idle time. */
type TestPoolOptions = Pick<WorkerPoolOptions, 'eager' | 'idleTimeoutMs'>

/** Registers the clean-up of the calling test file and returns its pool factory. */
export function testPools(
  backend: JobHostBackend,
): (size?: number, heapMb?: number, options?: TestPoolOptions) => TestPool {
  const pools: TestPool[] = []
  afterEach(async () => {
    for (const pool of pools.splice(0)) await pool.close()
  })
  return (size = 1, heapMb = 64, options = {}) => {
    const created = createWorkerPool<PoolTestJob, PoolTestResult, number>({
      name: 'test',
      entry,
      size,
      backend,
      eager: true,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      ...options,
    })
    pools.push(created)
    return created
  }
}

/** The typed failure a job ended with; throws when it did not fail. */
export async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return (error as WorkerJobError).failure
  }
  throw new Error('the job did not fail')
}
