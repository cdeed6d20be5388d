import { type WorkMesh } from './work-mesh.ts'

export const OPEN = -1
export const NON_MANIFOLD = -2
export const DEAD = -3

/**
 * Edge connectivity of the alive faces, built without hashing: a CSR list of the corners (half-edges) leaving each
 * vertex. An undirected edge used by exactly two faces is manifold and links them as twins; used once it is open;
 * used three or more times it is non-manifold.
 */
export interface Topology {
  /** vertStart[v] .. vertStart[v + 1] index into vertCorners: the corners at v (the half-edges that start at v). */
  vertStart: Uint32Array
  /** Corners in face order per vertex; entries of faces removed after the lists were built are stale (check alive). */
  vertCorners: Uint32Array
  /** Per corner: the twin corner, or OPEN / NON_MANIFOLD / DEAD. */
  twin: Int32Array
  /** Per corner with a twin: 1 if the twin runs the other way (consistent winding), 0 if the same way. */
  opposed: Uint8Array
  openHalfEdges: number
  nonManifoldHalfEdges: number
}

type CornerLists = Pick<Topology, 'vertStart' | 'vertCorners'>

// Each pass below is its own small function: V8 optimises a one-loop function quickly and with complete type
// feedback, where a function of several long loops is compiled on stack replacement inside the first loop and
// deoptimised when it reaches the next one (measured: tens of ms per stage on a 1M-face mesh).

/**
 * Corner counts per vertex, stored one slot ahead (at v + 2) for the in-place prefix sum of `buildVertexCorners`.
 * Faces that repeat a vertex are marked dead on the way (as `removeDegenerateFaces` does); returns how many.
 */
function countCorners(indices: Uint32Array, alive: Uint8Array, counts: Uint32Array): number {
  let degenerate = 0
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) continue
    const h = 3 * f
    const a = indices[h]! + 2
    const b = indices[h + 1]! + 2
    const c = indices[h + 2]! + 2
    if (a === b || b === c || a === c) {
      alive[f] = 0
      degenerate++
      continue
    }
    counts[a] = counts[a]! + 1
    counts[b] = counts[b]! + 1
    counts[c] = counts[c]! + 1
  }
  return degenerate
}

function prefixSum(a: Uint32Array): void {
  for (let i = 1; i < a.length; i++) a[i] = a[i]! + a[i - 1]!
}

/** Appends each alive corner to its vertex's list, using next[v + 1] as the write cursor of v. */
function fillCorners(indices: Uint32Array, alive: Uint8Array, next: Uint32Array, corners: Uint32Array): void {
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) continue
    const h = 3 * f
    const a = indices[h]! + 1
    const b = indices[h + 1]! + 1
    const c = indices[h + 2]! + 1
    let i = next[a]!
    next[a] = i + 1
    corners[i] = h
    i = next[b]!
    next[b] = i + 1
    corners[i] = h + 1
    i = next[c]!
    next[c] = i + 1
    corners[i] = h + 2
  }
}

/**
 * Counting sort of the alive corners by vertex. Counts go to slot v + 2 and are summed so that slot v + 1 holds
 * the start of v; filling advances slot v + 1 to the end of v, which is the start of v + 1: no separate cursor
 * array.
 */
function buildVertexCorners(mesh: WorkMesh, vertexCount: number): CornerLists & { degenerate: number } {
  const { indices, alive } = mesh
  const starts = new Uint32Array(vertexCount + 2)
  const degenerate = countCorners(indices, alive, starts)
  prefixSum(starts)
  const vertCorners = new Uint32Array(starts[vertexCount + 1]!)
  fillCorners(indices, alive, starts, vertCorners)
  return { vertStart: starts.subarray(0, vertexCount + 1), vertCorners, degenerate }
}

/**
 * Marks all but the first of each set of faces with the same three vertices (in any order or winding) as dead.
 * Two such faces share their lowest vertex, so only that vertex's list is searched.
 */
function removeDuplicateFaces(mesh: WorkMesh, t: CornerLists): number {
  const { indices, alive } = mesh
  const { vertStart, vertCorners } = t
  let removed = 0
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) continue
    const a = indices[3 * f]!
    const b = indices[3 * f + 1]!
    const c = indices[3 * f + 2]!
    const lo = a < b ? (a < c ? a : c) : b < c ? b : c
    const sum = a + b + c
    const hi = a > b ? (a > c ? a : c) : b > c ? b : c
    for (let i = vertStart[lo]!; i < vertStart[lo + 1]!; i++) {
      const g = (vertCorners[i]! / 3) | 0
      if (g >= f || alive[g] === 0) continue
      const x = indices[3 * g]!
      const y = indices[3 * g + 1]!
      const z = indices[3 * g + 2]!
      const gh = x > y ? (x > z ? x : z) : y > z ? y : z
      // same lowest vertex (by construction), same highest and same sum: the same vertex set
      if (gh === hi && x + y + z === sum) {
        alive[f] = 0
        removed++
        break
      }
    }
  }
  return removed
}

