/**
 * The mutable mesh the repair stages share. Faces are never moved during repair: a removed face is marked dead
 * in `alive`, so corner indices (3 f + k) stay stable for the topology arrays.
 */
export interface WorkMesh {
  positions: Float32Array
  indices: Uint32Array
  alive: Uint8Array
  /** 1 where the face's current winding differs from its input winding. */
  flipped: Uint8Array
  /** 1 where the face touches a vertex moved by the tolerance weld (for repair images). */
  welded: Uint8Array
}

export function createWorkMesh(positions: Float32Array, indices: Uint32Array): WorkMesh {
  const faces = indices.length / 3
  return {
    positions,
    indices,
    alive: new Uint8Array(faces).fill(1),
    flipped: new Uint8Array(faces),
    welded: new Uint8Array(faces),
  }
}

/** Reverses a face's winding in place and records it. */
export function flipFace(mesh: WorkMesh, f: number): void {
  const i = mesh.indices
  const t = i[3 * f + 1]!
  i[3 * f + 1] = i[3 * f + 2]!
  i[3 * f + 2] = t
  mesh.flipped[f] = mesh.flipped[f]! ^ 1
}

/** The corner after `h` in its face: half-edge h runs from indices[h] to indices[nextCorner(h)]. */
export function nextCorner(h: number): number {
  return h % 3 === 2 ? h - 2 : h + 1
}
