import { type Bounds, emptyBox, extendBounds, extendBoundsBy } from '#engine/mesh/bounds.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'

export type Vec3 = [number, number, number]

/** Measures of the repaired model (all bodies together), in millimetres. Definitions: src/engine/measures.md. */
export interface Measures {
  dimensions: { x: number; y: number; z: number }
  boundingBox: { min: Vec3; max: Vec3 }
  /** Signed-tetrahedron volume summed in float64 (mm³); cavities count negative. */
  volume: number
  /** Sum of triangle areas (mm²). */
  area: number
  shells: number
  triangles: number
  vertices: number
  /** No open and no non-manifold edge left in any body after repair. */
  watertight: boolean
  pricing: PricingVariables
}

export interface PricingVariables {
  /** Material volume (mm³) = `volume`. */
  internalVolume: number
  /** Bounding-box volume X·Y·Z (mm³): the build space the part claims. */
  externalVolume: number
  /** Smallest of the three extents (mm). */
  minX: number
  /** Largest of the three extents (mm). */
  maxX: number
  /** Middle extent (mm): with maxX the footprint of the part laid flat. */
  maxY: number
}

export interface MeshMeasure {
  volume: number
  area: number
  min: Vec3
  max: Vec3
}

/** Volume, area and bounds of one mesh; volume relative to `origin` (the model's bbox centre limits cancellation). */
export function measureMesh(
  mesh: IndexedMesh,
  origin: Vec3,
  /** The mesh's bounds when the caller has them (`boundsOfMeshes` of this mesh alone). */
  bounds?: { min: Vec3; max: Vec3 },
): MeshMeasure {
  const sums = new Float64Array(2)
  sumVolumeAndArea(mesh.positions, mesh.indices, origin, sums)
  const volume = sums[0]! / 6
  const area = sums[1]! / 2
  if (bounds !== undefined && mesh.positions.length > 0)
    return { volume, area, min: [...bounds.min], max: [...bounds.max] }
  const { min, max } = boundsOfMeshes([mesh])
  return mesh.positions.length === 0
    ? { volume, area, min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] }
    : { volume, area, min, max }
}

/** Six times the signed volume and twice the area, summed face by face in float64, into `out`. */
function sumVolumeAndArea(p: Float32Array, idx: Uint32Array, origin: Vec3, out: Float64Array): void {
  const [ox, oy, oz] = origin
  let volume = 0
  let area = 0
  for (let i = 0; i < idx.length; i += 3) {
    const a = 3 * idx[i]!
    const b = 3 * idx[i + 1]!
    const c = 3 * idx[i + 2]!
    const ax = p[a]! - ox
    const ay = p[a + 1]! - oy
    const az = p[a + 2]! - oz
    const bx = p[b]! - ox
    const by = p[b + 1]! - oy
    const bz = p[b + 2]! - oz
    const cx = p[c]! - ox
    const cy = p[c + 1]! - oy
    const cz = p[c + 2]! - oz
    volume += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)
    const ux = bx - ax
    const uy = by - ay
    const uz = bz - az
    const vx = cx - ax
    const vy = cy - ay
    const vz = cz - az
    const nx = uy * vz - uz * vy
    const ny = uz * vx - ux * vz
    const nz = ux * vy - uy * vx
    area += Math.sqrt(nx * nx + ny * ny + nz * nz)
  }
  out[0] = volume
  out[1] = area
}

/** The bounds of all meshes; from `known` (the bounds of each mesh) when given, without a pass over vertices. */
export function boundsOfMeshes(
  meshes: readonly IndexedMesh[],
  known?: readonly Bounds[],
): { min: Vec3; max: Vec3 } {
  const box = emptyBox()
  if (known === undefined) for (const m of meshes) extendBounds(m.positions, box)
  else for (const b of known) extendBoundsBy(b, box)
  if (box[0] === Infinity) return { min: [0, 0, 0], max: [0, 0, 0] }
  return { min: [box[0]!, box[1]!, box[2]!], max: [box[3]!, box[4]!, box[5]!] }
}

export function pricingVariables(
  volume: number,
  dims: { x: number; y: number; z: number },
): PricingVariables {
  const sorted = [dims.x, dims.y, dims.z].sort((a, b) => b - a)
  return {
    internalVolume: volume,
    externalVolume: dims.x * dims.y * dims.z,
    minX: sorted[2]!,
    maxX: sorted[0]!,
    maxY: sorted[1]!,
  }
}

/** Combines per-body results into the model's measures. */
export function measureModel(
  meshes: readonly IndexedMesh[],
  shells: number,
  watertight: boolean,
  /** The bounds of each mesh when the caller has them (`RepairedBody.bounds`). */
  knownBounds?: readonly Bounds[],
): { measures: Measures; perBody: MeshMeasure[] } {
  const box = boundsOfMeshes(meshes, knownBounds)
  const origin: Vec3 = [
    (box.min[0] + box.max[0]) / 2,
    (box.min[1] + box.max[1]) / 2,
    (box.min[2] + box.max[2]) / 2,
  ]
  // one body: its bounds are the model's, no second pass over the vertices
  const perBody = meshes.map((m, i) => {
    const known = knownBounds?.[i]
    const bounds = known && {
      min: [known[0], known[1], known[2]] as Vec3,
      max: [known[3], known[4], known[5]] as Vec3,
    }
    return measureMesh(m, origin, meshes.length === 1 ? box : bounds)
  })
  let volume = 0
  let area = 0
  let triangles = 0
  let vertices = 0
  for (let i = 0; i < meshes.length; i++) {
    volume += perBody[i]!.volume
    area += perBody[i]!.area
    triangles += meshes[i]!.indices.length / 3
    vertices += meshes[i]!.positions.length / 3
  }
  const dimensions = { x: box.max[0] - box.min[0], y: box.max[1] - box.min[1], z: box.max[2] - box.min[2] }
  return {
    measures: {
      dimensions,
      boundingBox: box,
      volume,
      area,
      shells,
      triangles,
      vertices,
      watertight: watertight && triangles > 0,
      pricing: pricingVariables(volume, dimensions),
    },
    perBody,
  }
}