// Candidate half-edges of one vertex's edges (grown for high-valence vertices).
let candOther = new Int32Array(64)
let candCorner = new Int32Array(64)
let candIn = new Uint8Array(64)

/**
 * Classifies every undirected edge at its lower vertex a, from a's corner list alone: a corner h at a is the
 * half-edge a -> b (b the next corner's vertex), and the corner before it in its face is the half-edge c -> a.
 * So the edges {a, x} with x > a and all their half-edges, both directions, are found in one short contiguous
 * run, without searching x's list. Returns the open and non-manifold half-edge counts.
 */
function classifyAtLowerVertex(
  indices: Uint32Array,
  alive: Uint8Array,
  lists: CornerLists,
  twin: Int32Array,
  opposed: Uint8Array,
): [number, number] {
  const { vertStart, vertCorners } = lists
  const vertexCount = vertStart.length - 1
  let open = 0
  let nonManifold = 0
  for (let a = 0; a < vertexCount; a++) {
    const start = vertStart[a]!
    const end = vertStart[a + 1]!
    if (2 * (end - start) > candOther.length) growCandidates(2 * (end - start))
    const other = candOther
    const corner = candCorner
    const incoming = candIn
    let n = 0
    for (let i = start; i < end; i++) {
      const h = vertCorners[i]!
      const f = (h / 3) | 0
      if (alive[f] === 0) continue
      const k = h - 3 * f
      const next = k === 2 ? h - 2 : h + 1
      const prev = k === 0 ? h + 2 : h - 1
      const b = indices[next]!
      const c = indices[prev]!
      if (b > a) {
        other[n] = b
        corner[n] = h
        incoming[n] = 0
        n++
      }
      if (c > a) {
        other[n] = c
        corner[n] = prev
        incoming[n] = 1
        n++
      }
    }
    for (let j = 0; j < n; j++) {
      const x = other[j]!
      if (x < 0) continue
      // the other half-edges of edge {a, x}: usually exactly one
      let uses = 1
      let partner = -1
      for (let l = j + 1; l < n; l++) {
        if (other[l] === x) {
          uses++
          partner = l
        }
      }
      const h = corner[j]!
      if (uses === 2) {
        const g = corner[partner]!
        twin[h] = g
        twin[g] = h
        const opp = incoming[j] === incoming[partner] ? 0 : 1
        opposed[h] = opp
        opposed[g] = opp
        other[partner] = -1
      } else if (uses === 1) {
        twin[h] = OPEN
        open++
      } else {
        twin[h] = NON_MANIFOLD
        for (let l = j + 1; l < n; l++) {
          if (other[l] === x) {
            twin[corner[l]!] = NON_MANIFOLD
            other[l] = -1
          }
        }
        nonManifold += uses
      }
    }
  }
  return [open, nonManifold]
}

function growCandidates(size: number): void {
  candOther = new Int32Array(size)
  candCorner = new Int32Array(size)
  candIn = new Uint8Array(size)
}

function markDead(alive: Uint8Array, twin: Int32Array): void {
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) {
      twin[3 * f] = DEAD
      twin[3 * f + 1] = DEAD
      twin[3 * f + 2] = DEAD
    }
  }
}

function classifyEdges(mesh: WorkMesh, lists: CornerLists): Topology {
  const { indices, alive } = mesh
  const twin = new Int32Array(indices.length)
  const opposed = new Uint8Array(indices.length)
  const [openHalfEdges, nonManifoldHalfEdges] = classifyAtLowerVertex(indices, alive, lists, twin, opposed)
  markDead(alive, twin)
  return { ...lists, twin, opposed, openHalfEdges, nonManifoldHalfEdges }
}

/** True if some face has all three twins in one other face: a duplicate with opposite winding (a flat pillow). */
function hasTwinPairedFaces(t: Topology): boolean {
  const twin = t.twin
  for (let h = 0; h < twin.length; h += 3) {
    const a = twin[h]!
    if (a < 0) continue
    const g = (a / 3) | 0
    const b = twin[h + 1]!
    const c = twin[h + 2]!
    if (b >= 0 && c >= 0 && ((b / 3) | 0) === g && ((c / 3) | 0) === g) return true
  }
  return false
}

/**
 * Degenerate face removal, CSR, classification and duplicate removal. Duplicate faces always show up as
 * non-manifold edges or as a pair of faces twinned on all three edges, so the duplicate search (and a second
 * classification) runs only then.
 */
