import { type IndexedMesh } from '../mesh/indexed-mesh.ts'

export type Vec3 = [number, number, number]

/** Measures of the repaired model (all bodies together), in millimetres. Definitions: docs/analysis/measures.md. */
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
export function measureMesh(mesh: IndexedMesh, origin: Vec3): MeshMeasure {
  const p = mesh.positions
  const idx = mesh.indices
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
  const min: Vec3 = [Infinity, Infinity, Infinity]
  const max: Vec3 = [-Infinity, -Infinity, -Infinity]
  for (let i = 0; i < p.length; i += 3) {
    for (let d = 0; d < 3; d++) {
      const x = p[i + d]!
      if (x < min[d]!) min[d] = x
      if (x > max[d]!) max[d] = x
    }
  }
  return { volume: volume / 6, area: area / 2, min, max }
}

export function boundsOfMeshes(meshes: readonly IndexedMesh[]): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity]
  const max: Vec3 = [-Infinity, -Infinity, -Infinity]
  for (const m of meshes) {
    const p = m.positions
    for (let i = 0; i < p.length; i += 3) {
      for (let d = 0; d < 3; d++) {
        const x = p[i + d]!
        if (x < min[d]!) min[d] = x
        if (x > max[d]!) max[d] = x
      }
    }
  }
  if (min[0] === Infinity) return { min: [0, 0, 0], max: [0, 0, 0] }
  return { min, max }
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
): { measures: Measures; perBody: MeshMeasure[] } {
  const box = boundsOfMeshes(meshes)
  const origin: Vec3 = [
    (box.min[0] + box.max[0]) / 2,
    (box.min[1] + box.max[1]) / 2,
    (box.min[2] + box.max[2]) / 2,
  ]
  const perBody = meshes.map((m) => measureMesh(m, origin))
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
