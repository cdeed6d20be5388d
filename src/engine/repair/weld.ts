import { boundsOf } from '#engine/mesh/bounds.ts'
import { OPEN, type Topology } from './topology.ts'
import { type WorkMesh } from './work-mesh.ts'

/**
 * Tolerance weld policy (src/engine/README.md, "Weld tolerance"): only vertices on open edges take part; passes
 * run at 1e-6, 1e-5 and 1e-4 of the body's bounding-box diagonal; a pair never merges farther apart than half the
 * shortest closed (manifold) edge at either vertex, so no real feature can collapse; the next pass runs only
 * while open edges remain. Within a
 * pass the closest pairs merge first; two vertices of one face never merge. The surviving vertex is the one used
 * by more faces (the original, not a jittered copy), so the repaired mesh keeps the original geometry.
 */
export const WELD_PASSES = [1e-6, 1e-5, 1e-4] as const

/**
 * Close pairs allowed per candidate vertex (plus a fixed allowance) before the tolerance weld gives up. In a real
 * mesh a vertex has a few copies within tolerance (the corners of its faces, jittered), so its pairs are few; a
 * dense cluster of k vertices has k²/2 (3,000 tiny facets in one spot took 91 s and 3.4 GB). Past the budget the
 * weld is skipped and the body keeps its open edges (reported as such), in bounded time and memory.
 */
export const WELD_PAIRS_PER_CANDIDATE = 8
export const WELD_PAIRS_ALLOWANCE = 10_000

export interface WeldResult {
  /** Vertices removed by the tolerance weld = vertex pairs unified (one union each). */
  mergedPairs: number
  /** Every vertex that took part in a merge (members and surviving roots). */
  touched: number[]
  /** The surviving vertex of a vertex's cluster. */
  rootOf: (v: number) => number
  /** True when the open vertices were too densely clustered to weld within the pair budget (nothing merged). */
  skipped?: boolean
}

export function toleranceWeld(
  mesh: WorkMesh,
  topology: Topology,
  vertexCount: number,
  /** The bounding-box diagonal of `mesh.positions`, when the caller has it. */
  diagonalOfMesh?: number,
): WeldResult {
  if (topology.openHalfEdges === 0) return { mergedPairs: 0, touched: [], rootOf: (v) => v }
  const { positions, indices, alive } = mesh
  const { twin, vertStart, vertCorners } = topology

  let openEdges = openHalfEdges(indices, twin, topology.defectCorners)
  const diag = diagonalOfMesh ?? diagonal(positions)
  const localCap = localFeatureCaps(positions, indices, topology, openEdges)
  const parent = new Int32Array(vertexCount).fill(-1)
  const find = (v: number): number => {
    let r = v
    while (parent[r]! >= 0) r = parent[r]!
    while (parent[v]! >= 0) {
      const next = parent[v]!
      parent[v] = r
      v = next
    }
    return r
  }
  const degree = (v: number): number => vertStart[v + 1]! - vertStart[v]!
  const shareFace = (a: number, b: number): boolean => {
    const rb = find(b)
    for (let i = vertStart[a]!; i < vertStart[a + 1]!; i++) {
      const f = (vertCorners[i]! / 3) | 0
      if (alive[f] === 0) continue
      if (
        find(indices[3 * f]!) === rb ||
        find(indices[3 * f + 1]!) === rb ||
        find(indices[3 * f + 2]!) === rb
      )
        return true
    }
    return false
  }

  const touched = new Uint8Array(vertexCount)
  const touchedList: number[] = []
  const touch = (v: number): void => {
    if (touched[v] === 1) return
    touched[v] = 1
    touchedList.push(v)
  }
  let merged = 0
  // All close pairs are found once, at the largest tolerance, among the first pass's candidates: later candidates
  // are surviving roots of those. Each pass takes the pairs of its own candidates within its own tolerance, in
  // the same order (distance, then ids), so the passes merge exactly as if each had searched on its own.
  let allPairs: ClosePairs | undefined
  const isCandidate = new Uint8Array(vertexCount)
  for (const fraction of WELD_PASSES) {
    const tol = diag * fraction
    if (!(tol > 0) || openEdges.length === 0) break
    const candidates = [...new Set(openEdges.map(find))]
    allPairs ??= closePairs(
      positions,
      candidates,
      diag * WELD_PASSES[WELD_PASSES.length - 1]!,
      WELD_PAIRS_PER_CANDIDATE * candidates.length + WELD_PAIRS_ALLOWANCE,
    )
    if (allPairs === undefined) return { mergedPairs: 0, touched: [], rootOf: (v) => v, skipped: true }
    isCandidate.fill(0)
    for (const v of candidates) isCandidate[v] = 1
    for (const [a, b, d] of pairsWithin(allPairs, isCandidate, tol * tol)) {
      // never farther than half the shortest closed edge at either vertex: no real feature collapses
      if (d > Math.min(localCap.get(a) ?? Infinity, localCap.get(b) ?? Infinity)) continue
      const ra = find(a)
      const rb = find(b)
      if (ra === rb || shareFace(a, b)) continue
      // keep the vertex used by more faces: the original rather than a displaced copy
      const keepA = degree(ra) > degree(rb) || (degree(ra) === degree(rb) && ra < rb)
      if (keepA) parent[rb] = ra
      else parent[ra] = rb
      touch(a)
      touch(b)
      touch(ra)
      touch(rb)
      merged++
    }
    openEdges = stillOpen(openEdges, find)
  }
  if (merged === 0) return { mergedPairs: 0, touched: [], rootOf: (v) => v }
  // Only faces around touched vertices change: visit them through the vertex lists, in vertex order.
  touchedList.sort((x, y) => x - y)
  for (const v of touchedList) {
    for (let i = vertStart[v]!; i < vertStart[v + 1]!; i++) {
      const h = vertCorners[i]!
      const f = (h / 3) | 0
      if (alive[f] === 0) continue
      indices[h] = find(v)
      mesh.welded[f] = 1
    }
  }
  return { mergedPairs: merged, touched: touchedList, rootOf: find }
}

