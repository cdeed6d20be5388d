import { describe, expect, it } from 'vitest'
import { random } from '../testing/mesh-fixtures.ts'
import { VertexWelder, mix } from './vertex-welder.ts'
import { errorCodeOf } from '#engine/testing/error-code.ts'

const f32 = new Float32Array(1)
const i32 = new Int32Array(f32.buffer)
function bitsOf(x: number): number {
  f32[0] = x
  return i32[0]!
}

/** Binary STL facet records (50 bytes each, no header) of the given corners, nine floats per facet. */
function facetRecords(coords: ArrayLike<number>): DataView {
  const facets = coords.length / 9
  const view = new DataView(new ArrayBuffer(facets * 50))
  for (let f = 0; f < facets; f++)
    for (let i = 0; i < 9; i++) view.setFloat32(f * 50 + 12 + 4 * i, coords[9 * f + i]!, true)
  return view
}

/** Writes raw bit patterns into the records, for values Float32Array would not keep (signalling NaN). */
function setBits(view: DataView, corner: number, axis: number, bits: number): void {
  view.setInt32(Math.floor(corner / 3) * 50 + 12 + 12 * (corner % 3) + 4 * axis, bits, true)
}

function weldFacets(view: DataView, expected = 16): { welder: VertexWelder; indices: Uint32Array } {
  const facets = view.byteLength / 50
  const welder = new VertexWelder(expected, 10_000_000)
  const indices = new Uint32Array(facets * 3)
  welder.addStlFacets(view, 0, facets, indices, 0)
  return { welder, indices }
}

/** A soup over a small lattice of points, so that corners repeat, near and far apart in the file. */
function latticeSoup(facets: number, seed: number): Float32Array {
  const rnd = random(seed)
  const out = new Float32Array(facets * 9)
  for (let i = 0; i < out.length; i++) out[i] = Math.floor(rnd() * 40) * 0.25 - 5
  return out
}

describe('VertexWelder', () => {
  it('numbers vertices in order of first appearance and returns their positions', () => {
    const welder = new VertexWelder(4, 100)
    expect([welder.add(1, 2, 3), welder.add(4, 5, 6), welder.add(1, 2, 3), welder.add(7, 8, 9)]).toEqual([
      0, 1, 0, 2,
    ])
    expect(Array.from(welder.finish())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('welds binary STL facets in batches exactly like one vertex at a time', () => {
    // more than one batch (1024 facets), with repeats inside a batch and across batches
    for (const seed of [1, 2, 3]) {
      const soup = latticeSoup(5000, seed)
      const { welder, indices } = weldFacets(facetRecords(soup))
      const single = new VertexWelder(16, 10_000_000)
      const expected = Array.from({ length: soup.length / 3 }, (_, c) =>
        single.add(soup[3 * c]!, soup[3 * c + 1]!, soup[3 * c + 2]!),
      )
      expect(Array.from(indices)).toEqual(expected)
      expect(welder.count).toBe(single.count)
      expect(Array.from(welder.finish())).toEqual(Array.from(single.finish()))
    }
  })

  it('keeps every vertex findable while the table grows from a small estimate', () => {
    const welder = new VertexWelder(1, 1_000_000)
    const n = 50_000
    for (let i = 0; i < n; i++) expect(welder.add(i * 0.5, -i, i % 7)).toBe(i)
    for (let i = n - 1; i >= 0; i -= 7) expect(welder.add(i * 0.5, -i, i % 7)).toBe(i)
    expect(welder.count).toBe(n)
  })

  it('keeps vertices apart whose 32-bit hashes collide', () => {
    // distinct bit patterns with the same full hash, found by the birthday bound among 300k random keys
    const rnd = random(11)
    const seen = new Map<number, [number, number, number]>()
    let pair: [[number, number, number], [number, number, number]] | undefined
    for (let i = 0; i < 300_000 && pair === undefined; i++) {
      const key: [number, number, number] = [bitsOf(rnd() * 100), bitsOf(rnd() * 100), bitsOf(rnd() * 100)]
      const h = mix(key[0], key[1], key[2])
      const other = seen.get(h)
      if (other !== undefined && other.join() !== key.join()) pair = [other, key]
      seen.set(h, key)
    }
    expect(pair).toBeDefined()
    const [a, b] = pair!
    const welder = new VertexWelder(4, 100)
    expect(welder.addBits(a[0], a[1], a[2])).toBe(0)
    expect(welder.addBits(b[0], b[1], b[2])).toBe(1)
    expect(welder.addBits(a[0], a[1], a[2])).toBe(0)
    expect(welder.addBits(b[0], b[1], b[2])).toBe(1)
    // and through the batched path, where both also share the recent-cache slot
    const view = new DataView(new ArrayBuffer(50))
    const keys: Array<[number, number, number]> = [a, b, a]
    for (const [corner, key] of keys.entries()) for (let d = 0; d < 3; d++) setBits(view, corner, d, key[d]!)
    expect(Array.from(weldFacets(view).indices)).toEqual([0, 1, 0])
  })

  it('treats -0 as +0, in both paths', () => {
    const welder = new VertexWelder(4, 100)
    expect(welder.add(0, 1, -0)).toBe(0)
    expect(welder.add(-0, 1, 0)).toBe(0)
    expect(Array.from(weldFacets(facetRecords([0, 0, 0, -0, -0, -0, 1, 0, -0])).indices)).toEqual([0, 0, 1])
    // the stored position is +0
    const positions = weldFacets(facetRecords([-0, -0, -0, 1, 0, 0, 0, 1, 0])).welder.finish()
    expect(Object.is(positions[0], 0)).toBe(true)
  })

  it('rejects NaN and infinite coordinates, in both paths', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity]) {
      expect(errorCodeOf(() => new VertexWelder(4, 100).add(0, bad, 0))).toBe('non_finite_coordinate')
      const soup = latticeSoup(2000, 5)
      soup[9 * 1500 + 4] = bad
      expect(errorCodeOf(() => weldFacets(facetRecords(soup)))).toBe('non_finite_coordinate')
    }
    // a signalling NaN bit pattern, and a NaN repeated within one batch
    const view = facetRecords([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0])
    setBits(view, 2, 0, 0x7f800001)
    setBits(view, 5, 0, 0x7f800001)
    expect(errorCodeOf(() => weldFacets(view))).toBe('non_finite_coordinate')
  })

  it('enforces the vertex limit', () => {
    const welder = new VertexWelder(2, 3)
    welder.add(0, 0, 0)
    welder.add(1, 0, 0)
    welder.add(0, 1, 0)
    expect(welder.add(0, 0, 0)).toBe(0)
    expect(errorCodeOf(() => welder.add(0, 0, 1))).toBe('limit_exceeded')
    const batched = new VertexWelder(2, 100)
    expect(
      errorCodeOf(() =>
        batched.addStlFacets(facetRecords(latticeSoup(100, 9)), 0, 100, new Uint32Array(300), 0),
      ),
    ).toBe('limit_exceeded')
  })
})
