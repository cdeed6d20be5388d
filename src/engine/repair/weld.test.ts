import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { measureModel } from '../measure/measures.ts'
import { readStl } from '../readers/stl.reader.ts'
import { binaryStl, boxSoup, concatSoups, random } from '../testing/mesh-fixtures.ts'
import { repairBody } from './repair-body.ts'

/** A closed 100 mm box plus `facets` tiny loose facets whose corners all lie within 0.005 mm of one point. */
function boxWithCluster(facets: number): Float32Array {
  const rnd = random(5)
  const cluster = new Float32Array(9 * facets)
  for (let i = 0; i < cluster.length; i++) cluster[i] = 50 + (rnd() - 0.5) * 0.01
  return concatSoups(boxSoup([0, 0, 0], [100, 100, 100]), cluster)
}

describe('the tolerance weld on a dense cluster of open vertices', () => {
  it('stays within its pair budget: the cluster is not welded, the facets go as stray shells, quickly', () => {
    // 9,000 open corners within the weld tolerance of each other: 40 million close pairs. Listing and sorting
    // them took 91 s and 3.4 GB before the budget.
    const [body] = readStl(binaryStl(boxWithCluster(3000)), {
      limits: DEFAULT_ENGINE_LIMITS,
      unitScaleToMm: 1,
    }).bodies
    const start = performance.now()
    const repaired = repairBody(body!)
    const ms = performance.now() - start
    const { measures } = measureModel([repaired.mesh], repaired.shellCount, true, [repaired.bounds])
    expect(repaired.counters).toMatchObject({
      numberOfMergedVertexPairs: 0,
      numberOfRemovedFlatOpenShells: 3000,
      openEdgesLeft: 0,
      nonManifoldEdgesLeft: 0,
    })
    expect(measures.triangles).toBe(12)
    expect(measures.volume).toBeCloseTo(1_000_000, 3)
    // about 0.1 s here
    expect(ms).toBeLessThan(5000)
  })

  it('still welds a small cluster, within the budget', () => {
    // 30 loose facets: 90 open corners, well within the budget, are welded as before (into a degenerate blob)
    const [body] = readStl(binaryStl(boxWithCluster(30)), {
      limits: DEFAULT_ENGINE_LIMITS,
      unitScaleToMm: 1,
    }).bodies
    const repaired = repairBody(body!)
    expect(repaired.counters.numberOfMergedVertexPairs).toBeGreaterThan(0)
    expect(repaired.counters.openEdgesLeft).toBe(0)
  })
})
