import { OPEN, type Topology } from './topology.ts'
import { type WorkMesh } from './work-mesh.ts'

/**
 * Tolerance weld policy (docs/analysis/README.md, "Weld tolerance"): only vertices on open edges take part; passes
 * run at 1e-6, 1e-5 and 1e-4 of the body's bounding-box diagonal; a pair never merges farther apart than half the
 * shortest closed (manifold) edge at either vertex, so no real feature can collapse; the next pass runs only
 * while open edges remain. Within a
 * pass the closest pairs merge first; two vertices of one face never merge. The surviving vertex is the one used
 * by more faces (the original, not a jittered copy), so the repaired mesh keeps the original geometry.
 */
export const WELD_PASSES = [1e-6, 1e-5, 1e-4] as const

export interface WeldResult {
  /** Vertices removed by the tolerance weld = vertex pairs unified (one union each). */
  mergedPairs: number
  /** Every vertex that took part in a merge (members and surviving roots). */
  touched: number[]
  /** The surviving vertex of a vertex's cluster. */
  rootOf: (v: number) => number
}

export function toleranceWeld(mesh: WorkMesh, topology: Topology, vertexCount: number): WeldResult {
  if (topology.openHalfEdges === 0) return { mergedPairs: 0, touched: [], rootOf: (v) => v }
  const { positions, indices, alive } = mesh
  const { twin, vertStart, vertCorners } = topology

  let openEdges: number[] = []
  for (let h = 0; h < twin.length; h++) {
    if (twin[h] === OPEN) openEdges.push(indices[h]!, indices[h % 3 === 2 ? h - 2 : h + 1]!)
  }
  const diag = diagonal(positions)
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
  let merged = 0
  for (const fraction of WELD_PASSES) {
    const tol = diag * fraction
    if (!(tol > 0) || openEdges.length === 0) break
    const candidates = [...new Set(openEdges.map(find))]
    const pairs = closePairs(positions, candidates, tol)
    for (const [a, b, d] of pairs) {
      // never farther than half the shortest closed edge at either vertex: no real feature collapses
      if (d > Math.min(localCap.get(a) ?? Infinity, localCap.get(b) ?? Infinity)) continue
      const ra = find(a)
      const rb = find(b)
      if (ra === rb || shareFace(a, b)) continue
      // keep the vertex used by more faces: the original rather than a displaced copy
      const keepA = degree(ra) > degree(rb) || (degree(ra) === degree(rb) && ra < rb)
      if (keepA) parent[rb] = ra
      else parent[ra] = rb
      touched[a] = 1
      touched[b] = 1
      touched[ra] = 1
      touched[rb] = 1
      merged++
    }
    openEdges = stillOpen(openEdges, find)
  }
  if (merged === 0) return { mergedPairs: 0, touched: [], rootOf: (v) => v }
  // Only faces around touched vertices change: visit them through the vertex lists.
  const touchedList: number[] = []
  for (let v = 0; v < vertexCount; v++) {
    if (touched[v] === 0) continue
    touchedList.push(v)
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

/**
 * Pairs of candidate vertices within `tol` (with their distance), closest first, from a uniform grid of cell size
 * `tol` kept in an open-addressing table of cells (exact cell coordinates compared, so each neighbour cell is
 * visited once) with a linked list of vertices per cell.
 */
function closePairs(
  positions: Float32Array,
  vertices: number[],
  tol: number,
): Array<[number, number, number]> {
  const n = vertices.length
  const cellX = new Int32Array(n)
  const cellY = new Int32Array(n)
  const cellZ = new Int32Array(n)
  let size = 16
  while (size < n * 4) size *= 2
  const mask = size - 1
  const head = new Int32Array(size).fill(-1) // first vertex slot (index into `vertices`) of the cell in this bucket
  const next = new Int32Array(n).fill(-1)
  const hash = (x: number, y: number, z: number): number =>
    (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & mask
  const bucketOf = (x: number, y: number, z: number): number => {
    let b = hash(x, y, z)
    for (;;) {
      const first = head[b]!
      if (first === -1 || (cellX[first] === x && cellY[first] === y && cellZ[first] === z)) return b
      b = (b + 1) & mask
    }
  }
  for (let i = 0; i < n; i++) {
    const v = vertices[i]!
    const x = Math.floor(positions[3 * v]! / tol)
    const y = Math.floor(positions[3 * v + 1]! / tol)
    const z = Math.floor(positions[3 * v + 2]! / tol)
    cellX[i] = x
    cellY[i] = y
    cellZ[i] = z
    const b = bucketOf(x, y, z)
    next[i] = head[b]!
    head[b] = i
  }
  const found: Array<[number, number, number]> = []
  const tol2 = tol * tol
  for (let i = 0; i < n; i++) {
    const v = vertices[i]!
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (
            let j = head[bucketOf(cellX[i]! + dx, cellY[i]! + dy, cellZ[i]! + dz)]!;
            j !== -1;
            j = next[j]!
          ) {
            const w = vertices[j]!
            if (w <= v) continue
            const ex = positions[3 * v]! - positions[3 * w]!
            const ey = positions[3 * v + 1]! - positions[3 * w + 1]!
            const ez = positions[3 * v + 2]! - positions[3 * w + 2]!
            const d2 = ex * ex + ey * ey + ez * ez
            if (d2 <= tol2) found.push([d2, v, w])
          }
        }
      }
    }
  }
  found.sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2])
  return found.map(([d2, v, w]) => [v, w, Math.sqrt(d2)])
}

function diagonal(positions: Float32Array): number {
  let minX = Infinity
  let minY = Infinity
  let minZ = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  let maxZ = -Infinity
  for (let o = 0; o < positions.length; o += 3) {
    const x = positions[o]!
    const y = positions[o + 1]!
    const z = positions[o + 2]!
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
    if (z < minZ) minZ = z
    if (z > maxZ) maxZ = z
  }
  return Math.hypot(maxX - minX, maxY - minY, maxZ - minZ)
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
      for (const e of [h, h % 3 === 0 ? h + 2 : h - 1]) {
        if (twin[e]! < 0) continue
        const a = 3 * indices[e]!
        const b = 3 * indices[e % 3 === 2 ? e - 2 : e + 1]!
        const d = Math.hypot(
          positions[a]! - positions[b]!,
          positions[a + 1]! - positions[b + 1]!,
          positions[a + 2]! - positions[b + 2]!,
        )
        if (d < best) best = d
      }
    }
    caps.set(v, best / 2)
  }
  return caps
}
