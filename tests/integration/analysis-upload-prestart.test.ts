import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { PassThrough } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import { waitForTaskOver } from '#tests/integration/helpers/live-analysis.ts'
import {
  disposeServerProcesses,
  serverDatabase,
  startServer,
  streamUpload,
} from '#tests/integration/helpers/server-process.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'

/**
 * Issue 18, decision 0134: an idle server runs no analysis child (decision 0117); the first bytes of an upload start
 * one, so it loads while the file still arrives, and a flood of uploads beginning at once starts no more than that
 * one (each further child starts when a task needs it, within ANALYSIS_WORKERS). Observed as a client or an
 * operator sees it: the server process's children (`ps`), the upload answers and the analysis result.
 */

const dataDir = createTempDir('schichtwerk-prestart-')
afterAll(async () => {
  await disposeServerProcesses()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The server's analysis children (their command line names the worker bootstrap; ps exits 1 when there are none). */
const analysisChildrenOf = (pid: number): number => {
  try {
    return execFileSync('ps', ['--ppid', String(pid), '-o', 'args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('worker-bootstrap')).length
  } catch {
    return 0
  }
}

const UPLOADS = 8

describe('an upload beginning', () => {
  it('starts one analysis child before its file is complete, however many uploads begin', async () => {
    const database = await serverDatabase(dataDir)
    const server = await startServer({ ...database.env, DATA_DIR: dataDir, ANALYSIS_WORKERS: '2' })
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(analysisChildrenOf(server.pid)).toBe(0)

    const stl = Buffer.from(binaryStl(torusSoup(20, 6, 48, 24)))
    const bodies = Array.from({ length: UPLOADS }, () => new PassThrough())
    const uploads = bodies.map((body, index) =>
      streamUpload(server.base, `part-${index}.stl`, body, stl.length),
    )
    // The first bytes of every upload (the STL header and a few facets); the rest is held back.
    for (const body of bodies) body.write(stl.subarray(0, 1_000))

    await expect.poll(() => analysisChildrenOf(server.pid), { timeout: 60_000, interval: 100 }).toBe(1)
    // Held for a while: eight uploads under way, one child.
    const seen: number[] = []
    for (let sample = 0; sample < 20; sample++) {
      seen.push(analysisChildrenOf(server.pid))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(Math.max(...seen)).toBe(1)

    // One upload completes and is analysed; the others are given up by their clients.
    bodies[0]!.end(stl.subarray(1_000))
    const answer = await uploads[0]!.answer
    expect(answer.status).toBe(201)
    for (const upload of uploads.slice(1)) {
      upload.answer.catch(() => undefined)
      upload.request.destroy()
    }
    const { taskId } = AnalysisUploadResponseSchema.parse(answer.body)
    expect((await waitForTaskOver(server.base, taskId, 120_000)).state).toBe('completed')
    expect(analysisChildrenOf(server.pid)).toBeLessThanOrEqual(2)
  }, 240_000)
})