/** The open half-edges as vertex pairs (from, to), in corner order. */
function openHalfEdges(indices: Uint32Array, twin: Int32Array, defectCorners: Int32Array): number[] {
  const edges: number[] = []
  for (const h of defectCorners) {
    if (twin[h] === OPEN) edges.push(indices[h]!, indices[h % 3 === 2 ? h - 2 : h + 1]!)
  }
  return edges
}

/** Open half-edges (as vertex pairs) whose undirected edge is still used only once after the merges so far. */
function stillOpen(edges: number[], find: (v: number) => number): number[] {
  const count = new Map<number, number>()
  const keys: number[] = []
  // exact numeric key of the unordered pair (vertex counts stay far below 2^26)
  for (let i = 0; i < edges.length; i += 2) {
    const a = find(edges[i]!)
    const b = find(edges[i + 1]!)
    const key = a < b ? a * 67_108_864 + b : b * 67_108_864 + a
    keys.push(key)
    count.set(key, (count.get(key) ?? 0) + 1)
  }
  const out: number[] = []
  for (let i = 0; i < keys.length; i++)
    if (count.get(keys[i]!) === 1) out.push(edges[2 * i]!, edges[2 * i + 1]!)
  return out
}

/** Close vertex pairs v < w with their squared distance, sorted by squared distance, then v, then w. */
interface ClosePairs {
  d2: Float64Array
  v: Int32Array
  w: Int32Array
}

/** The pairs of `all` with both vertices candidates and squared distance at most tol2, as [v, w, distance]. */
function pairsWithin(
  all: ClosePairs,
  isCandidate: Uint8Array,
  tol2: number,
): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = []
  for (let i = 0; i < all.d2.length; i++) {
    const d2 = all.d2[i]!
    if (d2 > tol2) break
    const v = all.v[i]!
    const w = all.w[i]!
    if (isCandidate[v] === 1 && isCandidate[w] === 1) out.push([v, w, Math.sqrt(d2)])
  }
  return out
}

/**
 * Pairs of candidate vertices within `tol`, from a uniform grid of cell size 2 tol kept in an open-addressing
 * table of cells (exact cell coordinates compared) with a linked list of vertices per cell. A vertex within tol
 * of v lies in v's cell or in the neighbour on the side of the half v lies in, per axis: 8 cells to search, not
 * 27.
 */
