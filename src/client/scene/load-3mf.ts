import { Box3, type BufferGeometry, EdgesGeometry, Matrix4, Mesh, Sphere, Vector3 } from 'three'
import { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js'

/** A model ready for the preview: centred on the origin, Y up, with its feature edges. */
export type PreviewModel = {
  meshes: Array<{ geometry: BufferGeometry; edges: EdgesGeometry }>
  /** The bounding sphere's radius, for the camera distance. */
  radius: number
}

/** Edges between faces that meet at more than this angle are drawn (flat areas stay clean). */
const EDGE_THRESHOLD_DEGREES = 30

/**
 * Reads a 3MF package (the analysis' repaired model) with three's 3MFLoader: every mesh in world coordinates, turned
 * from the 3MF's Z-up to three's Y-up and centred on the origin.
 */
export function parse3mf(data: ArrayBuffer): PreviewModel {
  const group = new ThreeMFLoader().parse(data)
  group.updateMatrixWorld(true)
  const zUpToYUp = new Matrix4().makeRotationX(-Math.PI / 2)
  const geometries: BufferGeometry[] = []
  group.traverse((object) => {
    if (object instanceof Mesh) {
      const geometry = (object.geometry as BufferGeometry).clone()
      geometry.applyMatrix4(object.matrixWorld)
      geometry.applyMatrix4(zUpToYUp)
      geometries.push(geometry)
    }
  })
  if (geometries.length === 0) throw new Error('the 3MF package has no mesh')
  const box = new Box3()
  for (const geometry of geometries) {
    geometry.computeBoundingBox()
    if (geometry.boundingBox) box.union(geometry.boundingBox)
  }
  const centre = box.getCenter(new Vector3())
  const radius = box.getBoundingSphere(new Sphere()).radius || 1
  return {
    radius,
    meshes: geometries.map((geometry) => {
      geometry.translate(-centre.x, -centre.y, -centre.z)
      return { geometry, edges: new EdgesGeometry(geometry, EDGE_THRESHOLD_DEGREES) }
    }),
  }
}
