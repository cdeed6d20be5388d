/**
 * What a shopper waits for around the 3MF (decision 0135): the measures, the 3D view's 3MF, the complete analysis.
 *
 *   npx tsx tests/bench/analysis-3mf-timeline.ts [--triangles 1000000] [--runs 3]
 *
 * Starts the real HTTP app in this process (embedded database in memory, the analysis runner, a free port), as
 * event-loop-during-analysis.ts does, and uses the torus of analysis-bench.ts (tests/bench/out/, reused). Per run,
 * two uploads over HTTP, one after the other:
 *   view:     polls as the client does (held, `until=measured`); once measured it reads the file and asks for
 *             model.3mf as the 3D view does, then waits for the complete analysis;
 *   download: no 3D view; once the analysis is complete, the first download of model.3mf.
 * Times from the upload's answer: measured, 3MF received, complete; and the first download's own time. Prints one
 * JSON line per run and the medians, with the load average.
 */
import { openAsBlob } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { benchTorusFile, startAnalysisBenchServer } from '#tests/bench/analysis-bench-server.ts'
import { AnalysisTaskSchema, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { numberOption } from './bench-args.ts'

const triangles = numberOption('triangles', 1_000_000)
const runs = numberOption('runs', 3)
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main(): Promise<void> {
  const torus = benchTorusFile(triangles)
  const file = torus.file

  const server = await startAnalysisBenchServer('3mf', { UPLOAD_QUOTA_MB_PER_DAY: '100000' })
  const base = server.base

  const uploadTorus = async (): Promise<{ taskId: string; id: string; at: number }> => {
    const form = new FormData()
    form.append('file', await openAsBlob(file), 'torus.stl')
    const response = await fetch(`${base}/api/analytx/file/`, { method: 'POST', body: form })
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`)
    const created = AnalysisUploadResponseSchema.parse(await response.json())
    return { taskId: created.taskId, id: created.createdObject._id, at: performance.now() }
  }
  const poll = async (taskId: string, query: string) =>
    AnalysisTaskSchema.parse(await (await fetch(`${base}/api/analytx/task/${taskId}${query}`)).json())
  const waitFor = async (taskId: string, measured: boolean): Promise<number> => {
    for (;;) {
      const task = await poll(taskId, measured ? '?waitMs=1000&until=measured' : '?waitMs=1000')
      if (task.state === 'failed') throw new Error(`analysis failed: ${JSON.stringify(task.error)}`)
      if (task.state === 'completed' || (measured && task.measured === true)) return performance.now()
    }
  }
  const download3mf = async (id: string): Promise<number> => {
    const response = await fetch(`${base}/api/analytx/file/${id}/model.3mf`)
    const bytes = (await response.arrayBuffer()).byteLength
    if (response.status !== 200 || bytes < 100) throw new Error(`model.3mf answered ${response.status}`)
    return performance.now()
  }

  const load = loadavg()[0]!
  const results = []
  for (let run = 0; run < runs; run++) {
    const view = await uploadTorus()
    const measured = await waitFor(view.taskId, true)
    await (await fetch(`${base}/api/analytx/file/${view.id}`)).arrayBuffer()
    const threeMfReceived = download3mf(view.id)
    const completed = await waitFor(view.taskId, false)
    const viewShown = await threeMfReceived

    const plain = await uploadTorus()
    const plainCompleted = await waitFor(plain.taskId, false)
    const downloadStarted = performance.now()
    const downloaded = await download3mf(plain.id)
    const result = {
      run: run + 1,
      view: {
        measuredMs: Math.round(measured - view.at),
        threeMfMs: Math.round(viewShown - view.at),
        completedMs: Math.round(completed - view.at),
      },
      download: {
        completedMs: Math.round(plainCompleted - plain.at),
        firstDownloadMs: Math.round(downloaded - downloadStarted),
      },
    }
    process.stdout.write(`${JSON.stringify(result)}\n`)
    results.push(result)
  }
  process.stdout.write(
    `${JSON.stringify({
      triangles: torus.triangles,
      runs,
      cpus: cpus().length,
      loadAverageBefore: Math.round(load * 100) / 100,
      loadAverageAfter: Math.round(loadavg()[0]! * 100) / 100,
      median: {
        viewMeasuredMs: median(results.map((r) => r.view.measuredMs)),
        viewThreeMfMs: median(results.map((r) => r.view.threeMfMs)),
        viewCompletedMs: median(results.map((r) => r.view.completedMs)),
        completedMs: median(results.map((r) => r.download.completedMs)),
        firstDownloadMs: median(results.map((r) => r.download.firstDownloadMs)),
      },
    })}\n`,
  )

  await server.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
