import { describe, expect, it } from 'vitest'
import { boxSoup, concatSoups, random, sliverSoup } from '../testing/mesh-fixtures.ts'
import { rasterizeFaceIds } from './rasterizer.ts'
import { VIEW_DIRECTIONS, VIEW_FRAMES, type ViewDirection } from './view.ts'

/** A soup as an indexed mesh with three vertices of its own per triangle. */
const unindexed = (soup: Float32Array) => ({
  positions: soup,
  indices: Uint32Array.from({ length: soup.length / 3 }, (_, i) => i),
})

/** The previous rasteriser: every pixel of each triangle's box. The span scan must draw exactly its pixels. */
function boxScan(positions: Float32Array, indices: Uint32Array, direction: ViewDirection, size: number) {
  const { forward, right, up } = VIEW_FRAMES[direction]
  const n = positions.length / 3
  const sx = new Float32Array(n)
  const sy = new Float32Array(n)
  const depth = new Float32Array(n)
  let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity]
  for (let v = 0; v < n; v++) {
    const [x, y, z] = [positions[3 * v]!, positions[3 * v + 1]!, positions[3 * v + 2]!]
    const u = x * right[0] + y * right[1] + z * right[2]
    const w = x * up[0] + y * up[1] + z * up[2]
    sx[v] = u
    sy[v] = w
    depth[v] = -(x * forward[0] + y * forward[1] + z * forward[2])
    ;[minU, maxU, minV, maxV] = [Math.min(minU, u), Math.max(maxU, u), Math.min(minV, w), Math.max(maxV, w)]
  }
  const scale = (size * (1 - 2 * 0.06)) / (Math.max(maxU - minU, maxV - minV) || 1)
  const [cu, cv] = [(minU + maxU) / 2, (minV + maxV) / 2]
  for (let v = 0; v < n; v++) {
    sx[v] = size / 2 + (sx[v]! - cu) * scale
    sy[v] = size / 2 - (sy[v]! - cv) * scale
  }
  const zbuf = new Float32Array(size * size).fill(-Infinity)
  const faceId = new Int32Array(size * size).fill(-1)
  for (let f = 0; f < indices.length / 3; f++) {
    const [a, b, c] = [indices[3 * f]!, indices[3 * f + 1]!, indices[3 * f + 2]!]
    const [ax, ay, bx, by, cx, cy] = [sx[a]!, sy[a]!, sx[b]!, sy[b]!, sx[c]!, sy[c]!]
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    if (area === 0) continue
    const x0 = Math.max(0, Math.ceil(Math.min(ax, bx, cx) - 0.5))
    const x1 = Math.min(size - 1, Math.floor(Math.max(ax, bx, cx) - 0.5))
    const y0 = Math.max(0, Math.ceil(Math.min(ay, by, cy) - 0.5))
    const y1 = Math.min(size - 1, Math.floor(Math.max(ay, by, cy) - 0.5))
    const inv = 1 / area
    for (let py = y0; py <= y1; py++) {
      const fy = py + 0.5
      for (let px = x0; px <= x1; px++) {
        const fx = px + 0.5
        const w0 = ((bx - fx) * (cy - fy) - (by - fy) * (cx - fx)) * inv
        const w1 = ((cx - fx) * (ay - fy) - (cy - fy) * (ax - fx)) * inv
        const w2 = 1 - w0 - w1
        if (w0 < 0 || w1 < 0 || w2 < 0) continue
        const z = w0 * depth[a]! + w1 * depth[b]! + w2 * depth[c]!
        const o = py * size + px
        if (z > zbuf[o]!) {
          zbuf[o] = z
          faceId[o] = f
        }
      }
    }
  }
  return faceId
}

describe('rasterizer', () => {
  it('draws exactly the pixels of a full box scan (random, thin and needle triangles)', () => {
    const rnd = random(7)
    const tris: number[] = []
    for (let i = 0; i < 3000; i++) {
      const p = [rnd() * 50, rnd() * 50, rnd() * 50]
      const kind = i % 3
      // ordinary triangles, slivers a thousandth wide, and near-degenerate needles
      const spread = kind === 0 ? 10 : 40
      const q = p.map((x) => x + (rnd() - 0.5) * spread)
      const t = kind === 0 ? 0.5 : kind === 1 ? 1e-3 : 1e-6
      const r = p.map((x, d) => x + (q[d]! - x) * rnd() + (rnd() - 0.5) * spread * t)
      tris.push(...p, ...q, ...r)
    }
    const { positions, indices } = unindexed(Float32Array.from(tris))
    for (const direction of VIEW_DIRECTIONS) {
      for (const size of [97, 400]) {
        const view = rasterizeFaceIds(positions, indices, direction, size)
        expect(view.faceId).toEqual(boxScan(positions, indices, direction, size))
      }
    }
  })

  it('costs rows and covered pixels for slivers across the view, not their box area (was 18 s)', () => {
    const { positions, indices } = unindexed(sliverSoup(5000))
    const start = performance.now()
    for (const direction of VIEW_DIRECTIONS) rasterizeFaceIds(positions, indices, direction, 400)
    expect(performance.now() - start).toBeLessThan(5000)
  })

  it('draws pathological overdraw at a lower resolution instead of taking seconds per view', () => {
    const cubes: Float32Array[] = []
    for (let i = 0; i < 8000; i++) {
      const s = 1 + i * 1e-3
      cubes.push(boxSoup([-s, -s, -s], [s, s, s]))
    }
    const { positions, indices } = unindexed(concatSoups(...cubes))
    const start = performance.now()
    for (const direction of VIEW_DIRECTIONS) {
      const view = rasterizeFaceIds(positions, indices, direction, 400)
      // the outermost cube (the last 12 faces) is what is seen, filling the square bar the margin
      const covered = view.faceId.filter((f) => f >= 0)
      expect(covered.length).toBeGreaterThan(0.7 * 400 * 400)
      expect(covered.every((f) => f >= indices.length / 3 - 12)).toBe(true)
    }
    expect(performance.now() - start).toBeLessThan(8000)
  })
})
