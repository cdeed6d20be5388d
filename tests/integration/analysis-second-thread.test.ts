import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import type { AnalysisPool, RunnerLog, TaskRunContext } from '#server/modules/analysis/analysis-task-run.ts'
import { runAnalysisTask } from '#server/modules/analysis/analysis-task-run.ts'
import type { AnalysisWorkerJob, AnalysisWorkerResult } from '#server/modules/analysis/analysis-jobs.ts'
import type { AnalysisQueueRepo, ClaimedTask } from '#server/modules/analysis/analysis-queue.repo.ts'
import { sourcePath } from '#server/modules/analysis/analysis-storage.ts'
import { binaryStl, injectDefects, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import { createTempDir, createTestConfig } from '#tests/integration/helpers/test-app.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  upload,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'

/**
 * Decision 0122: an analysis child computes the wall thickness on its second thread, and a server process lets one
 * analysis at a time do so (two uploads at once use three threads, not four).
 */

const apps: AnalysisTestApp[] = []
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close()
})

const silent: RunnerLog = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe('the wall thickness on the analysis child’s second thread', () => {
  it('is used by an upload’s analysis, which completes with its thickness and pictures', async () => {
    const t = await createAnalysisTestApp({ startRunner: false })
    apps.push(t)
    const timings: Record<string, number>[] = []
    const log: RunnerLog = {
      ...silent,
      info: (object, message) => {
        if (message === 'analysis completed') timings.push(object.timingsMs as Record<string, number>)
      },
    }
    const u = 64
    const v = 32
    const stl = binaryStl(
      injectDefects(
        torusSoup(40, 15, u, v),
        u,
        v,
        { flipped: 5, holes: 2, stray: 1, degenerate: 1, jittered: 2, duplicates: 0 },
        0.002,
        5,
      ),
    )
    const response = await upload(t.app, 'torus.stl', stl)
    expect(response.statusCode).toBe(201)
    const { taskId, createdObject } = AnalysisUploadResponseSchema.parse(response.json())
    await t.runner.start(log)
    expect((await waitForTask(t.app, taskId, 120_000)).state).toBe('completed')

    // only the second thread's path waits for it
    expect(timings).toHaveLength(1)
    expect(timings[0]!.thickness_wait).toBeGreaterThanOrEqual(0)
    expect(timings[0]!.thickness).toBeGreaterThan(0)
    const file = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${createdObject._id}` })
    expect(file.statusCode).toBe(200)
    const body = file.json() as { frontPictures: object; repairInfo: { repairImages: object } }
    expect(Object.keys(body.frontPictures)).toHaveLength(24)
    expect(Object.keys(body.repairInfo.repairImages)).toHaveLength(24)
  }, 180_000)
})

describe('the second-thread permit of a server process', () => {
  it('goes to one analysis at a time and is given back when it ends', async () => {
    const uploadsDir = createTempDir('schichtwerk-permit-')
    const seen: boolean[] = []
    const finish: (() => void)[] = []
    const pool = {
      run: (job: AnalysisWorkerJob) => {
        if (job.kind === 'analyze') seen.push(job.secondThread)
        return new Promise<AnalysisWorkerResult>((resolve) =>
          finish.push(() => resolve({ kind: 'engine-error', engineCode: 'no_triangles' })),
        )
      },
    } as unknown as AnalysisPool
    // every queue write succeeds: this test is about the permit, not the lease
    const queue = new Proxy({}, { get: () => async () => true }) as unknown as AnalysisQueueRepo
    const ctx: TaskRunContext = {
      settings: {
        ...createTestConfig(uploadsDir).analysis,
        uploadsDir,
      },
      owner: 'test:boot',
      queue,
      log: silent,
      pool: () => pool,
      secondThread: { taken: false },
      changed: () => undefined,
    }
    const task = (id: string): ClaimedTask => {
      const path = sourcePath(uploadsDir, id, 'stl')
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, binaryStl(torusSoup(10, 3, 8, 4)))
      return { id, modelFileId: id, attempts: 1, interruptedRuns: 0, format: 'stl', givenUnit: 'mm' }
    }
    const until = async (n: number): Promise<void> => {
      while (seen.length < n) await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const first = runAnalysisTask(ctx, task('a'), new AbortController())
    await until(1)
    const second = runAnalysisTask(ctx, task('b'), new AbortController())
    await until(2)
    expect(seen).toEqual([true, false])
    finish[0]!()
    await first
    expect(ctx.secondThread.taken).toBe(false)
    const third = runAnalysisTask(ctx, task('c'), new AbortController())
    await until(3)
    expect(seen).toEqual([true, false, true])
    finish[1]!()
    finish[2]!()
    await Promise.all([second, third])
    expect(ctx.secondThread.taken).toBe(false)
  }, 60_000)
})