function closePairs(
  positions: Float32Array,
  vertices: number[],
  tol: number,
  maxPairs: number,
): ClosePairs | undefined {
  const n = vertices.length
  const cell = 2 * tol
  const cells = new Int32Array(3 * n)
  // per vertex and axis: -1 or +1, the side of its cell it lies in
  const side = new Int8Array(3 * n)
  let size = 16
  while (size < n * 4) size *= 2
  const grid: CellGrid = { cells, head: new Int32Array(size).fill(-1), mask: size - 1 }
  const next = new Int32Array(n).fill(-1)
  for (let i = 0; i < n; i++) {
    const v = vertices[i]!
    for (let d = 0; d < 3; d++) {
      const u = positions[3 * v + d]! / cell
      const c = Math.floor(u)
      cells[3 * i + d] = c
      side[3 * i + d] = u - c < 0.5 ? -1 : 1
    }
    const b = bucketOf(grid, cells[3 * i]!, cells[3 * i + 1]!, cells[3 * i + 2]!)
    next[i] = grid.head[b]!
    grid.head[b] = i
  }
  const pairs: PairList = { d2: [], v: [], w: [] }
  const tol2 = tol * tol
  for (let i = 0; i < n; i++) {
    const x = cells[3 * i]!
    const y = cells[3 * i + 1]!
    const z = cells[3 * i + 2]!
    const sx = side[3 * i]!
    const sy = side[3 * i + 1]!
    const sz = side[3 * i + 2]!
    for (let k = 0; k < 8; k++) {
      const first =
        grid.head[bucketOf(grid, x + (k & 1 ? sx : 0), y + (k & 2 ? sy : 0), z + (k & 4 ? sz : 0))]!
      if (first !== -1) pairsInCell(positions, vertices, next, first, vertices[i]!, tol2, pairs)
    }
    // checked per vertex: one vertex adds at most its 8 cells' worth, and no cell packs many vertices more than
    // tol apart, so the distance tests stay within a constant of the pairs kept
    if (pairs.d2.length > maxPairs) return undefined
  }
  const order = pairs.d2.map((_, i) => i)
  order.sort((p, q) => pairs.d2[p]! - pairs.d2[q]! || pairs.v[p]! - pairs.v[q]! || pairs.w[p]! - pairs.w[q]!)
  return {
    d2: Float64Array.from(order, (i) => pairs.d2[i]!),
    v: Int32Array.from(order, (i) => pairs.v[i]!),
    w: Int32Array.from(order, (i) => pairs.w[i]!),
  }
}

interface CellGrid {
  /** Cell coordinates (x, y, z) per candidate slot. */
  cells: Int32Array
  /** First candidate slot of the cell in this bucket, or -1. */
  head: Int32Array
  mask: number
}

interface PairList {
  d2: number[]
  v: number[]
  w: number[]
}

/** The bucket holding cell (x, y, z), or the empty bucket where it would go. */
function bucketOf(grid: CellGrid, x: number, y: number, z: number): number {
  const { cells, head, mask } = grid
  let b = (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & mask
  for (;;) {
    const first = head[b]!
    if (first === -1) return b
    if (cells[3 * first] === x && cells[3 * first + 1] === y && cells[3 * first + 2] === z) return b
    b = (b + 1) & mask
  }
}

/** Adds the pairs (v, w) with w > v and squared distance at most tol2, for w in the cell list from `first`. */
function pairsInCell(
  positions: Float32Array,
  vertices: number[],
  next: Int32Array,
  first: number,
  v: number,
  tol2: number,
  pairs: PairList,
): void {
  for (let j = first; j !== -1; j = next[j]!) {
    const w = vertices[j]!
    if (w <= v) continue
    const ex = positions[3 * v]! - positions[3 * w]!
    const ey = positions[3 * v + 1]! - positions[3 * w + 1]!
    const ez = positions[3 * v + 2]! - positions[3 * w + 2]!
    const d2 = ex * ex + ey * ey + ez * ez
    if (d2 <= tol2) {
      pairs.d2.push(d2)
      pairs.v.push(v)
      pairs.w.push(w)
    }
  }
}

function diagonal(positions: Float32Array): number {
  const [minX, minY, minZ, maxX, maxY, maxZ] = boundsOf(positions)
  return Math.hypot(maxX - minX, maxY - minY, maxZ - minZ)
}

/** Length of half-edge e (from corner e to corner `next`) if it is closed (has a twin), else Infinity. */
function closedEdgeLength(
  positions: Float32Array,
  indices: Uint32Array,
  twin: Int32Array,
  e: number,
  next: number,
): number {
  if (twin[e]! < 0) return Infinity
  const a = 3 * indices[e]!
  const b = 3 * indices[next]!
  return Math.hypot(
    positions[a]! - positions[b]!,
    positions[a + 1]! - positions[b + 1]!,
    positions[a + 2]! - positions[b + 2]!,
  )
}

/**
 * Half the shortest closed (manifold) edge at each vertex of the open edges: the local feature size below which a
 * merge cannot destroy real geometry. Vertices with no closed edge get no cap.
 */
function localFeatureCaps(
  positions: Float32Array,
  indices: Uint32Array,
  topology: Topology,
  openEdges: number[],
): Map<number, number> {
  const { vertStart, vertCorners, twin } = topology
  const caps = new Map<number, number>()
  for (const v of openEdges) {
    if (caps.has(v)) continue
    let best = Infinity
    for (let i = vertStart[v]!; i < vertStart[v + 1]!; i++) {
      const h = vertCorners[i]!
      // the half-edge leaving v, and the one arriving at v in the same face
      const k = h % 3
      best = Math.min(best, closedEdgeLength(positions, indices, twin, h, k === 2 ? h - 2 : h + 1))
      const prev = k === 0 ? h + 2 : h - 1
      best = Math.min(best, closedEdgeLength(positions, indices, twin, prev, h))
    }
    caps.set(v, best / 2)
  }
  return caps
}
