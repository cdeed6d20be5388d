import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import {
  ANALYTX_PREFIX,
  AnalysisTaskSchema,
  AnalysisUploadResponseSchema,
} from '#shared/contracts/analysis.contract.ts'
import { disposeServerProcesses, memoryOf, startServer } from '#tests/integration/helpers/server-process.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'

/**
 * Issue 18: an idle shop keeps no analysis worker processes; the first upload starts them while its file arrives,
 * and the analysis still completes.
 */

const dataDir = createTempDir('schichtwerk-idle-')
afterAll(async () => {
  await disposeServerProcesses()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The analysis worker processes of a server (tsx's esbuild service is a child too, and not counted). */
const workerProcessesOf = (pid: number): number => {
  try {
    const lines = execFileSync('ps', ['--ppid', String(pid), '-o', 'args='], { encoding: 'utf8' }).split('\n')
    return lines.filter((line) => line.includes('worker-bootstrap')).length
  } catch {
    return 0 // ps exits 1 when the process has no children
  }
}

describe('an idle server', () => {
  it('runs no analysis worker until an upload begins, then analyses it', async () => {
    const server = await startServer({ DATA_DIR: dataDir })
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(workerProcessesOf(server.pid)).toBe(0)
    console.info(
      `idle server RSS ${Math.round(memoryOf(server.pid).rssMb)} MB (under tsx; see tests/bench/README.md)`,
    )

    const origin = `http://127.0.0.1:${server.port}`
    const created = await fetch(`${origin}${ANALYTX_PREFIX}/demo`, {
      method: 'POST',
      headers: { origin, 'sec-fetch-site': 'same-origin' },
    })
    expect(created.status).toBe(201)
    const { taskId } = AnalysisUploadResponseSchema.parse(await created.json())
    expect(workerProcessesOf(server.pid)).toBeGreaterThan(0)

    await expect
      .poll(
        async () => {
          const task = await fetch(`${origin}${ANALYTX_PREFIX}/task/${taskId}`)
          return AnalysisTaskSchema.parse(await task.json()).state
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('completed')
  }, 120_000)
})
