import { BackSide, BufferAttribute, BufferGeometry, Ray, Vector3 } from 'three'
import { MeshBVH } from 'three-mesh-bvh'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { readStl } from '../readers/stl.reader.ts'
import { repairBody } from '../repair/repair-body.ts'
import { binaryStl, boxSoup, injectDefects, sliverSoup, torusSoup } from '../testing/mesh-fixtures.ts'
import { FirstExitCaster, castTree } from './first-exit.ts'
import { mergeMeshes } from './wall-thickness.ts'

const options = { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }
const mesh = (...soups: Float32Array[]) =>
  mergeMeshes(soups.map((soup) => repairBody(readStl(binaryStl(soup), options).bodies[0]!).mesh))

/** A small deterministic generator, so a failure names a reproducible ray. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

describe('first exit caster', () => {
  const u = 48
  const v = 24
  const cases = {
    'broken torus': mesh(
      injectDefects(
        torusSoup(40, 15, u, v),
        u,
        v,
        { flipped: 10, holes: 2, stray: 1, degenerate: 2, jittered: 3, duplicates: 1 },
        0.002,
        5,
      ),
    ),
    'plate and fin (axis-aligned rays, edges and corners)': mesh(
      boxSoup([0, 0, 0], [20, 20, 4]),
      boxSoup([9.75, 0, 4], [10.25, 20, 14]),
    ),
    'overlapping slivers': mesh(sliverSoup(300)),
  }

  for (const [name, { positions, indices }] of Object.entries(cases)) {
    it(`finds the same hit as three-mesh-bvh's raycastFirst, bit for bit: ${name}`, () => {
      const geometry = new BufferGeometry()
      geometry.setAttribute('position', new BufferAttribute(positions, 3))
      geometry.setIndex(new BufferAttribute(indices.slice(), 1))
      const bvh = new MeshBVH(geometry, { targetLeafSize: 10 } as ConstructorParameters<typeof MeshBVH>[1])
      const caster = new FirstExitCaster(castTree(bvh, positions))
      const next = random(42)
      const ray = new Ray()
      let hits = 0
      const mismatches: string[] = []
      const faces = indices.length / 3
      for (let i = 0; i < 4000; i++) {
        // origins on faces (centroids and vertices: rays through edges and corners), directions random or along
        // the axes (zero components: the degenerate cases of the box test and of the split planes)
        const f = Math.floor(next() * faces)
        const corner = i % 3 === 0 ? indices[3 * f]! : -1
        const origin = new Vector3()
        if (corner >= 0) origin.fromArray(positions, 3 * corner)
        else
          for (let k = 0; k < 3; k++)
            origin.setComponent(
              k,
              (positions[3 * indices[3 * f]! + k]! +
                positions[3 * indices[3 * f + 1]! + k]! +
                positions[3 * indices[3 * f + 2]! + k]!) /
                3,
            )
        const direction =
          i % 4 === 0
            ? new Vector3().setComponent(Math.floor(next() * 3), next() < 0.5 ? -1 : 1)
            : new Vector3(next() - 0.5, next() - 0.5, next() - 0.5).normalize()
        ray.origin.copy(origin)
        ray.direction.copy(direction)
        const expected = bvh.raycastFirst(ray, BackSide)
        const got = caster.cast(origin.x, origin.y, origin.z, direction.x, direction.y, direction.z)
        // compared as values, one expect at the end (an expect per ray costs seconds)
        const n = expected?.face?.normal
        const want =
          expected === null ? [] : [expected.distance, ...expected.point.toArray(), n!.x, n!.y, n!.z]
        const have = got ? [caster.distance, caster.pointX, caster.pointY, caster.pointZ] : []
        if (got) have.push(caster.normalX, caster.normalY, caster.normalZ)
        if (want.length > 0) hits++
        if (want.length !== have.length || want.some((x, k) => !Object.is(x, have[k])))
          mismatches.push(`ray ${i}: ${JSON.stringify(want)} != ${JSON.stringify(have)}`)
      }
      expect(mismatches.slice(0, 5)).toEqual([])
      expect(hits).toBeGreaterThan(1000)
    })
  }
})
