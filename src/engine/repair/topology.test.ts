import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { measureModel } from '../measure/measures.ts'
import { readStl } from '../readers/stl.reader.ts'
import { binaryStl, random } from '../testing/mesh-fixtures.ts'
import { repairBody } from './repair-body.ts'
import { NON_MANIFOLD, OPEN, buildTopology } from './topology.ts'
import { createWorkMesh, nextCorner } from './work-mesh.ts'

/** Faces (0, x, y) over a few rim vertices: vertex 0 has one corner per face, far more than a usual vertex. */
function highDegreeFan(faces: number, rim: number, seed: number): Uint32Array {
  const rnd = random(seed)
  const indices: number[] = []
  for (let f = 0; f < faces; f++) {
    const x = 1 + Math.floor(rnd() * rim)
    let y = 1 + Math.floor(rnd() * (rim - 1))
    if (y >= x) y++
    indices.push(0, x, y)
  }
  return Uint32Array.from(indices)
}

/** The class of each alive corner as the definition says, by comparing it with every other corner. */
function referenceClasses(indices: Uint32Array, alive: Uint8Array): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let h = 0; h < indices.length; h++) {
    if (alive[(h / 3) | 0] === 0) continue
    const a = indices[h]!
    const b = indices[nextCorner(h)]!
    const same: number[] = []
    for (let g = 0; g < indices.length; g++) {
      if (g === h || alive[(g / 3) | 0] === 0) continue
      const x = indices[g]!
      const y = indices[nextCorner(g)]!
      if ((x === a && y === b) || (x === b && y === a)) same.push(g)
    }
    if (same.length === 0) out.push([OPEN, 0])
    else if (same.length > 1) out.push([NON_MANIFOLD, 0])
    else out.push([same[0]!, indices[same[0]!] === a ? 0 : 1])
  }
  return out
}

describe('topology at a vertex of high degree', () => {
  it('classifies the edges and removes duplicate faces as a comparison of every pair of corners does', () => {
    for (const seed of [1, 2, 3]) {
      const indices = highDegreeFan(300, 12, seed)
      const mesh = createWorkMesh(new Float32Array(3 * 13), indices)
      const { topology, duplicates } = buildTopology(mesh, 13)

      // of each vertex set, the first face stays
      const seen = new Set<string>()
      for (let f = 0; f < indices.length / 3; f++) {
        const key = [...indices.subarray(3 * f, 3 * f + 3)].sort((p, q) => p - q).join()
        expect(mesh.alive[f]).toBe(seen.has(key) ? 0 : 1)
        seen.add(key)
      }
      expect(duplicates).toBe(indices.length / 3 - seen.size)

      const expected = referenceClasses(indices, mesh.alive)
      const actual: Array<[number, number]> = []
      for (let h = 0; h < indices.length; h++) {
        if (mesh.alive[(h / 3) | 0] === 0) continue
        const t = topology.twin[h]!
        actual.push([t, t >= 0 ? topology.opposed[h]! : 0])
      }
      expect(actual).toEqual(expected)
      expect(topology.openHalfEdges).toBe(expected.filter(([t]) => t === OPEN).length)
      expect(topology.nonManifoldHalfEdges).toBe(expected.filter(([t]) => t === NON_MANIFOLD).length)
    }
  })

  it('repairs a strip of 20,000 slivers that the weld joins into two vertices in linear time', () => {
    // facet i: (x, 0, 0), (x + 0.01, 0, 0), (x, 1, i % 7); the weld merges the bottom vertices into two
    const n = 20_000
    const soup = new Float32Array(9 * n)
    for (let i = 0; i < n; i++) {
      soup.set([i * 0.01, 0, 0, (i + 1) * 0.01, 0, 0, i * 0.01, 1, i % 7], 9 * i)
    }
    const [body] = readStl(binaryStl(soup), { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }).bodies
    const start = performance.now()
    const repaired = repairBody(body!)
    const ms = performance.now() - start
    const { measures } = measureModel([repaired.mesh], repaired.shellCount, true)
    expect(repaired.counters).toMatchObject({
      numberOfMergedVertexPairs: n - 1,
      numberOfRemovedFlatOpenShells: n,
      numberOfRemovedDuplicateFaces: 0,
      openEdgesLeft: 0,
      nonManifoldEdgesLeft: 0,
    })
    expect(measures.triangles).toBe(0)
    expect(measures.volume).toBe(0)
    // about 1 s here; a comparison of every pair of corners at the two welded vertices takes minutes
    expect(ms).toBeLessThan(5000)
  })
})

describe('many copies of one face', () => {
  it('removes 99,999 of 100,000 identical faces in well under seconds (was quadratic in the copies)', () => {
    const n = 100_000
    const indices = new Uint32Array(3 * n)
    for (let f = 0; f < n; f++) indices.set(f % 2 === 0 ? [0, 1, 2] : [2, 1, 0], 3 * f)
    const mesh = createWorkMesh(new Float32Array(9), indices)
    const start = performance.now()
    const { duplicates } = buildTopology(mesh, 3)
    const ms = performance.now() - start
    expect(duplicates).toBe(n - 1)
    expect(mesh.alive[0]).toBe(1)
    expect(ms).toBeLessThan(5000)
  })
})
