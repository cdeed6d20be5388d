import { describe, expect, it } from 'vitest'
import { random } from '../testing/mesh-fixtures.ts'
import { traceBoundaryLoops } from './holes.ts'
import { type Shells } from './orient.ts'
import { OPEN, buildTopology } from './topology.ts'
import { createWorkMesh } from './work-mesh.ts'

/**
 * "Flower": n open pockets (tetrahedra without their hub face) sharing vertex 0, so every boundary loop passes
 * through that hub. Petal directions from `direction`, pocket size `e`.
 */
function flower(n: number, direction: (i: number) => [number, number, number], e = 0.004) {
  const positions = new Float32Array(3 + 9 * n)
  const indices = new Uint32Array(9 * n)
  for (let i = 0; i < n; i++) {
    const [dx, dy, dz] = direction(i)
    const ul = Math.hypot(dy, dx) || 1
    const v = 1 + 3 * i
    positions.set(
      [dx - (e * dy) / ul, dy + (e * dx) / ul, dz, dx, dy, dz + e, dx * 0.9, dy * 0.9, dz * 0.9 + e / 2],
      3 * v,
    )
    indices.set([v, v + 1, v + 2, v + 2, v + 1, 0, v, v + 2, 0], 9 * i)
  }
  return { positions, indices, vertexCount: 1 + 3 * n }
}

function fibonacci(n: number): (i: number) => [number, number, number] {
  return (i) => {
    const z = 1 - (2 * (i + 0.5)) / n
    const r = Math.sqrt(1 - z * z)
    const phi = i * 2.399963229728653
    return [r * Math.cos(phi), r * Math.sin(phi), z]
  }
}

function trace(f: ReturnType<typeof flower>) {
  const mesh = createWorkMesh(f.positions, f.indices)
  const { topology } = buildTopology(mesh, f.vertexCount)
  const faces = f.indices.length / 3
  const shells: Shells = { shellOf: new Int32Array(faces), count: 1, flippedNow: new Uint8Array(faces) }
  return { mesh, topology, result: traceBoundaryLoops(mesh, topology, shells) }
}

/** The loops as the plain walk finds them: at each vertex, a scan of all its open edges for the least turn. */
function referenceLoops(f: ReturnType<typeof flower>, twin: Int32Array): number[][] {
  const from: number[] = []
  const to: number[] = []
  for (let h = 0; h < f.indices.length; h++) {
    if (twin[h] !== OPEN) continue
    from.push(f.indices[h]!)
    to.push(f.indices[h % 3 === 2 ? h - 2 : h + 1]!)
  }
  const p = f.positions
  const used = new Uint8Array(from.length)
  const loops: number[][] = []
  for (let s = 0; s < from.length; s++) {
    if (used[s] === 1) continue
    used[s] = 1
    const chain = [s]
    let e = s
    while (to[e] !== from[s]) {
      const v = to[e]!
      const u = from[e]!
      const d = [0, 1, 2].map((k) => p[3 * v + k]! - p[3 * u + k]!)
      let best = -1
      let bestCos = -Infinity
      for (let c = 0; c < from.length; c++) {
        if (from[c] !== v || used[c] === 1) continue
        const x = [0, 1, 2].map((k) => p[3 * to[c]! + k]! - p[3 * v + k]!)
        const cos =
          (d[0]! * x[0]! + d[1]! * x[1]! + d[2]! * x[2]!) /
          (Math.hypot(d[0]!, d[1]!, d[2]!) * Math.hypot(x[0]!, x[1]!, x[2]!) || 1)
        if (cos > bestCos) {
          bestCos = cos
          best = c
        }
      }
      if (best < 0) break
      used[best] = 1
      chain.push(best)
      e = best
    }
    loops.push(chain.map((c) => from[c]!))
  }
  return loops
}

describe('boundary loops through a hub vertex', () => {
  it('takes the same turns at a hub of many open edges as a scan of all of them does', () => {
    for (const seed of [1, 2, 3]) {
      const rnd = random(seed)
      // random directions, some repeated exactly (equal turns, where the first in order must win)
      const dirs: Array<[number, number, number]> = []
      for (let i = 0; i < 400; i++) {
        if (i > 0 && rnd() < 0.2) dirs.push(dirs[Math.floor(rnd() * dirs.length)]!)
        else {
          const z = 2 * rnd() - 1
          const phi = 2 * Math.PI * rnd()
          const r = Math.sqrt(1 - z * z)
          dirs.push([r * Math.cos(phi), r * Math.sin(phi), z])
        }
      }
      const f = flower(dirs.length, (i) => dirs[i]!, 0.05)
      const { topology, result } = trace(f)
      expect(result.openLeftOver).toBe(0)
      expect(result.loops.map((l) => l.vertices)).toEqual(referenceLoops(f, topology.twin))
    }
  })

  it('traces 30,000 pockets on one hub in well under seconds (was quadratic in the hub degree)', () => {
    const n = 30_000
    const f = flower(n, fibonacci(n))
    const start = performance.now()
    const { result } = trace(f)
    const ms = performance.now() - start
    expect(result.openLeftOver).toBe(0)
    expect(result.loops.reduce((sum, l) => sum + l.vertices.length, 0)).toBe(3 * n)
    expect(ms).toBeLessThan(5000)
  })
})
