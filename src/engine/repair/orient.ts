import { type Topology } from './topology.ts'
import { type WorkMesh, flipFace } from './work-mesh.ts'

// results of unionTwins
const CONSISTENT = 0
const FLIPS = 1
const CONTRADICTION = 2

export interface Shells {
  /** Shell id per face; -1 for dead faces. */
  shellOf: Int32Array
  count: number
  /** 1 for faces flipped by this call: their corners are mirrored (k -> 2 - k) relative to the topology. */
  flippedNow: Uint8Array
}

/**
 * Makes the winding consistent within each shell (a set of faces connected through manifold edges): a neighbour
 * whose shared edge runs the same way as ours is inside out relative to us. Each shell keeps the winding most of
 * its faces already had (ties keep the winding of its first face), so a few flipped faces are flipped back and
 * counted, not the rest of the mesh. Whole-shell inversion (inside-out shells) is decided later, after holes are
 * capped (nesting.ts). Non-orientable shells keep the first parity a breadth-first walk reaches.
 *
 * The shells and parities come from a union-find over the twin pairs in face order (sequential and cache
 * friendly: neighbouring faces are close in the file) rather than from the breadth-first walk, whose front jumps
 * across the whole face array. On an orientable shell both give the same parities (every path between two
 * faces agrees); a twin pair that contradicts the union-find marks a non-orientable shell, and then the
 * breadth-first walk runs as before, so the result never depends on the method.
 */
export function orientShells(mesh: WorkMesh, topology: Topology): Shells {
  const faces = mesh.alive.length
  const parent = new Int32Array(faces)
  const rel = new Uint8Array(faces)
  const union = unionTwins(topology.twin, topology.opposed, parent, rel)
  if (union === CONTRADICTION) return orientByWalk(mesh, topology)
  const shellOf = new Int32Array(faces).fill(-1)
  const parity = new Uint8Array(faces)
  const odd: number[] = []
  const size: number[] = []
  const count = assignShells(mesh.alive, parent, rel, { shellOf, parity, odd, size })
  const flippedNow = new Uint8Array(faces)
  // every twin pair runs both ways: all parities are 0 and nothing flips
  if (union === CONSISTENT) return { shellOf, count, flippedNow }
  const ones = new Uint32Array(count)
  for (const f of odd) ones[shellOf[f]!] = ones[shellOf[f]!]! + 1
  // flip the minority: parity 1 faces unless they are the majority (ties keep the first face's parity 0)
  const flipParity = new Uint8Array(count)
  let flipOdd = true
  for (let s = 0; s < count; s++) {
    flipParity[s] = ones[s]! * 2 > size[s]! ? 0 : 1
    if (flipParity[s] === 0) flipOdd = false
  }
  // usually only the odd faces flip (a few flipped faces in large shells): then only they are visited
  if (flipOdd) for (const f of odd) flip(mesh, f, flippedNow)
  else flipMinority(mesh, shellOf, parity, flipParity, flippedNow)
  return { shellOf, count, flippedNow }
}

function flip(mesh: WorkMesh, f: number, flippedNow: Uint8Array): void {
  flipFace(mesh, f)
  flippedNow[f] = 1
}

/**
 * The root of x's set (its lowest face) and x's parity relative to it, as root * 2 + parity; compresses the path.
 * `rel` holds each face's parity relative to its parent (a root's own entry is free for other use).
 */
function find(parent: Int32Array, rel: Uint8Array, x: number): number {
  let r = x
  let p = 0
  while (parent[r] !== r) {
    p ^= rel[r]!
    r = parent[r]!
  }
  let y = x
  let py = p
  while (y !== r) {
    const next = parent[y]!
    const ry = rel[y]!
    parent[y] = r
    rel[y] = py
    py ^= ry
    y = next
  }
  return r * 2 + p
}

