import { Box3, BufferAttribute, BufferGeometry, EdgesGeometry, Sphere, Vector3 } from 'three'
import { unzipSync } from 'three/examples/jsm/libs/fflate.module.js'

/**
 * A model as plain typed arrays: what the mesh worker sends back (transferable, no three.js objects) and what the
 * preview turns into geometries. Y up, centred on the origin.
 */
export type PreparedModel = {
  meshes: Array<{ positions: Float32Array; indices: Uint32Array; edges: Float32Array }>
  /** The bounding sphere's radius, for the camera distance. */
  radius: number
}

/** Edges between faces that meet at more than this angle are drawn (flat areas stay clean). */
const EDGE_THRESHOLD_DEGREES = 30

const MODEL_PART = /^3D\/.*\.model$/i
const OBJECT = /<object\b[^>]*>([\s\S]*?)<\/object>/g
const VERTEX = /<vertex\b([^>]*)\/?>/g
const TRIANGLE = /<triangle\b([^>]*)\/?>/g
const attribute = (attributes: string, name: string): number => {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)
  return match ? Number(match[1]) : Number.NaN
}

/** Every object's mesh of a 3MF package's model parts, as the analysis writes them (identity build transforms). */
function readMeshes(data: ArrayBuffer): Array<{ positions: Float32Array; indices: Uint32Array }> {
  const files = unzipSync(new Uint8Array(data), { filter: (file) => MODEL_PART.test(file.name) })
  const decoder = new TextDecoder()
  const meshes: Array<{ positions: Float32Array; indices: Uint32Array }> = []
  for (const bytes of Object.values(files)) {
    const xml = decoder.decode(bytes)
    for (const object of xml.matchAll(OBJECT)) {
      const body = object[1] ?? ''
      const positions: number[] = []
      for (const vertex of body.matchAll(VERTEX)) {
        const attributes = vertex[1] ?? ''
        // 3MF is Z up, three.js Y up: (x, y, z) → (x, z, −y).
        positions.push(attribute(attributes, 'x'), attribute(attributes, 'z'), -attribute(attributes, 'y'))
      }
      const indices: number[] = []
      for (const triangle of body.matchAll(TRIANGLE)) {
        const attributes = triangle[1] ?? ''
        indices.push(attribute(attributes, 'v1'), attribute(attributes, 'v2'), attribute(attributes, 'v3'))
      }
      if (indices.length > 0)
        meshes.push({ positions: new Float32Array(positions), indices: new Uint32Array(indices) })
    }
  }
  if (meshes.length === 0) throw new Error('the 3MF package has no mesh')
  return meshes
}

/**
 * Reads the analysis' repaired 3MF and prepares it for the preview: meshes turned Y up, centred, with their feature
 * edges. Pure and free of the DOM, so it runs in the mesh worker (issue 14, item 10) and, without workers, in place.
 */
export function prepareModel(data: ArrayBuffer): PreparedModel {
  const meshes = readMeshes(data)
  const box = new Box3()
  for (const mesh of meshes) {
    box.union(new Box3().setFromArray(mesh.positions))
  }
  const centre = box.getCenter(new Vector3())
  const radius = box.getBoundingSphere(new Sphere()).radius || 1
  return {
    radius,
    meshes: meshes.map(({ positions, indices }) => {
      for (let index = 0; index < positions.length; index += 3) {
        positions[index] = positions[index]! - centre.x
        positions[index + 1] = positions[index + 1]! - centre.y
        positions[index + 2] = positions[index + 2]! - centre.z
      }
      const geometry = new BufferGeometry()
      geometry.setAttribute('position', new BufferAttribute(positions, 3))
      geometry.setIndex(new BufferAttribute(indices, 1))
      const edges = new EdgesGeometry(geometry, EDGE_THRESHOLD_DEGREES).getAttribute('position').array
      return { positions, indices, edges: new Float32Array(edges) }
    }),
  }
}

/** The buffers a prepared model hands over to another thread without copying. */
export const transferablesOf = (model: PreparedModel): ArrayBuffer[] =>
  model.meshes.flatMap(
    (mesh) => [mesh.positions.buffer, mesh.indices.buffer, mesh.edges.buffer] as ArrayBuffer[],
  )
