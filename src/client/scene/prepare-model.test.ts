import { type BufferGeometry, EdgesGeometry, Mesh } from 'three'
import { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js'
import { describe, expect, it } from 'vitest'
import { write3mf } from '#engine/export/threemf.writer.ts'
import { toPreviewModel } from './load-3mf.ts'
import { prepareModel, transferablesOf } from './prepare-model.ts'

/** A 20 × 10 × 4 mm box with one corner at the origin, as the analysis writes it (Z up). */
function boxPackage(): ArrayBuffer {
  const [x, y, z] = [20, 10, 4]
  const positions = new Float32Array([0, 0, 0, x, 0, 0, x, y, 0, 0, y, 0, 0, 0, z, x, 0, z, x, y, z, 0, y, z])
  // prettier-ignore
  const indices = new Uint32Array([0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7])
  const bytes = write3mf([{ name: 'box', positions, indices }])!
  return bytes.slice().buffer
}

describe('preparing the preview model off the main thread (issue 14, item 10)', () => {
  it('reads the mesh Y up and centred, with the box edges, as plain transferable arrays', () => {
    const model = prepareModel(boxPackage())
    expect(model.meshes).toHaveLength(1)
    const [mesh] = model.meshes
    expect(mesh!.indices).toHaveLength(36)
    const xs = [...mesh!.positions].filter((_, index) => index % 3 === 0)
    const ys = [...mesh!.positions].filter((_, index) => index % 3 === 1)
    const zs = [...mesh!.positions].filter((_, index) => index % 3 === 2)
    // Z up became Y up: the 4 mm height is now along Y, the 10 mm depth along Z; all centred.
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([-10, 10])
    expect([Math.min(...ys), Math.max(...ys)]).toEqual([-2, 2])
    expect([Math.min(...zs), Math.max(...zs)]).toEqual([-5, 5])
    expect(model.radius).toBeCloseTo(Math.hypot(10, 5, 2))
    // A box has 12 feature edges: 24 end points of 3 floats.
    expect(mesh!.edges).toHaveLength(72)
    expect(transferablesOf(model)).toHaveLength(3)
  })

  it('draws the same model as three.js 3MFLoader did on the main thread', () => {
    const data = boxPackage()
    const group = new ThreeMFLoader().parse(data.slice(0))
    let loaderTriangles = 0
    let loaderEdges = 0
    group.traverse((object) => {
      if (object instanceof Mesh) {
        const geometry = object.geometry as BufferGeometry
        loaderTriangles += (geometry.index?.count ?? 0) / 3
        loaderEdges += new EdgesGeometry(geometry, 30).getAttribute('position').count / 2
      }
    })
    const model = toPreviewModel(prepareModel(data))
    expect(model.meshes[0]!.geometry.index!.count / 3).toBe(loaderTriangles)
    expect(model.meshes[0]!.edges.getAttribute('position').count / 2).toBe(loaderEdges)
  })

  it('refuses a package without a mesh', () => {
    expect(() => prepareModel(new Uint8Array([80, 75, 5, 6, ...new Array(18).fill(0)]).buffer)).toThrow()
  })
})
