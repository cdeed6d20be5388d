import { NON_MANIFOLD, OPEN, type Topology } from './topology.ts'
import { type Shells } from './orient.ts'
import { type WorkMesh } from './work-mesh.ts'
import { faceCross } from '../mesh/face-cross.ts'

export interface FlatShellResult {
  removed: number
  /** True if a removed face had a non-manifold edge: the neighbours' edge classes changed, rebuild. */
  touchedNonManifold: boolean
  /** Faces killed (alive before). */
  facesRemoved: number
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
  if (topology.openHalfEdges === 0) return { removed: 0, touchedNonManifold: false, facesRemoved: 0 }
  const { alive } = mesh
  const { twin } = topology
  const n = shells.count
  // the open shells are the candidates
  const flat = new Uint8Array(n)
  let anyOpen = false
  for (const h of topology.defectCorners) {
    const s = shells.shellOf[(h / 3) | 0]!
    if (s >= 0 && twin[h] === OPEN) {
      flat[s] = 1
      anyOpen = true
    }
  }
  if (!anyOpen) return { removed: 0, touchedNonManifold: false, facesRemoved: 0 }
  // Per open shell: the plane of its first face with area (unit normal + a point); a face leaves the plane, or
  // faces the other way, and the shell is not flat. Most open shells (a mesh with a hole) fail on a few faces.
  const eps = 1e-6 * diagonal
  const planes = { set: new Uint8Array(n), p: new Float64Array(n * 4) }
  // every face of a shell that ends up flat is visited: the removal needs only these
  const visited: number[] = []
  checkPlanes(mesh, shells.shellOf, flat, planes, eps, visited)
  let removed = 0
  let touchedNonManifold = false
  for (let s = 0; s < n; s++) removed += flat[s]!
  let facesRemoved = 0
  if (removed === 0) return { removed, touchedNonManifold, facesRemoved }
  for (const f of visited) {
    const s = shells.shellOf[f]!
    if (flat[s] === 0) continue
    if (twin[3 * f] === NON_MANIFOLD || twin[3 * f + 1] === NON_MANIFOLD || twin[3 * f + 2] === NON_MANIFOLD)
      touchedNonManifold = true
    facesRemoved += alive[f]!
    alive[f] = 0
    shells.shellOf[f] = -1
  }
  return { removed, touchedNonManifold, facesRemoved }
}

interface Planes {
  /** 1 once the shell's plane is known. */
  set: Uint8Array
  /** Per shell: unit normal and offset. */
  p: Float64Array
}

/** The cross product of the face being checked (faceCross's output; the check is synchronous). */
const CROSS = new Float64Array(3)

/**
 * Clears `flat` for each candidate shell with a face off its plane, visiting the faces of shells still flat in
 * face order. Its own small loop: it runs over every face, and V8 optimises a small function soonest.
 */
function checkPlanes(
  mesh: WorkMesh,
  shellOf: Int32Array,
  flat: Uint8Array,
  planes: Planes,
  eps: number,
  visited: number[],
): void {
  for (let f = 0; f < shellOf.length; f++) {
    const s = shellOf[f]!
    if (s < 0 || flat[s] === 0) continue
    visited.push(f)
    if (!onPlane(mesh, f, s, planes, eps)) flat[s] = 0
  }
}

/**
 * False if face f leaves its shell's plane or faces the other way. The first face with area defines the plane
 * (of its unit normal and first vertex); faces without area pass.
 */
function onPlane(mesh: WorkMesh, f: number, s: number, planes: Planes, eps: number): boolean {
  const { positions, indices } = mesh
  const plane = planes.p
  const len = faceCross(positions, indices, f, CROSS)
  const cx = CROSS[0]!
  const cy = CROSS[1]!
  const cz = CROSS[2]!
  if (len === 0) return true
  if (planes.set[s] === 0) {
    const a = 3 * indices[3 * f]!
    planes.set[s] = 1
    plane[4 * s] = cx / len
    plane[4 * s + 1] = cy / len
    plane[4 * s + 2] = cz / len
    plane[4 * s + 3] = (positions[a]! * cx + positions[a + 1]! * cy + positions[a + 2]! * cz) / len
    return true
  }
  const px = plane[4 * s]!
  const py = plane[4 * s + 1]!
  const pz = plane[4 * s + 2]!
  if ((cx * px + cy * py + cz * pz) / len < 1 - 1e-9) return false
  for (let k = 0; k < 3; k++) {
    const o = 3 * indices[3 * f + k]!
    if (
      Math.abs(positions[o]! * px + positions[o + 1]! * py + positions[o + 2]! * pz - plane[4 * s + 3]!) > eps
    )
      return false
  }
  return true
}
