import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { readStl } from '../readers/stl.reader.ts'
import { binaryStl, boxSoup, sliverSoup, torusSoup } from '../testing/mesh-fixtures.ts'
import { areaThinnerThan } from './thickness-histogram.ts'
import { computeWallThickness } from './wall-thickness.ts'

const options = { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }
const body = (soup: Float32Array) => readStl(binaryStl(soup), options).bodies[0]!

describe('wall thickness', () => {
  it('measures a plate as its thickness on both large faces', async () => {
    const plate = body(boxSoup([0, 0, 0], [20, 20, 1.5]))
    const t = await computeWallThickness([plate])
    // faces 0-3 are the bottom and top
    for (let f = 0; f < 4; f++) expect(t.perFace[f]).toBeCloseTo(1.5, 4)
    // the narrow side faces are the plate seen edge-on: 1.5 mm, not the 20 mm across
    for (let f = 4; f < 12; f++) expect(t.perFace[f]).toBeCloseTo(1.5, 4)
    expect(t.histogram.minMm).toBeLessThanOrEqual(1.5 + 1e-6)
  })

  it('catches a thin fin seen edge-on (its top face reads the fin width, not its height)', async () => {
    const base = body(boxSoup([0, 0, 0], [20, 20, 4]))
    const fin = body(boxSoup([9.75, 0, 4], [10.25, 20, 14]))
    const t = await computeWallThickness([base, fin])
    const finTop = [12 + 2, 12 + 3] // second body's top quad
    for (const f of finTop) {
      expect(t.perFace[f]).toBeCloseTo(0.5, 3)
    }
    // the fin's big side faces are 0.5 thick; the base's top is 4 thick
    expect(t.perFace[12 + 6]).toBeCloseTo(0.5, 3)
    expect(t.perFace[2]).toBeCloseTo(4, 3)
    const faceArea = new Float64Array(
      [...Array(24)].map(
        (_, f) =>
          (f < 12
            ? [400, 400, 400, 400, 80, 80, 80, 80, 80, 80, 80, 80][f]!
            : [10, 10, 10, 10, 200, 200, 5, 5, 200, 200, 5, 5][f - 12]!) / 2,
      ),
    )
    expect(areaThinnerThan(t.perFace, faceArea, 0.8, 1)).toBeGreaterThan(0)
    expect(areaThinnerThan(t.perFace, faceArea, 0.8, 2)).toBe(0)
  })

  it('samples large meshes and fills the rest from nearby samples', async () => {
    const torus = body(torusSoup(30, 5, 200, 100))
    const t = await computeWallThickness([torus], { maxSamples: 2000 })
    expect(t.sampledFaces).toBeLessThanOrEqual(2000)
    expect(t.partial).toBe(false)
    expect(t.perFace.every((v) => Number.isFinite(v))).toBe(true)
    // the tube is 10 mm across: the median wall is close to that
    expect(t.histogram.medianMm!).toBeGreaterThan(8)
    expect(t.histogram.medianMm!).toBeLessThan(10.5)
    expect(t.histogram.totalAreaMm2).toBeGreaterThan(0)
  })

  it('stops casting at its time budget on heavily overlapping faces and fills the rest (was 30 s)', async () => {
    // thin closed tetrahedra stacked along one diagonal: every ray passes through nearly all of them
    const slivers = body(sliverSoup(2000))
    const start = performance.now()
    const t = await computeWallThickness([slivers], { maxCastMs: 1000 })
    expect(performance.now() - start).toBeLessThan(5000)
    expect(t.partial).toBe(true)
    expect(t.sampledFaces).toBeGreaterThan(0)
    expect(t.sampledFaces).toBeLessThan(8000)
    // faces left when the budget ran out take the value of a measured neighbour, not NaN everywhere
    const measuredOrFilled = t.perFace.filter((v) => !Number.isNaN(v)).length
    expect(measuredOrFilled).toBeGreaterThan(0)
    expect(t.histogram.totalAreaMm2).toBeGreaterThan(0)
  })
})