export function buildTopology(
  mesh: WorkMesh,
  vertexCount: number,
): { topology: Topology; duplicates: number; degenerate: number } {
  const { degenerate, ...lists } = buildVertexCorners(mesh, vertexCount)
  const topology = classifyEdges(mesh, lists)
  if (topology.nonManifoldHalfEdges === 0 && !hasTwinPairedFaces(topology))
    return { topology, duplicates: 0, degenerate }
  const duplicates = removeDuplicateFaces(mesh, lists)
  if (duplicates === 0) return { topology, duplicates, degenerate }
  return { topology: classifyEdges(mesh, lists), duplicates, degenerate }
}

/**
 * Updates the topology after the tolerance weld without rebuilding it: only edges with a moved vertex can change
 * class, and every face holding such an edge touches a moved vertex. So the corner lists of each weld cluster are
 * joined (members' lists, now all starting at the root), duplicates among the touched faces are removed, and
 * only the corners of touched faces are classified again. The CSR lists stay as built (callers after the weld
 * use twins only; a later full rebuild replaces everything).
 */
export function reclassifyAfterWeld(
  mesh: WorkMesh,
  topology: Topology,
  touched: readonly number[],
  rootOf: (v: number) => number,
): number {
  const { indices, alive } = mesh
  const { vertStart, vertCorners, twin, opposed } = topology
  const clusters = new Map<number, number[]>()
  for (const v of touched) {
    const r = rootOf(v)
    let list = clusters.get(r)
    if (list === undefined) clusters.set(r, (list = []))
    for (let i = vertStart[v]!; i < vertStart[v + 1]!; i++) list.push(vertCorners[i]!)
  }
  const cornersFrom = (v: number): ArrayLike<number> =>
    clusters.get(v) ?? vertCorners.subarray(vertStart[v]!, vertStart[v + 1]!)
  const next = (h: number): number => (h % 3 === 2 ? h - 2 : h + 1)
  const faces = new Set<number>()
  for (const list of clusters.values())
    for (const h of list) if (alive[(h / 3) | 0] === 1) faces.add((h / 3) | 0)

  let duplicates = 0
  for (const f of [...faces].sort((x, y) => x - y)) {
    const a = indices[3 * f]!
    const b = indices[3 * f + 1]!
    const c = indices[3 * f + 2]!
    const lo = Math.min(a, b, c)
    const hi = Math.max(a, b, c)
    const list = cornersFrom(lo)
    for (let i = 0; i < list.length; i++) {
      const g = (list[i]! / 3) | 0
      if (g === f || alive[g] === 0 || (faces.has(g) && g > f)) continue
      const x = indices[3 * g]!
      const y = indices[3 * g + 1]!
      const z = indices[3 * g + 2]!
      if (Math.min(x, y, z) === lo && Math.max(x, y, z) === hi && x + y + z === a + b + c) {
        alive[f] = 0
        duplicates++
        break
      }
    }
  }

  for (const f of faces) {
    for (let k = 0; k < 3; k++) {
      const h = 3 * f + k
      if (alive[f] === 0) {
        twin[h] = DEAD
        continue
      }
      const a = indices[h]!
      const b = indices[next(h)]!
      let uses = 1
      let opp = 0
      let partner = -1
      const fromB = cornersFrom(b)
      for (let i = 0; i < fromB.length; i++) {
        const g = fromB[i]!
        if (alive[(g / 3) | 0] === 1 && indices[next(g)] === a) {
          uses++
          opp++
          partner = g
        }
      }
      const fromA = cornersFrom(a)
      for (let i = 0; i < fromA.length; i++) {
        const g = fromA[i]!
        if (g !== h && alive[(g / 3) | 0] === 1 && indices[next(g)] === b) {
          uses++
          partner = g
        }
      }
      twin[h] = uses === 2 ? partner : uses === 1 ? OPEN : NON_MANIFOLD
      opposed[h] = uses === 2 ? opp : 0
    }
  }
  const [open, nonManifold] = recount(alive, twin)
  topology.openHalfEdges = open
  topology.nonManifoldHalfEdges = nonManifold
  return duplicates
}

/** Marks the corners of dead faces DEAD and counts open and non-manifold half-edges. */
function recount(alive: Uint8Array, twin: Int32Array): [number, number] {
  let open = 0
  let nonManifold = 0
  for (let f = 0; f < alive.length; f++) {
    for (let h = 3 * f; h < 3 * f + 3; h++) {
      if (alive[f] === 0) twin[h] = DEAD
      else if (twin[h] === OPEN) open++
      else if (twin[h] === NON_MANIFOLD) nonManifold++
    }
  }
  return [open, nonManifold]
}