/**
 * Joins the faces of every twin pair, with the parity the pair implies (same if the shared edge runs both ways,
 * different if it runs the same way twice); the lower root becomes the parent, so a set's root is its lowest
 * face. Returns CONTRADICTION at the first contradiction (a non-orientable shell), else FLIPS if some pair runs
 * the same way, else CONSISTENT.
 */
function unionTwins(twin: Int32Array, opposed: Uint8Array, parent: Int32Array, rel: Uint8Array): number {
  for (let f = 0; f < parent.length; f++) parent[f] = f
  let result = CONSISTENT
  for (let h = 0; h < twin.length; h++) {
    const g = twin[h]!
    if (g < 0) continue
    // roots found inline when they are at most one step away (nearly always after compression)
    let a = (h / 3) | 0
    let pa = 0
    const ta = parent[a]!
    if (ta !== a) {
      if (parent[ta] === ta) {
        pa = rel[a]!
        a = ta
      } else {
        const x = find(parent, rel, a)
        a = x >> 1
        pa = x & 1
      }
    }
    let b = (g / 3) | 0
    let pb = 0
    const tb = parent[b]!
    if (tb !== b) {
      if (parent[tb] === tb) {
        pb = rel[b]!
        b = tb
      } else {
        const x = find(parent, rel, b)
        b = x >> 1
        pb = x & 1
      }
    }
    if (opposed[h] !== 1) result = FLIPS
    const differ = pa ^ pb ^ (opposed[h] === 1 ? 0 : 1)
    if (a === b) {
      if (differ !== 0) return CONTRADICTION
    } else if (a < b) {
      parent[b] = a
      rel[b] = differ
    } else {
      parent[a] = b
      rel[a] = differ
    }
  }
  return result
}

/**
 * Shell ids in the order of each set's first alive face (the seed order of a walk over the faces) and every
 * face's parity relative to that face. The id goes to `shellOf` at the set's root, the root's parity relative
 * to the first alive face to `rel` at the root. Faces of a set seen before its first alive face (dead ones) are
 * done in a second round. Returns the shell count.
 */
function assignShells(alive: Uint8Array, parent: Int32Array, rel: Uint8Array, out: ShellAssignment): number {
  const { shellOf, size } = out
  let count = 0
  const deferred: number[] = []
  for (let f = 0; f < alive.length; f++) {
    const x = find(parent, rel, f)
    const r = x >> 1
    if (shellOf[r] === -1) {
      if (alive[f] === 0) {
        deferred.push(f)
        continue
      }
      shellOf[r] = count++
      size.push(0)
      rel[r] = x & 1
    }
    joinShell(out, rel, f, x)
  }
  for (const f of deferred) {
    const x = find(parent, rel, f)
    if (shellOf[x >> 1] !== -1) joinShell(out, rel, f, x)
  }
  return count
}

/** Puts face f (root and parity `x` from find) into its root's shell, with its parity relative to the shell. */
function joinShell(out: ShellAssignment, rel: Uint8Array, f: number, x: number): void {
  const { shellOf, parity, odd, size } = out
  const r = x >> 1
  const s = shellOf[r]!
  shellOf[f] = s
  size[s] = size[s]! + 1
  const p = f === r ? rel[r]! : (x & 1) ^ rel[r]!
  parity[f] = p
  if (p === 1) odd.push(f)
}

interface ShellAssignment {
  shellOf: Int32Array
  parity: Uint8Array
  /** The faces with a shell and parity 1. */
  odd: number[]
  /** Faces per shell. */
  size: number[]
}

function flipMinority(
  mesh: WorkMesh,
  shellOf: Int32Array,
  parity: Uint8Array,
  flipParity: Uint8Array,
  flippedNow: Uint8Array,
): void {
  for (let f = 0; f < shellOf.length; f++) {
    const s = shellOf[f]!
    if (s >= 0 && parity[f] === flipParity[s]) flip(mesh, f, flippedNow)
  }
}

/** The breadth-first walk: decides non-orientable shells (the first parity reached wins). */
function orientByWalk(mesh: WorkMesh, topology: Topology): Shells {
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
