import { DEFAULT_ENGINE_LIMITS } from './engine-limits.ts'
import { measureModel } from './measure/measures.ts'
import { type ModelInput, readModel } from './read-model.ts'
import { repairBody } from './repair/repair-body.ts'
import { addCounters, emptyCounters, type RepairCounters } from './repair/repair-counters.ts'

export interface CoreRun {
  triangles: number
  volume: number
  counters: RepairCounters
  stagesMs: { read: number; repair: number; measure: number }
}

/**
 * Read + weld + repair + measure of a binary or ASCII STL, nothing else: the work admesh does, which the benchmark
 * sets against it and the workers' warm-up runs to compile. `analyzeFile` runs the same steps with progress,
 * checkpoints and the later stages.
 */
export async function runCorePipeline(input: ModelInput, maxInputBytes: number): Promise<CoreRun> {
  const t0 = performance.now()
  const { read } = await readModel(input, {
    format: 'stl',
    limits: DEFAULT_ENGINE_LIMITS,
    unitScaleToMm: 1,
    maxInputBytes,
  })
  const t1 = performance.now()
  const repaired = read.bodies.map((body) => repairBody(body))
  const t2 = performance.now()
  const { measures } = measureModel(
    repaired.map((r) => r.mesh),
    repaired.reduce((n, r) => n + r.shellCount, 0),
    true,
    repaired.map((r) => r.bounds),
  )
  const t3 = performance.now()
  return {
    triangles: measures.triangles,
    volume: measures.volume,
    counters: repaired.map((r) => r.counters).reduce(addCounters, emptyCounters()),
    stagesMs: { read: t1 - t0, repair: t2 - t1, measure: t3 - t2 },
  }
}
