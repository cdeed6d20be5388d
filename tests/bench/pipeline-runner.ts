/**
 * One pipeline run in its own process, for the benchmark (bundled by analysis-bench.ts and run with plain node
 * so the process figures contain no TypeScript loader). Modes:
 *   core: read + weld + repair + measure (the work admesh does)
 *   full: analyzeFile as the server runs it: internal format, wall thickness, 24 front + 24 repair pictures, the
 *         wall thickness on a second thread started when the process starts (decision 0122); no 3MF, which the
 *         server draws when it is first asked for (decision 0135; `full-3mf` writes it as before)
 *   full-serial: the same on one thread, for comparison
 *   warm: the core run on FILE after three core runs on WARM_FILE in the same process, the way the server's
 *         long-lived analysis workers meet an upload (their code is already compiled by earlier uploads); only
 *         the run on FILE is timed
 * Prints one JSON line: stage timings (ms), volume, triangles, counters and this process's peak RSS.
 */
import { Worker, isMainThread, parentPort } from 'node:worker_threads'
import { runCorePipeline } from '#engine/engine.ts'

// The same bundle is the wall-thickness thread of the full mode.
if (!isMainThread) {
  const { serveWallThickness } = await import('#engine/engine.ts')
  serveWallThickness(parentPort!)
} else {
  await main()
}

async function main(): Promise<void> {
  const [mode, file, warmFile] = process.argv.slice(2)
  if (
    (mode !== 'core' &&
      mode !== 'full' &&
      mode !== 'full-3mf' &&
      mode !== 'full-serial' &&
      mode !== 'warm') ||
    file === undefined ||
    (mode === 'warm') !== (warmFile !== undefined)
  ) {
    console.error('usage: pipeline-runner core|full|full-3mf|full-serial FILE | warm FILE WARM_FILE')
    process.exit(2)
  }

  async function core(input: string): Promise<string> {
    const run = await runCorePipeline(input, 2e9)
    return JSON.stringify({
      mode,
      stagesMs: run.stagesMs,
      pipelineMs: run.stagesMs.read + run.stagesMs.repair + run.stagesMs.measure,
      volume: run.volume,
      triangles: run.triangles,
      counters: run.counters,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    })
  }

  if (mode === 'core') {
    console.log(await core(file))
  } else if (mode === 'warm') {
    for (let i = 0; i < 3; i++) await core(warmFile!)
    console.log(await core(file))
  } else {
    const t0 = performance.now()
    // started first, so that its loading overlaps the read and the repair
    const thread = mode === 'full-serial' ? undefined : new Worker(new URL(import.meta.url))
    // loaded only here so the core run does not pay for three.js, pngjs and fflate
    const { analyzeFile, threadWallThickness } = await import('#engine/engine.ts')
    const result = await analyzeFile(file, {
      format: 'stl',
      threeMf: mode === 'full-3mf',
      thicknessRunner: thread === undefined ? undefined : threadWallThickness(thread),
    })
    const t1 = performance.now()
    await thread?.terminate()
    console.log(
      JSON.stringify({
        mode,
        stagesMs: result.timingsMs,
        pipelineMs: t1 - t0,
        volume: result.measures.volume,
        triangles: result.measures.triangles,
        counters: result.repairInfo,
        pictures:
          Object.keys(result.pictures?.front ?? {}).length +
          Object.keys(result.pictures?.repair ?? {}).length,
        maxRssMb: process.resourceUsage().maxRSS / 1024,
      }),
    )
  }
}
