import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { readStl } from '../readers/stl.reader.ts'
import { binaryStl } from '../testing/mesh-fixtures.ts'
import { repairBody } from './repair-body.ts'
import { DP_BUDGET_PER_BODY, triangulatePolygon } from './triangulate.ts'

// Small hostile inputs that took seconds (or ran out of memory) before the work in nesting and capping was
// bounded; the bound here is generous so a loaded machine does not make the tests flaky.
const BOUND_MS = 5000
const options = { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }

function timedRepair(soup: number[]) {
  const [body] = readStl(binaryStl(Float32Array.from(soup)), options).bodies
  const t0 = performance.now()
  const repaired = repairBody(body!)
  return { repaired, ms: performance.now() - t0 }
}

/** Overlapping tetrahedra with nearly the same box; the first `inverted` are inside out. */
function tetrahedra(count: number, inverted: number): number[] {
  const out: number[] = []
  for (let i = 0; i < count; i++) {
    const e = i * 1e-4
    const A = [e, 0, 0]
    const B = [10, e, 0]
    const C = [0, 10, e]
    const D = [e, e, 10]
    const faces = [
      [A, C, B],
      [A, B, D],
      [B, C, D],
      [C, A, D],
    ]
    for (const [a, b, c] of faces) out.push(...a!, ...(i < inverted ? [...c!, ...b!] : [...b!, ...c!]))
  }
  return out
}

/** An open tube of length 20 whose cross-section is a thin zigzag strip: two planar end loops. */
function zigzagTube(teeth: number): number[] {
  const poly: Array<[number, number]> = []
  for (let k = 0; k <= 2 * teeth; k++) poly.push([k, (k % 2 === 1 ? 1 : 0) + 0.5])
  for (let k = 2 * teeth; k >= 0; k--) poly.push([k, k % 2 === 1 ? 1 : 0])
  const ring = poly.slice(teeth).concat(poly.slice(0, teeth))
  const out: number[] = []
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i]!
    const [bx, by] = ring[(i + 1) % ring.length]!
    out.push(ax, ay, 0, bx, by, 0, bx, by, 20, ax, ay, 0, bx, by, 20, ax, ay, 20)
  }
  return out
}

/** Open wavy bands: each leaves two non-planar boundary loops of `seg` vertices. */
function wavyBands(seg: number, count: number): number[] {
  const out: number[] = []
  for (let b = 0; b < count; b++) {
    const pt = (i: number, top: number): number[] => {
      const a = (2 * Math.PI * (i % seg)) / seg
      const z = top * 3 + Math.sin(7 * a) * (top ? 1 : -1) + 0.3 * Math.cos(13 * a)
      return [(b % 8) * 12 + 5 * Math.cos(a), Math.floor(b / 8) * 12 + 5 * Math.sin(a), z]
    }
    for (let i = 0; i < seg; i++)
      out.push(...pt(i, 0), ...pt(i + 1, 0), ...pt(i + 1, 1), ...pt(i, 0), ...pt(i + 1, 1), ...pt(i, 1))
  }
  return out
}

describe('repair work bounds on hostile inputs', () => {
  it('nesting: one inverted tetrahedron among thousands of overlapping ones', () => {
    // before: 5000 shells took 4 s and 2.4 GB (a list of all n^2 box-overlapping pairs), 25000 ran out of memory
    const { repaired, ms } = timedRepair(tetrahedra(5000, 1))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(repaired.shellCount).toBe(5000)
    expect(repaired.counters.numberOfFlippedPolygons).toBe(4)
  })

  it('nesting: thousands of inverted overlapping tetrahedra fall back to inverting every one', () => {
    // every pair overlaps, so the ray tests pass WORK_LIMIT while pairing: all shells count as outer
    const { repaired, ms } = timedRepair(tetrahedra(5000, 5000))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(repaired.counters.numberOfFlippedPolygons).toBe(20000)
  })

  it('nesting: a negative shell inside a positive one stays a cavity', () => {
    // below the limits the ray parity still decides
    const outer = tetrahedra(1, 0).map((x) => x * 3 - 5)
    const { repaired } = timedRepair([...outer, ...tetrahedra(1, 1)])
    expect(repaired.counters.numberOfFlippedPolygons).toBe(0)
  })

  it('caps: long zigzag end loops do not run the cubic ear search', () => {
    // before: 1000 teeth took 7.7 s, 2000 more than a minute (ear search restarted at 0 after every clip)
    const { repaired, ms } = timedRepair(zigzagTube(1000))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(repaired.counters.numberOfClosedOpenLoops).toBe(2)
    expect(repaired.counters.openEdgesLeft).toBe(0)
  })

  it('caps: many long non-planar holes share one minimum-area budget', () => {
    // before: 250 bands of 200 (500 DP holes) took 21 s
    const { repaired, ms } = timedRepair(wavyBands(200, 100))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(repaired.counters.numberOfClosedOpenLoops).toBe(200)
    expect(repaired.counters.openEdgesLeft).toBe(0)
    // holes within the budget get the DP (n - 2 triangles), the rest a centroid fan (n triangles)
    const dpHoles = Math.floor(DP_BUDGET_PER_BODY / ((200 * 199 * 198) / 6))
    expect(repaired.mesh.indices.length / 3).toBe(100 * 400 + dpHoles * 198 + (200 - dpHoles) * 200)
  })

  it('caps: a fresh budget per polygon by default, an exhausted one skips the DP', () => {
    const n = 200
    const positions = new Float32Array(3 * n)
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n
      positions.set([Math.cos(a), Math.sin(a), 0.3 * Math.sin(7 * a)], 3 * i)
    }
    const polygon = Array.from({ length: n }, (_, i) => i)
    expect(triangulatePolygon(positions, polygon).extraVertex).toBeUndefined()
    const spent = { dpEvaluations: 0 }
    const fan = triangulatePolygon(positions, polygon, spent)
    expect(fan.extraVertex).toBeDefined()
    expect(fan.triangles.length / 3).toBe(n)
  })
})
