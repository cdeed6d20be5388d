import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { readStl } from '../readers/stl.reader.ts'
import { binaryStl, boxSoup, concatSoups } from '../testing/mesh-fixtures.ts'
import { orientShells } from './orient.ts'
import { buildTopology } from './topology.ts'
import { createWorkMesh } from './work-mesh.ts'

function orient(soup: Float32Array) {
  const body = readStl(binaryStl(soup), { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }).bodies[0]!
  const mesh = createWorkMesh(body.positions, body.indices)
  const { topology } = buildTopology(mesh, body.positions.length / 3)
  return { mesh, shells: orientShells(mesh, topology) }
}

function flipTriangle(soup: Float32Array, i: number): void {
  for (let d = 0; d < 3; d++) {
    const t = soup[9 * i + 3 + d]!
    soup[9 * i + 3 + d] = soup[9 * i + 6 + d]!
    soup[9 * i + 6 + d] = t
  }
}

/** A Möbius strip of n quads: non-orientable, so no assignment of parities is consistent. */
function moebius(n: number): Float32Array {
  const out: number[] = []
  const point = (i: number, s: number): number[] => {
    const u = (2 * Math.PI * i) / n
    const r = 10 + s * Math.cos(u / 2)
    return [r * Math.cos(u), r * Math.sin(u), s * Math.sin(u / 2)]
  }
  for (let i = 0; i < n; i++) {
    // the last quad joins the first one with its sides swapped
    const a = point(i, -1)
    const b = point(i, 1)
    const c = i + 1 === n ? point(0, -1) : point(i + 1, 1)
    const d = i + 1 === n ? point(0, 1) : point(i + 1, -1)
    out.push(...a, ...d, ...c, ...a, ...c, ...b)
  }
  return Float32Array.from(out)
}

describe('orientShells', () => {
  it('numbers shells by their first face and flips the minority of each shell back', () => {
    const soup = concatSoups(boxSoup([0, 0, 0], [1, 1, 1]), boxSoup([5, 0, 0], [6, 1, 1]))
    flipTriangle(soup, 3)
    flipTriangle(soup, 20)
    flipTriangle(soup, 21)
    const { mesh, shells } = orient(soup)
    expect(shells.count).toBe(2)
    expect(Array.from(shells.shellOf)).toEqual([...Array<number>(12).fill(0), ...Array<number>(12).fill(1)])
    const flippedFaces = Array.from(shells.flippedNow.entries())
      .filter(([, v]) => v === 1)
      .map(([f]) => f)
    expect(flippedFaces).toEqual([3, 20, 21])
    expect(Array.from(mesh.flipped)).toEqual(Array.from(shells.flippedNow))
  })

  it('keeps the first face winding on a tie', () => {
    // a two-face strip whose faces disagree: one of them flips, the first one stays
    const soup = Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0])
    const { shells } = orient(soup)
    expect(shells.count).toBe(1)
    expect(Array.from(shells.flippedNow)).toEqual([0, 1])
  })

  it('orients a non-orientable shell without failing (one shell, first parity reached)', () => {
    const { shells } = orient(moebius(12))
    expect(shells.count).toBe(1)
    expect(Array.from(shells.shellOf).every((s) => s === 0)).toBe(true)
    const flips = shells.flippedNow.reduce((n, v) => n + v, 0)
    expect(flips).toBeLessThanOrEqual(12)
  })
})
