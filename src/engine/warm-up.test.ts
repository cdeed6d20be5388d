import { describe, expect, it } from 'vitest'
import { WARM_UP_DEFECTS, WARM_UP_RUNS, warmUpEngine } from './warm-up.ts'

describe('the analysis workers’ warm-up', () => {
  it('runs every repair path on its generated torus and repairs it to a closed solid', async () => {
    const report = await warmUpEngine()
    expect(report.runs).toBe(WARM_UP_RUNS)
    expect(report.last?.counters).toEqual({
      // each jittered facet moves its three corners away from their neighbours' copies
      numberOfMergedVertexPairs: 3 * WARM_UP_DEFECTS.jittered,
      numberOfFlippedPolygons: WARM_UP_DEFECTS.flipped,
      numberOfRemovedFlatOpenShells: WARM_UP_DEFECTS.stray,
      numberOfClosedOpenLoops: WARM_UP_DEFECTS.holes,
      numberOfRemovedDegenerateFaces: WARM_UP_DEFECTS.degenerate,
      numberOfRemovedDuplicateFaces: WARM_UP_DEFECTS.duplicates,
      openEdgesLeft: 0,
      nonManifoldEdgesLeft: 0,
    })
    // 240 × 120 grid, holes capped: the triangles of the clean torus
    expect(report.last?.triangles).toBe(2 * 240 * 120)
    // torus R 30 mm, r 10 mm: 2π²Rr² = 59,217.6 mm³, a little less as a polyhedron
    expect(report.last?.volume).toBeGreaterThan(59_100)
    expect(report.last?.volume).toBeLessThan(59_217.6)
  })
  it('ends before its next run once a job is waiting (decision 0134)', async () => {
    expect(await warmUpEngine(() => true)).toMatchObject({ runs: 0, last: undefined })
    let asked = 0
    // A job arrives during the first run: the second is not started.
    const report = await warmUpEngine(() => ++asked > 2)
    expect(report.runs).toBe(1)
    expect(report.last?.triangles).toBe(2 * 240 * 120)
  })
})
