import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  upload,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'

/**
 * The analysis runs off the event loop (commerce-reliability check 28), the light version of
 * tests/bench/event-loop-during-analysis.ts: while a 200,000-triangle model is analysed (about 1.5 s of engine work
 * that would block the loop for hundreds of milliseconds at a time on the main thread), the loop's delay stays low
 * and /api/health answers. The delay bound here is loose because test files and other work share the machine
 * (the benchmark measures the real figure against the 50 ms target); the main thread's utilisation is the robust
 * check.
 */

let t: AnalysisTestApp
beforeAll(async () => {
  t = await createAnalysisTestApp()
})
afterAll(async () => {
  await t?.close()
})

it('keeps the event loop responsive while a large model is analysed', async () => {
  const model = binaryStl(torusSoup(40, 15, 400, 250))
  const response = await upload(t.app, 'torus.stl', model)
  expect(response.statusCode).toBe(201)
  const { taskId } = AnalysisUploadResponseSchema.parse(response.json())

  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  const utilisationBefore = performance.eventLoopUtilization()
  let healthChecks = 0
  let watching = true
  const watcher = (async () => {
    while (watching) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
      healthChecks++
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const task = await waitForTask(t.app, taskId, 120_000)
  watching = false
  await watcher
  delay.disable()
  // The share of wall time the main thread was busy (this test's own polling included): close to 1 if the engine
  // ran on it, whatever else runs on the machine, so it is the check that does not depend on the neighbours.
  const utilisation = performance.eventLoopUtilization(utilisationBefore).utilization

  expect(task.state).toBe('completed')
  expect(healthChecks).toBeGreaterThan(5)
  const p99Ms = delay.percentile(99) / 1e6
  process.stdout.write(
    `200k-triangle analysis: event-loop delay p99 ${p99Ms.toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms, ` +
      `event-loop utilisation ${utilisation.toFixed(2)}\n`,
  )
  expect(utilisation).toBeLessThan(0.6)
  // Loose: on the main thread the thickness stage alone would stall the loop for longer than this.
  expect(p99Ms).toBeLessThan(500)
})
