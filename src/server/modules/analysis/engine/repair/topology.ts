import { type WorkMesh } from './work-mesh.ts'

export const OPEN = -1
export const NON_MANIFOLD = -2
export const DEAD = -3
const NO_VERTEX = 0xffffffff

/**
 * Edge connectivity of the alive faces, built without hashing: a CSR list of the half-edges (corners) leaving each
 * vertex, with the vertex each one goes to stored alongside (`vertTo`), so looking for b -> a means scanning one
 * short contiguous run. An undirected edge used by exactly two faces is manifold and links them as twins; used
 * once it is open; used three or more times it is non-manifold.
 */
export interface Topology {
  /** vertStart[v] .. vertStart[v + 1] index into vertCorners / vertTo: the half-edges that start at v. */
  vertStart: Uint32Array
  vertCorners: Uint32Array
  /** End vertex of each listed half-edge; NO_VERTEX for faces removed after the lists were built. */
  vertTo: Uint32Array
  /** Per corner: the twin corner, or OPEN / NON_MANIFOLD / DEAD. */
  twin: Int32Array
  /** Per corner with a twin: 1 if the twin runs the other way (consistent winding), 0 if the same way. */
  opposed: Uint8Array
  openHalfEdges: number
  nonManifoldHalfEdges: number
}

function buildVertexCorners(
  mesh: WorkMesh,
  vertexCount: number,
): Pick<Topology, 'vertStart' | 'vertCorners' | 'vertTo'> {
  const { indices, alive } = mesh
  const faces = alive.length
  const vertStart = new Uint32Array(vertexCount + 1)
  for (let f = 0; f < faces; f++) {
    if (alive[f] === 0) continue
    const h = 3 * f
    const a = indices[h]! + 1
    const b = indices[h + 1]! + 1
    const c = indices[h + 2]! + 1
    vertStart[a] = vertStart[a]! + 1
    vertStart[b] = vertStart[b]! + 1
    vertStart[c] = vertStart[c]! + 1
  }
  for (let v = 0; v < vertexCount; v++) vertStart[v + 1] = vertStart[v + 1]! + vertStart[v]!
  const fill = vertStart.slice(0, vertexCount)
  const total = vertStart[vertexCount]!
  const vertCorners = new Uint32Array(total)
  const vertTo = new Uint32Array(total)
  for (let f = 0; f < faces; f++) {
    if (alive[f] === 0) continue
    const h = 3 * f
    const a = indices[h]!
    const b = indices[h + 1]!
    const c = indices[h + 2]!
    let i = fill[a]!
    fill[a] = i + 1
    vertCorners[i] = h
    vertTo[i] = b
    i = fill[b]!
    fill[b] = i + 1
    vertCorners[i] = h + 1
    vertTo[i] = c
    i = fill[c]!
    fill[c] = i + 1
    vertCorners[i] = h + 2
    vertTo[i] = a
  }
  return { vertStart, vertCorners, vertTo }
}

/**
 * Marks all but the first of each set of faces with the same three vertices (in any order or winding) as dead.
 * Two such faces share their lowest vertex, so only that vertex's list is searched.
 */
function removeDuplicateFaces(
  mesh: WorkMesh,
  t: Pick<Topology, 'vertStart' | 'vertCorners' | 'vertTo'>,
): number {
  const { indices, alive } = mesh
  const { vertStart, vertCorners, vertTo } = t
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
      if (vertTo[i] === NO_VERTEX) continue
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
  if (removed > 0) {
    for (let i = 0; i < vertCorners.length; i++)
      if (alive[(vertCorners[i]! / 3) | 0] === 0) vertTo[i] = NO_VERTEX
  }
  return removed
}

function classifyEdges(mesh: WorkMesh, t: Pick<Topology, 'vertStart' | 'vertCorners' | 'vertTo'>): Topology {
  const { indices, alive } = mesh
  const { vertStart, vertCorners, vertTo } = t
  const corners = indices.length
  // -4: not yet classified
  const twin = new Int32Array(corners).fill(-4)
  const opposed = new Uint8Array(corners)
  let openHalfEdges = 0
  let nonManifoldHalfEdges = 0
  const vertexCount = vertStart.length - 1
  // Walk vertex by vertex so the half-edges leaving a are read in order; only the b lists are random.
  for (let a = 0; a < vertexCount; a++) {
    const aStart = vertStart[a]!
    const aEnd = vertStart[a + 1]!
    for (let i = aStart; i < aEnd; i++) {
      const b = vertTo[i]!
      if (b === NO_VERTEX) continue
      const h = vertCorners[i]!
      if (twin[h] !== -4) continue // already set from its partner
      let uses = 1
      let partner = -1
      let opp = 0
      for (let j = vertStart[b]!, e = vertStart[b + 1]!; j < e; j++) {
        if (vertTo[j] === a) {
          uses++
          opp++
          partner = vertCorners[j]!
        }
      }
      for (let j = aStart; j < aEnd; j++) {
        if (j !== i && vertTo[j] === b) {
          uses++
          partner = vertCorners[j]!
        }
      }
      if (uses === 2) {
        twin[h] = partner
        twin[partner] = h
        opposed[h] = opp
        opposed[partner] = opp
      } else if (uses === 1) {
        twin[h] = OPEN
        openHalfEdges++
      } else {
        twin[h] = NON_MANIFOLD
        nonManifoldHalfEdges++
      }
    }
  }
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) {
      twin[3 * f] = DEAD
      twin[3 * f + 1] = DEAD
      twin[3 * f + 2] = DEAD
    }
  }
  return { vertStart, vertCorners, vertTo, twin, opposed, openHalfEdges, nonManifoldHalfEdges }
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
 * CSR, classification and duplicate removal. Duplicate faces always show up as non-manifold edges or as a pair
 * of faces twinned on all three edges, so the duplicate search (and a second classification) runs only then.
 */
export function buildTopology(
  mesh: WorkMesh,
  vertexCount: number,
): { topology: Topology; duplicates: number } {
  const lists = buildVertexCorners(mesh, vertexCount)
  const topology = classifyEdges(mesh, lists)
  if (topology.nonManifoldHalfEdges === 0 && !hasTwinPairedFaces(topology)) return { topology, duplicates: 0 }
  const duplicates = removeDuplicateFaces(mesh, lists)
  if (duplicates === 0) return { topology, duplicates }
  return { topology: classifyEdges(mesh, lists), duplicates }
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
  let open = 0
  let nonManifold = 0
  for (let h = 0; h < twin.length; h++) {
    if (alive[(h / 3) | 0] === 0) twin[h] = DEAD
    else if (twin[h] === OPEN) open++
    else if (twin[h] === NON_MANIFOLD) nonManifold++
  }
  topology.openHalfEdges = open
  topology.nonManifoldHalfEdges = nonManifold
  return duplicates
}
