import { type Topology } from './topology.ts'
import { type WorkMesh, flipFace } from './work-mesh.ts'

export interface Shells {
  /** Shell id per face; -1 for dead faces. */
  shellOf: Int32Array
  count: number
  /** 1 for faces flipped by this call: their corners are mirrored (k -> 2 - k) relative to the topology. */
  flippedNow: Uint8Array
}

/**
 * Makes the winding consistent within each shell (a set of faces connected through manifold edges) by a
 * breadth-first walk: a neighbour whose shared edge runs the same way as ours is inside out relative to us.
 * Each shell keeps the winding most of its faces already had (ties keep the first face's), so a few flipped
 * faces are flipped back and counted, not the rest of the mesh. Whole-shell inversion (inside-out shells) is
 * decided later, after holes are capped (nesting.ts). Non-orientable shells keep the first parity reached.
 */
export function orientShells(mesh: WorkMesh, topology: Topology): Shells {
  const { alive } = mesh
  const { twin, opposed } = topology
  const faces = alive.length
  const shellOf = new Int32Array(faces).fill(-1)
  const parity = new Uint8Array(faces)
  const queue = new Int32Array(faces)
  const flippedNow = new Uint8Array(faces)
  let count = 0
  for (let seed = 0; seed < faces; seed++) {
    if (alive[seed] === 0 || shellOf[seed] !== -1) continue
    const shell = count++
    let head = 0
    let tail = 0
    queue[tail++] = seed
    shellOf[seed] = shell
    let ones = 0
    while (head < tail) {
      const f = queue[head++]!
      const p = parity[f]!
      ones += p
      for (let k = 0; k < 3; k++) {
        const h = 3 * f + k
        const g = twin[h]!
        if (g < 0) continue
        const n = (g / 3) | 0
        if (shellOf[n] !== -1) continue
        shellOf[n] = shell
        parity[n] = opposed[h] === 1 ? p : p ^ 1
        queue[tail++] = n
      }
    }
    // flip the minority: parity 1 faces unless they are the majority
    const flipParity = ones * 2 > tail ? 0 : 1
    for (let i = 0; i < tail; i++) {
      const f = queue[i]!
      if (parity[f] === flipParity) {
        flipFace(mesh, f)
        flippedNow[f] = 1
      }
    }
  }
  return { shellOf, count, flippedNow }
}
