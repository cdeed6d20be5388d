/**
 * Event-loop delay of the server while it analyses a large model (commerce-reliability check 28).
 *
 *   npx tsx tests/bench/event-loop-during-analysis.ts [--triangles 1000000] [--runs 3] [--workers 2]
 *
 * Starts the real HTTP app in this process (embedded database in memory, the analysis runner with its worker
 * threads, listening on a free port), generates a torus binary STL (tests/bench/out/, reused when present), then
 * per run: streams the file to POST /api/analytx/file/ over HTTP, polls the task until it completes, and hits
 * /api/health every 20 ms throughout. perf_hooks.monitorEventLoopDelay (10 ms resolution) measures the main
 * thread; a second histogram covers only the analysis (upload answered → task completed). Prints one JSON line per
 * run and the medians. Target (docs/decisions/0041): event-loop delay p99 < 50 ms during the analysis.
 */
import { openAsBlob } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { benchTorusFile, startAnalysisBenchServer } from '#tests/bench/analysis-bench-server.ts'
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks'
import { AnalysisTaskSchema, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { numberOption } from './bench-args.ts'

const triangles = numberOption('triangles', 1_000_000)
const runs = numberOption('runs', 3)
const workers = numberOption('workers', 2)

const ms = (nanoseconds: number): number => Math.round((nanoseconds / 1e6) * 10) / 10
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0

function summary(histogram: IntervalHistogram) {
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }
}

async function main(): Promise<void> {
  const torus = benchTorusFile(triangles)
  const file = torus.file

  const server = await startAnalysisBenchServer('eld', { ANALYSIS_WORKERS: String(workers) })
  const base = server.base

  const load = loadavg()[0]!
  const results = []
  for (let run = 0; run < runs; run++) {
    const whole = monitorEventLoopDelay({ resolution: 10 })
    const analysis = monitorEventLoopDelay({ resolution: 10 })
    const health: number[] = []
    let watching = true
    const watcher = (async () => {
      while (watching) {
        const started = performance.now()
        const response = await fetch(`${base}/api/health`)
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`health answered ${response.status}`)
        health.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    whole.enable()
    const started = performance.now()
    // Streamed from disk by fetch (a file-backed Blob), as a browser sends it.
    const form = new FormData()
    form.append('file', await openAsBlob(file), 'torus.stl')
    const uploadResponse = await fetch(`${base}/api/analytx/file/`, { method: 'POST', body: form })
    if (uploadResponse.status !== 201) throw new Error(`upload answered ${uploadResponse.status}`)
    const { taskId } = AnalysisUploadResponseSchema.parse(await uploadResponse.json())
    const uploaded = performance.now()
    analysis.enable()
    for (;;) {
      const task = AnalysisTaskSchema.parse(await (await fetch(`${base}/api/analytx/task/${taskId}`)).json())
      if (task.state === 'failed') throw new Error(`analysis failed: ${JSON.stringify(task.error)}`)
      if (task.state === 'completed') break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const completed = performance.now()
    analysis.disable()
    whole.disable()
    watching = false
    await watcher
    const result = {
      run: run + 1,
      uploadMs: Math.round(uploaded - started),
      analysisMs: Math.round(completed - uploaded),
      uploadToCompletedMs: Math.round(completed - started),
      eventLoopDelayMs: { duringAnalysis: summary(analysis), wholeRun: summary(whole) },
      healthMs: {
        requests: health.length,
        p99: Math.round(percentile(health, 99) * 10) / 10,
        max: Math.round(Math.max(...health) * 10) / 10,
      },
    }
    process.stdout.write(`${JSON.stringify(result)}\n`)
    results.push(result)
  }

  process.stdout.write(
    `${JSON.stringify({
      triangles: torus.triangles,
      runs,
      workers,
      cpus: cpus().length,
      node: process.version,
      loadAverageBefore: Math.round(load * 100) / 100,
      loadAverageAfter: Math.round(loadavg()[0]! * 100) / 100,
      median: {
        eventLoopDelayP99DuringAnalysisMs: median(results.map((r) => r.eventLoopDelayMs.duringAnalysis.p99)),
        eventLoopDelayMaxDuringAnalysisMs: median(results.map((r) => r.eventLoopDelayMs.duringAnalysis.max)),
        eventLoopDelayP99WholeRunMs: median(results.map((r) => r.eventLoopDelayMs.wholeRun.p99)),
        healthP99Ms: median(results.map((r) => r.healthMs.p99)),
        uploadToCompletedMs: median(results.map((r) => r.uploadToCompletedMs)),
        analysisMs: median(results.map((r) => r.analysisMs)),
      },
    })}\n`,
  )

  await server.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
