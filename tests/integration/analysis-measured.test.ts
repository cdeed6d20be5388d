import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AnalysisFileSchema,
  AnalysisTaskSchema,
  AnalysisUploadResponseSchema,
} from '#shared/contracts/analysis.contract.ts'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import { PRICING_BATCH_PATH } from '#server/modules/pricing/pricing.routes.ts'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  upload,
  visitorOf,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'

/**
 * The measures before the rest (decision 0124 §2): while the wall thickness and the pictures are computed, the task
 * says `measured` (a held poll with `until=measured` is then answered at once), the file answers with its final measures and `pending`, its 3D model is served; renaming, the
 * wall-thickness picture and pricing wait for the complete analysis. Costs about 3–6 s (one 115,200-triangle
 * analysis).
 */

let t: AnalysisTestApp
beforeAll(async () => {
  t = await createAnalysisTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('an analysis reports its measures before the wall thickness and the pictures', () => {
  it('serves the measured file as pending, refuses what needs the rest, then serves it complete', async () => {
    // Big enough that the thickness and 24 pictures take a second or more after the measures.
    const uploaded = await upload(t.app, 'torus.stl', binaryStl(torusSoup(40, 15, 240, 240)))
    expect(uploaded.statusCode).toBe(201)
    const { taskId, createdObject } = AnalysisUploadResponseSchema.parse(uploaded.json())
    const id = createdObject._id
    const visitor = visitorOf(uploaded)

    // Held polls answer at every change: one of them sees the measures before the end.
    let task = AnalysisTaskSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/analytx/task/${taskId}?waitMs=1000` })).json(),
    )
    const deadline = Date.now() + 60_000
    while (task.measured !== true && task.state !== 'completed' && task.state !== 'failed') {
      expect(Date.now()).toBeLessThan(deadline)
      task = AnalysisTaskSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/analytx/task/${taskId}?waitMs=1000` })).json(),
      )
    }
    expect(task.state).toBe('running')
    expect(task.measured).toBe(true)

    // A poll that asks for the measures is not held once they are stored; one that waits for the whole analysis is.
    const timed = async (query: string) => {
      const started = performance.now()
      const response = await t.app.inject({ method: 'GET', url: `/api/analytx/task/${taskId}${query}` })
      return { task: AnalysisTaskSchema.parse(response.json()), ms: performance.now() - started }
    }
    const untilMeasured = await timed('?waitMs=1000&until=measured')
    expect(untilMeasured.task.measured).toBe(true)
    expect(untilMeasured.ms).toBeLessThan(500)
    const whole = await timed('?waitMs=1000')
    // Without `until`, held until the task changes: a new progress message (thickness, pictures) or the wait's end.
    const changed = whole.task.messages.length > untilMeasured.task.messages.length
    if (whole.task.state === 'running' && !changed) expect(whole.ms).toBeGreaterThanOrEqual(900)
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/analytx/task/${taskId}?until=soon` })).statusCode,
    ).toBe(400)

    const measured = AnalysisFileSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/analytx/file/${id}` })).json(),
    )
    expect(measured.pending).toBe(true)
    expect(measured.frontPictures).toEqual({})
    expect(measured.analysedProperties.dimensions.x).toBeCloseTo(110, 0)
    expect(measured.analysedProperties.watertight).toBe(true)

    const model = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${id}/model.3mf` })
    expect(model.statusCode).toBe(200)
    expect(model.rawPayload.subarray(0, 2).toString()).toBe('PK')

    const modes = GetPrintModesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH })).json(),
    ).printModes
    const pricing = {
      objectId: id,
      objectScale: 1,
      objectUnitLength: 'mm',
      objectQuantity: 1,
      params: [{ printModeId: modes[0]!.id }],
    }
    const stillPending = await Promise.all([
      t.app.inject({
        method: 'PATCH',
        url: `/api/analytx/file/${id}`,
        payload: { name: 'Ring' },
        headers: visitor,
      }),
      t.app.inject({
        method: 'GET',
        url: `/api/analytx/file/${id}/histogram-image?scale=1&unitOfLength=mm&direction=PX&rotation=0&printModeId=${modes[0]!.id}`,
      }),
      t.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, payload: pricing }),
    ])
    // Unless the analysis completed meanwhile (a very fast machine), each waits for it.
    const completedMeanwhile =
      AnalysisTaskSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/analytx/task/${taskId}` })).json(),
      ).state === 'completed'
    if (!completedMeanwhile) {
      expect(stillPending.map((response) => response.statusCode)).toEqual([404, 404, 404])
    }

    expect((await waitForTask(t.app, taskId, 90_000)).state).toBe('completed')
    const complete = AnalysisFileSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/analytx/file/${id}` })).json(),
    )
    expect(complete.pending).toBeUndefined()
    expect(Object.keys(complete.frontPictures).length).toBeGreaterThan(0)
    expect(complete.analysedProperties).toEqual(measured.analysedProperties)
    const priced = await t.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, payload: pricing })
    expect(priced.statusCode).toBe(200)
  }, 120_000)
  it('holds a poll with until=measured through the progress messages until the measures are stored', async () => {
    const uploaded = await upload(t.app, 'ring.stl', binaryStl(torusSoup(40, 15, 240, 240)))
    const { taskId } = AnalysisUploadResponseSchema.parse(uploaded.json())
    // Polled at once, as the client does (decision 0134): the task starts and says "reading" meanwhile. An answer on
    // one of those would leave the client waiting the rest of its poll interval (decision 0137).
    const deadline = Date.now() + 60_000
    for (;;) {
      const started = performance.now()
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/analytx/task/${taskId}?waitMs=1000&until=measured`,
      })
      const task = AnalysisTaskSchema.parse(response.json())
      const ms = performance.now() - started
      if (task.measured === true || task.state === 'completed' || task.state === 'failed') break
      expect(ms).toBeGreaterThanOrEqual(950)
      expect(Date.now()).toBeLessThan(deadline)
    }
    expect((await waitForTask(t.app, taskId, 90_000)).state).toBe('completed')
  }, 120_000)
})
