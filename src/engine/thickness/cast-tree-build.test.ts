import { BufferAttribute, BufferGeometry } from 'three'
import { MeshBVH } from 'three-mesh-bvh'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { readStl } from '../readers/stl.reader.ts'
import { repairBody } from '../repair/repair-body.ts'
import { binaryStl, boxSoup, injectDefects, random, sliverSoup, torusSoup } from '../testing/mesh-fixtures.ts'
import { buildCastTree } from './cast-tree-build.ts'
import { castTree } from './first-exit.ts'
import { mergeMeshes } from './wall-thickness.ts'

const options = { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }
const repaired = (...soups: Float32Array[]) =>
  mergeMeshes(soups.map((soup) => repairBody(readStl(binaryStl(soup), options).bodies[0]!).mesh))

/** An indexed mesh straight from a soup, unrepaired: duplicates, slivers and zero-area faces stay. */
function raw(soup: Float32Array, corners: number[] = []): { positions: Float32Array; indices: Uint32Array } {
  const indices = Uint32Array.from({ length: soup.length / 3 }, (_, i) => corners[i] ?? i)
  return { positions: soup, indices }
}

/** Triangles on a grid of integer coordinates: many equal centres, equal bounds and split planes through centres. */
function gridSoup(n: number): Float32Array {
  const out: number[] = []
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      out.push(i, j, 0, i + 1, j, 0, i, j + 1, 0)
      out.push(i + 1, j, 0, i + 1, j + 1, 0, i, j + 1, 0)
      // the same triangle again, and one standing on it: ties in every comparison of the build
      out.push(i, j, 0, i + 1, j, 0, i, j + 1, 0)
      out.push(i, j, 0, i + 1, j, 0, i, j, 1)
    }
  return Float32Array.from(out)
}

/** Random triangles with coordinates of either sign and some exact zeros and negative zeros. */
function scatterSoup(n: number, seed: number): Float32Array {
  const next = random(seed)
  const soup = new Float32Array(9 * n)
  for (let i = 0; i < soup.length; i++) {
    const r = next()
    soup[i] = r < 0.05 ? 0 : r < 0.1 ? -0 : r < 0.2 ? Math.round(next() * 8 - 4) : (next() - 0.5) * 100
  }
  return soup
}

/** Triangles at x = 1, 2, 4, 8, …: each split peels one off, so the tree reaches three-mesh-bvh's depth limit. */
function ladderSoup(n: number): Float32Array {
  const soup = new Float32Array(9 * n)
  for (let i = 0; i < n; i++) soup.set([2 ** i, 0, 0, 2 ** i, 1, 0, 2 ** i, 0, 1], 9 * i)
  return soup
}

/** Many copies of one triangle: a range no split can divide (a leaf larger than the target size). */
function stackSoup(n: number): Float32Array {
  const soup = new Float32Array(9 * n)
  for (let i = 0; i < n; i++) soup.set([1, 2, 3, 4, 2, 3, 1, 5, 3], 9 * i)
  return soup
}

function threeMeshBvhTree(positions: Float32Array, indices: Uint32Array) {
  const geometry = new BufferGeometry()
  geometry.setAttribute('position', new BufferAttribute(positions, 3))
  geometry.setIndex(new BufferAttribute(indices.slice(), 1))
  const bvh = new MeshBVH(geometry, { targetLeafSize: 10 } as ConstructorParameters<typeof MeshBVH>[1])
  return castTree(bvh, positions)
}

describe('buildCastTree', () => {
  const u = 48
  const v = 24
  const cases = {
    'a broken torus, repaired': repaired(
      injectDefects(
        torusSoup(40, 15, u, v),
        u,
        v,
        { flipped: 10, holes: 2, stray: 1, degenerate: 2, jittered: 3, duplicates: 1 },
        0.002,
        5,
      ),
    ),
    'a plate with a fin, repaired (axis-aligned faces)': repaired(
      boxSoup([0, 0, 0], [20, 20, 4]),
      boxSoup([9.75, 0, 4], [10.25, 20, 14]),
    ),
    'overlapping slivers, repaired': repaired(sliverSoup(300)),
    'a grid with duplicate and standing triangles (ties)': raw(gridSoup(24)),
    'random triangles with zeros and negative zeros': raw(scatterSoup(5000, 3)),
    'shared corners, random index order': raw(
      scatterSoup(400, 9),
      Array.from({ length: 3 * 3000 }, (_, i) => (i * 7919) % 1200),
    ),
    'triangles at powers of two (the depth limit, a leaf over the target size)': raw(ladderSoup(60)),
    '300 copies of one triangle (one oversized leaf)': raw(stackSoup(300)),
    'a single triangle': raw(stackSoup(1)),
    'no triangles': raw(new Float32Array(0)),
  }

  for (const [name, { positions, indices }] of Object.entries(cases)) {
    it(`builds three-mesh-bvh's tree and corner order, byte for byte: ${name}`, () => {
      const expected = threeMeshBvhTree(positions, indices)
      const got = buildCastTree(positions, indices)
      const nodeBytes = expected.root.byteLength
      // the same nodes; the rest of our buffer (room for 2n - 1 nodes) is never written
      expect(Buffer.from(got.root, 0, nodeBytes).equals(Buffer.from(expected.root))).toBe(true)
      expect(new Uint8Array(got.root, nodeBytes).every((b) => b === 0)).toBe(true)
      expect(Buffer.from(got.corners.buffer).equals(Buffer.from(expected.corners.buffer))).toBe(true)
    })
  }

  it('builds into the buffers it is given (shared memory for the helping thread)', () => {
    const { positions, indices } = cases['a broken torus, repaired']
    const tree = buildCastTree(positions, indices, (bytes) => new SharedArrayBuffer(bytes))
    expect(tree.root).toBeInstanceOf(SharedArrayBuffer)
    expect(tree.corners.buffer).toBeInstanceOf(SharedArrayBuffer)
  })
})
