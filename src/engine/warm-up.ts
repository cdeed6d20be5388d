import { runCorePipeline } from './core-pipeline.ts'
import { type RepairCounters } from './repair/repair-counters.ts'
import { binaryStl, injectDefects, torusSoup } from './testing/mesh-fixtures.ts'

/** Grid of the warm-up torus: 2 × 240 × 120 = 57,600 triangles, a 2.9 MB binary STL. */
const SEGMENTS_U = 240
const SEGMENTS_V = 120

/** One of each defect the repair handles, in the proportions of the benchmark's broken copy. */
export const WARM_UP_DEFECTS = {
  flipped: 115,
  holes: 12,
  stray: 3,
  degenerate: 3,
  jittered: 29,
  duplicates: 2,
} as const

/** Runs of the warm-up: V8 optimises a function for good only after it has been called a few times. */
export const WARM_UP_RUNS = 3

export interface WarmUpReport {
  /** Runs done: fewer than `WARM_UP_RUNS` when a job came first (decision 0134), none if it came before the first. */
  runs: number
  /** What the last run made of the torus; undefined when none ran. */
  last: { triangles: number; counters: RepairCounters; volume: number } | undefined
  /** All runs together. */
  ms: number
}

/** Lets the worker's event loop turn, so a job that has arrived is seen (`stop`) between two synchronous runs. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Runs the core pipeline (binary STL reader and exact weld, repair with every defect path, measures) on a generated
 * broken torus, `WARM_UP_RUNS` times, so that a worker's first upload does not pay for V8's warm-up. V8 starts each
 * function in its interpreter and optimises a loop only after it has run a while; on a fresh thread that costs about
 * a third of the core pipeline's time on a 1M-triangle STL (tests/bench/README.md: 0.33 s in a fresh process,
 * 0.22 s after earlier analyses). Three runs on a mesh of this size give most of that gain, for about 0.3 s of
 * low-priority CPU per worker start. See docs/decisions/0071-analysis-worker-warm-up.md.
 *
 * `stop()` is asked before each run: a job is waiting. The warm-up then ends, because the job waits for it and
 * warms the same code itself; on a busy machine the rest of a warm-up took longer than the gain it would bring
 * (decision 0134).
 */
export async function warmUpEngine(stop: () => boolean = () => false): Promise<WarmUpReport> {
  const started = performance.now()
  const report: WarmUpReport = { runs: 0, last: undefined, ms: 0 }
  await nextTurn()
  if (stop()) return report
  // generated once: the generator is test-fixture code, not what the warm-up is for
  const stl = binaryStl(
    injectDefects(
      torusSoup(30, 10, SEGMENTS_U, SEGMENTS_V),
      SEGMENTS_U,
      SEGMENTS_V,
      WARM_UP_DEFECTS,
      0.002,
      11,
    ),
    'schichtwerk warm-up',
  )
  while (report.runs < WARM_UP_RUNS) {
    await nextTurn()
    if (stop()) break
    const run = await runCorePipeline(stl, Number.POSITIVE_INFINITY)
    report.runs += 1
    report.last = { triangles: run.triangles, counters: run.counters, volume: run.volume }
  }
  report.ms = performance.now() - started
  return report
}
