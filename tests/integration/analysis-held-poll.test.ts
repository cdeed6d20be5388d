import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnalysisTaskSchema, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  silentRunnerLog,
  upload,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'
import { corpusFile } from '#tests/integration/helpers/model-files.ts'

/**
 * The held task poll (decision 0124): `GET /api/analytx/task/{id}?waitMs=…` holds a queued or running task's answer
 * until the local runner changes the task or the wait ends, so the client learns of the result without waiting for
 * its next poll; a finished task and a poll without `waitMs` answer at once.
 */

let t: AnalysisTestApp
beforeAll(async () => {
  // The runner starts inside the test: the task stays queued until then.
  t = await createAnalysisTestApp({ startRunner: false })
})
afterAll(async () => {
  await t?.close()
})

async function poll(taskId: string, query = '') {
  const started = performance.now()
  const response = await t.app.inject({ method: 'GET', url: `/api/analytx/task/${taskId}${query}` })
  return { response, ms: performance.now() - started }
}

describe('GET /api/analytx/task/{id}?waitMs', () => {
  it('holds a queued task for the wait, answers at the runner’s first change, and at once when finished', async () => {
    const uploaded = await upload(t.app, 'cube.stl', corpusFile('stl/trimesh__20mm-xyz-cube.stl'))
    expect(uploaded.statusCode).toBe(201)
    const { taskId } = AnalysisUploadResponseSchema.parse(uploaded.json())

    // Without a wait: at once.
    const plain = await poll(taskId)
    expect(AnalysisTaskSchema.parse(plain.response.json()).state).toBe('queued')

    // Nothing changes it (no runner yet): the answer comes when the wait ends, still queued.
    const held = await poll(taskId, '?waitMs=400')
    expect(held.response.statusCode).toBe(200)
    expect(AnalysisTaskSchema.parse(held.response.json()).state).toBe('queued')
    expect(held.ms).toBeGreaterThanOrEqual(390)

    // The runner claims it while a poll is held: that poll answers with the change, before its wait ends.
    const pending = poll(taskId, '?waitMs=1000')
    await t.runner.start(silentRunnerLog)
    const changed = await pending
    expect(AnalysisTaskSchema.parse(changed.response.json()).state).not.toBe('queued')
    expect(changed.ms).toBeLessThan(1000)

    await waitForTask(t.app, taskId, 90_000)
    const finished = await poll(taskId, '?waitMs=1000')
    expect(AnalysisTaskSchema.parse(finished.response.json()).state).toBe('completed')
    expect(finished.ms).toBeLessThan(500)
  })

  it('refuses a wait longer than the poll interval or not a whole number (400)', async () => {
    const uploaded = await upload(t.app, 'cube.stl', corpusFile('stl/trimesh__20mm-xyz-cube.stl'))
    const { taskId } = AnalysisUploadResponseSchema.parse(uploaded.json())
    for (const query of ['?waitMs=1001', '?waitMs=-1', '?waitMs=0.5', '?waitMs=soon']) {
      expect((await poll(taskId, query)).response.statusCode, query).toBe(400)
    }
  })
})
