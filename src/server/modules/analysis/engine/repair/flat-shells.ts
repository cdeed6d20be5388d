import { NON_MANIFOLD, OPEN, type Topology } from './topology.ts'
import { type Shells } from './orient.ts'
import { type WorkMesh } from './work-mesh.ts'

export interface FlatShellResult {
  removed: number
  /** True if a removed face had a non-manifold edge: the neighbours' edge classes changed, rebuild. */
  touchedNonManifold: boolean
}

/**
 * Removes open shells that lie in one plane (stray facets, flat scraps): they enclose no volume and cannot be
 * capped into a solid. A shell is open if any of its half-edges is open (a boundary); it is flat if its
 * faces all have the same unit normal (they agree after orientation) and every vertex is within 1e-6 of the body
 * diagonal of the plane of its first face. Zero-area shells count as flat.
 */
export function removeFlatOpenShells(
  mesh: WorkMesh,
  topology: Topology,
  shells: Shells,
  diagonal: number,
): FlatShellResult {
  // no open half-edge at all (the counts only ever overstate after faces were removed): no open shell
  if (topology.openHalfEdges === 0) return { removed: 0, touchedNonManifold: false }
  const { positions, indices, alive } = mesh
  const { twin } = topology
  const n = shells.count
  const open = new Uint8Array(n)
  let anyOpen = false
  for (let f = 0; f < alive.length; f++) {
    const s = shells.shellOf[f]!
    if (s < 0) continue
    if (twin[3 * f] === OPEN || twin[3 * f + 1] === OPEN || twin[3 * f + 2] === OPEN) {
      open[s] = 1
      anyOpen = true
    }
  }
  if (!anyOpen) return { removed: 0, touchedNonManifold: false }
  // Per open shell: the plane of its first face with area (unit normal + a point); a face leaves the plane, or
  // faces the other way, and the shell is not flat. Most open shells (a mesh with a hole) fail on a few faces.
  const eps = 1e-6 * diagonal
  const flat = new Uint8Array(n)
  const planeSet = new Uint8Array(n)
  const plane = new Float64Array(n * 4)
  for (let s = 0; s < n; s++) flat[s] = open[s]!
  for (let f = 0; f < alive.length; f++) {
    const s = shells.shellOf[f]!
    if (s < 0 || flat[s] === 0) continue
    const [cx, cy, cz] = cross(positions, indices, f)
    const len = Math.hypot(cx, cy, cz)
    if (len === 0) continue
    if (planeSet[s] === 0) {
      const a = 3 * indices[3 * f]!
      planeSet[s] = 1
      plane[4 * s] = cx / len
      plane[4 * s + 1] = cy / len
      plane[4 * s + 2] = cz / len
      plane[4 * s + 3] = (positions[a]! * cx + positions[a + 1]! * cy + positions[a + 2]! * cz) / len
      continue
    }
    const px = plane[4 * s]!
    const py = plane[4 * s + 1]!
    const pz = plane[4 * s + 2]!
    if ((cx * px + cy * py + cz * pz) / len < 1 - 1e-9) {
      flat[s] = 0
      continue
    }
    for (let k = 0; k < 3; k++) {
      const o = 3 * indices[3 * f + k]!
      if (
        Math.abs(positions[o]! * px + positions[o + 1]! * py + positions[o + 2]! * pz - plane[4 * s + 3]!) >
        eps
      )
        flat[s] = 0
    }
  }
  let removed = 0
  let touchedNonManifold = false
  for (let s = 0; s < n; s++) removed += flat[s]!
  if (removed === 0) return { removed, touchedNonManifold }
  for (let f = 0; f < alive.length; f++) {
    const s = shells.shellOf[f]!
    if (s < 0 || flat[s] === 0) continue
    if (twin[3 * f] === NON_MANIFOLD || twin[3 * f + 1] === NON_MANIFOLD || twin[3 * f + 2] === NON_MANIFOLD)
      touchedNonManifold = true
    alive[f] = 0
    shells.shellOf[f] = -1
  }
  return { removed, touchedNonManifold }
}

/** Twice the area vector of face f, in float64. */
export function cross(positions: Float32Array, indices: Uint32Array, f: number): [number, number, number] {
  const a = 3 * indices[3 * f]!
  const b = 3 * indices[3 * f + 1]!
  const c = 3 * indices[3 * f + 2]!
  const ux = positions[b]! - positions[a]!
  const uy = positions[b + 1]! - positions[a + 1]!
  const uz = positions[b + 2]! - positions[a + 2]!
  const vx = positions[c]! - positions[a]!
  const vy = positions[c + 1]! - positions[a + 1]!
  const vz = positions[c + 2]! - positions[a + 2]!
  return [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx]
}
