import { removeDegenerateAmong } from './clean.ts'
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
  /**
   * Ascending corners that may be OPEN or NON_MANIFOLD: every such corner of an alive face is listed (entries may
   * be stale, so check `twin` and `alive`). Stages that look only at defects walk this instead of every corner.
   */
  defectCorners: Int32Array
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
  const sameFaces = new RunsByKey(faceKeyOf(indices, vertStart.length - 1))
  let removed = 0
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) continue
    const a = indices[3 * f]!
    const b = indices[3 * f + 1]!
    const c = indices[3 * f + 2]!
    const lo = a < b ? (a < c ? a : c) : b < c ? b : c
    const sum = a + b + c
    const hi = a > b ? (a > c ? a : c) : b > c ? b : c
    range[0] = vertStart[lo]!
    range[1] = vertStart[lo + 1]!
    const list = sameFaces.narrow(vertCorners, lo, sameFaces.keyOf(cornerAt(indices, f, lo)))
    for (let i = range[0]!, end = range[1]!; i < end; i++) {
      const g = (list[i]! / 3) | 0
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
 * run, without searching x's list.
 */
function classifyAtLowerVertex(
  indices: Uint32Array,
  alive: Uint8Array,
  lists: CornerLists,
  out: ClassWriter,
): void {
  const { vertStart, vertCorners } = lists
  const vertexCount = vertStart.length - 1
  for (let a = 0; a < vertexCount; a++)
    classifyEdgesAt(indices, alive, vertCorners, vertStart[a]!, vertStart[a + 1]!, a, undefined, out)
}

/**
 * Classifies the edges {a, x} from the corners at a (`corners` from start to end): those with x > a, and, when
 * `roots` is given, also those with x < a that is not a root (whose list does not hold these corners).
 */
function classifyEdgesAt(
  indices: Uint32Array,
  alive: Uint8Array,
  corners: Uint32Array,
  start: number,
  end: number,
  a: number,
  roots: Map<number, number> | undefined,
  out: ClassWriter,
): void {
  if (2 * (end - start) > candOther.length) growCandidates(2 * (end - start))
  const other = candOther
  const corner = candCorner
  const incoming = candIn
  let n = 0
  for (let i = start; i < end; i++) {
    const h = corners[i]!
    const f = (h / 3) | 0
    if (alive[f] === 0) continue
    const k = h - 3 * f
    const next = k === 2 ? h - 2 : h + 1
    const prev = k === 0 ? h + 2 : h - 1
    const b = indices[next]!
    const c = indices[prev]!
    if (b > a || (roots !== undefined && !roots.has(b))) {
      other[n] = b
      corner[n] = h
      incoming[n] = 0
      n++
    }
    if (c > a || (roots !== undefined && !roots.has(c))) {
      other[n] = c
      corner[n] = prev
      incoming[n] = 1
      n++
    }
  }
  if (n > LONG_LIST) pairGrouped(n, out)
  else pairByScan(n, out)
}

/** Classifies the candidate half-edges by comparing each with the later ones: quickest for a short list. */
function pairByScan(n: number, out: ClassWriter): void {
  const other = candOther
  const corner = candCorner
  const incoming = candIn
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
      const opp = incoming[j] === incoming[partner] ? 0 : 1
      out.set(h, g, opp)
      out.set(g, h, opp)
      other[partner] = -1
    } else if (uses === 1) out.set(h, OPEN, 0)
    else {
      out.set(h, NON_MANIFOLD, 0)
      for (let l = j + 1; l < n; l++) {
        if (other[l] === x) {
          out.set(corner[l]!, NON_MANIFOLD, 0)
          other[l] = -1
        }
      }
    }
  }
}

/**
 * The result of `pairByScan` from the candidates grouped by their other vertex: linear in the candidates where
 * the scan is quadratic, which matters at a vertex the weld gave tens of thousands of corners. Each group lists
 * its candidates in ascending order, so its first one pairs with its last, as the scan does.
 */
function pairGrouped(n: number, out: ClassWriter): void {
  const corner = candCorner
  const incoming = candIn
  for (const group of groupBy(n, (j) => candOther[j]!).values()) {
    const j = group[0]!
    const h = corner[j]!
    if (group.length === 2) {
      const l = group[1]!
      const g = corner[l]!
      const opp = incoming[j] === incoming[l] ? 0 : 1
      out.set(h, g, opp)
      out.set(g, h, opp)
    } else if (group.length === 1) out.set(h, OPEN, 0)
    else for (const l of group) out.set(corner[l]!, NON_MANIFOLD, 0)
  }
}

/**
 * Lists longer than this take the grouped paths (a hash by the other vertex) instead of comparing every entry
 * with every other: the comparison is faster for the few corners of a usual vertex, the grouping bounds the
 * work at a vertex of very high degree.
 */
const LONG_LIST = 16

/** 0 .. n - 1 grouped by key, each group ascending; groups in the order of their first member. */
function groupBy(n: number, key: (i: number) => number): Map<number, number[]> {
  const groups = new Map<number, number[]>()
  for (let i = 0; i < n; i++) {
    const k = key(i)
    const group = groups.get(k)
    if (group === undefined) groups.set(k, [i])
    else group.push(i)
  }
  return groups
}

/**
 * Corner lists longer than LONG_LIST grouped by a key of their corners, built once per vertex, so that a search
 * for the corners at v with a given key reads only those: at a vertex of very high degree a search per corner
 * over the whole list is quadratic. Each group keeps list order, so a search over it meets its matches in the
 * order a search over the whole list does.
 */
class RunsByKey {
  private readonly byVertex = new Map<
    number,
    { corners: Uint32Array; runs: Map<number, number>; ends: Uint32Array }
  >()
  constructor(readonly keyOf: (h: number) => number) {}

  /**
   * Given v's list as range[0] .. range[1] of `list`: for a short list that, else the corners at v with key k
   * as range[0] .. range[1] of the returned array.
   */
  narrow(list: Uint32Array, v: number, k: number): Uint32Array {
    const start = range[0]!
    const end = range[1]!
    if (end - start <= LONG_LIST) return list
    let grouped = this.byVertex.get(v)
    if (grouped === undefined) {
      const corners = new Uint32Array(end - start)
      // per key, the start of its run; ends[start] is where it stops. Finding the end by walking the run on each
      // call was quadratic in the size of a run (thousands of copies of one face).
      const runs = new Map<number, number>()
      const ends = new Uint32Array(end - start)
      let n = 0
      for (const [key, group] of groupBy(end - start, (i) => this.keyOf(list[start + i]!))) {
        const at = n
        runs.set(key, at)
        for (const i of group) corners[n++] = list[start + i]!
        ends[at] = n
      }
      grouped = { corners, runs, ends }
      this.byVertex.set(v, grouped)
    }
    const at = grouped.runs.get(k)
    range[0] = at ?? 0
    range[1] = at === undefined ? 0 : grouped.ends[at]!
    return grouped.corners
  }
}

/** Key of a corner: the vertex its half-edge leads to. */
function nextVertexOf(indices: Uint32Array): (h: number) => number {
  return (h) => indices[h % 3 === 2 ? h - 2 : h + 1]!
}

/**
 * Key of a corner: its face's two other vertices, so corners at one vertex share the key exactly when their faces
 * have the same vertex set. other1 * vertexCount + other2 is exact (vertex counts stay far below 2^26).
 */
function faceKeyOf(indices: Uint32Array, vertexCount: number): (h: number) => number {
  return (h) => {
    const k = h % 3
    const x = indices[k === 2 ? h - 2 : h + 1]!
    const y = indices[k === 0 ? h + 2 : h - 1]!
    return x < y ? x * vertexCount + y : y * vertexCount + x
  }
}

/** The corner of face f at vertex v (which f holds). */
function cornerAt(indices: Uint32Array, f: number, v: number): number {
  return indices[3 * f] === v ? 3 * f : indices[3 * f + 1] === v ? 3 * f + 1 : 3 * f + 2
}

/**
 * Writes corner classes, keeping the change in the open and non-manifold counts and the new defect corners
 * (on a fresh twin array the changes are the counts).
 */
class ClassWriter {
  open = 0
  nonManifold = 0
  readonly defects: number[] = []
  constructor(
    private readonly twin: Int32Array,
    private readonly opposed: Uint8Array,
  ) {}

  set(h: number, t: number, opp: number): void {
    const old = this.twin[h]!
    if (old === OPEN) this.open--
    else if (old === NON_MANIFOLD) this.nonManifold--
    this.twin[h] = t
    if (t === DEAD) return
    this.opposed[h] = opp
    if (t === OPEN) this.open++
    else if (t === NON_MANIFOLD) this.nonManifold++
    if (t < 0) this.defects.push(h)
  }
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
  const out = new ClassWriter(twin, opposed)
  classifyAtLowerVertex(indices, alive, lists, out)
  markDead(alive, twin)
  const defectCorners = uniqueSorted(Int32Array.from(out.defects))
  return {
    ...lists,
    twin,
    opposed,
    openHalfEdges: out.open,
    nonManifoldHalfEdges: out.nonManifold,
    defectCorners,
  }
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
 * class, and every face holding such an edge touches a moved vertex, so the weld marked it `welded` and it sits
 * in a touched vertex's corner list. Those faces die if they became degenerate or duplicate; each weld cluster's
 * corner lists are joined (its members all read as the root now), and only the welded faces' corners are
 * classified again. The counts and the defect list change by the difference, so the work follows the defects,
 * not the mesh. The CSR lists stay as built (callers after the weld use twins only; a later full rebuild replaces
 * everything).
 */
export function reclassifyAfterWeld(
  mesh: WorkMesh,
  topology: Topology,
  touched: readonly number[],
  rootOf: (v: number) => number,
): { degenerate: number; duplicates: number } {
  const faces = weldedFaces(mesh, topology, touched)
  const rewritten = weldedFaces(
    mesh,
    topology,
    touched.filter((v) => rootOf(v) !== v),
  )
  const degenerate = removeDegenerateAmong(mesh, faces)
  const lists = joinClusters(topology, touched, rootOf)
  const duplicates = removeNewDuplicates(mesh, rewritten, lists)
  const counts = new ClassWriter(topology.twin, topology.opposed)
  // the edges at a root, as at a lower vertex of the build; an edge to another root is left to the lower one
  for (const r of lists.clusterOf.keys()) {
    const list = cornersOf(lists, r)
    classifyEdgesAt(mesh.indices, mesh.alive, list, range[0]!, range[1]!, r, lists.clusterOf, counts)
  }
  // an edge between unmoved vertices keeps its faces, and so its class, unless one of them died just now
  reclassifyUnmovedEdges(mesh, faces, lists, counts, degenerate + duplicates > 0)
  const { open, nonManifold } = counts
  topology.openHalfEdges += open
  topology.nonManifoldHalfEdges += nonManifold
  if (counts.defects.length > 0) topology.defectCorners = mergeSorted(topology.defectCorners, counts.defects)
  return { degenerate, duplicates }
}

/** The welded faces (alive when the weld ran) in the given vertices' corner lists, ascending, each once. */
function weldedFaces(mesh: WorkMesh, t: CornerLists, touched: readonly number[]): Int32Array {
  const { vertStart, vertCorners } = t
  let size = 0
  for (const v of touched) size += vertStart[v + 1]! - vertStart[v]!
  const found = new Int32Array(size)
  let n = 0
  for (const v of touched) {
    for (let i = vertStart[v]!; i < vertStart[v + 1]!; i++) {
      const f = (vertCorners[i]! / 3) | 0
      if (mesh.welded[f] === 1) found[n++] = f
    }
  }
  return uniqueSorted(found.subarray(0, n))
}

/**
 * Corner lists after the weld: a cluster root's list is the concatenation of its members' lists (`corners`
 * from `start[c]` for cluster c); any other vertex keeps its CSR list.
 */
interface JoinedLists extends CornerLists {
  clusterOf: Map<number, number>
  start: Uint32Array
  corners: Uint32Array
}

function joinClusters(
  t: CornerLists,
  touched: readonly number[],
  rootOf: (v: number) => number,
): JoinedLists {
  const { vertStart, vertCorners } = t
  const clusterOf = new Map<number, number>()
  for (const v of touched) {
    const r = rootOf(v)
    if (!clusterOf.has(r)) clusterOf.set(r, clusterOf.size)
  }
  const start = new Uint32Array(clusterOf.size + 2)
  for (const v of touched) {
    const c = clusterOf.get(rootOf(v))! + 2
    start[c] = start[c]! + vertStart[v + 1]! - vertStart[v]!
  }
  prefixSum(start)
  const corners = new Uint32Array(start[clusterOf.size + 1]!)
  for (const v of touched) {
    const c = clusterOf.get(rootOf(v))! + 1
    corners.set(vertCorners.subarray(vertStart[v]!, vertStart[v + 1]!), start[c]!)
    start[c] = start[c]! + vertStart[v + 1]! - vertStart[v]!
  }
  return { vertStart, vertCorners, clusterOf, start: start.subarray(0, clusterOf.size + 1), corners }
}

// [start, end) of the last `cornersOf` call, so the lookups allocate nothing
const range = new Uint32Array(2)

/** The corners at v after the weld, from range[0] to range[1] of the returned array. */
function cornersOf(lists: JoinedLists, v: number): Uint32Array {
  const c = lists.clusterOf.get(v)
  if (c === undefined) {
    range[0] = lists.vertStart[v]!
    range[1] = lists.vertStart[v + 1]!
    return lists.vertCorners
  }
  range[0] = lists.start[c]!
  range[1] = lists.start[c + 1]!
  return lists.corners
}

/**
 * Removes the duplicate faces the weld made, with the result of a pass over all welded faces in order that kills
 * a face when an alive face with the same vertices comes before it or is not welded: of each such set, every
 * welded face dies if an unwelded one is in the set, else all but the lowest. Duplicates present before the weld
 * were removed with the topology, so each new set holds a face the weld rewrote (`rewritten`), and only their
 * sets are looked at. Two such faces share their lowest vertex, so only its list is searched.
 */
function removeNewDuplicates(mesh: WorkMesh, rewritten: Int32Array, lists: JoinedLists): number {
  const { indices, alive, welded } = mesh
  const sameFaces = new RunsByKey(faceKeyOf(indices, lists.vertStart.length - 1))
  let removed = 0
  for (const f of rewritten) {
    if (alive[f] === 0) continue
    const lo = Math.min(indices[3 * f]!, indices[3 * f + 1]!, indices[3 * f + 2]!)
    const list = sameFaces.narrow(cornersOf(lists, lo), lo, sameFaces.keyOf(cornerAt(indices, f, lo)))
    const start = range[0]!
    const end = range[1]!
    // the face that stays: -2 if an unwelded face is in the set, else the lowest welded face
    let keep = -1
    let size = 0
    for (let i = start; i < end; i++) {
      const g = (list[i]! / 3) | 0
      if (alive[g] === 0 || !sameVertices(indices, f, g)) continue
      size++
      if (welded[g] === 0) keep = -2
      else if (keep === -1 || (keep >= 0 && g < keep)) keep = g
    }
    if (size < 2) continue
    for (let i = start; i < end; i++) {
      const g = (list[i]! / 3) | 0
      if (alive[g] === 0 || welded[g] === 0 || g === keep || !sameVertices(indices, f, g)) continue
      alive[g] = 0
      removed++
    }
  }
  return removed
}

/** True if faces f and g (sharing a vertex) have the same vertex set: same lowest, highest and sum. */
function sameVertices(indices: Uint32Array, f: number, g: number): boolean {
  const p = indices.subarray(3 * f, 3 * f + 3)
  const q = indices.subarray(3 * g, 3 * g + 3)
  return (
    Math.min(...p) === Math.min(...q) &&
    Math.max(...p) === Math.max(...q) &&
    p[0]! + p[1]! + p[2]! === q[0]! + q[1]! + q[2]!
  )
}

/**
 * The welded faces' other corners: DEAD for faces that died and, only when some face died, a fresh class for
 * the edges between unmoved vertices.
 */
function reclassifyUnmovedEdges(
  mesh: WorkMesh,
  faces: Int32Array,
  lists: JoinedLists,
  counts: ClassWriter,
  anyDied: boolean,
): void {
  const { indices, alive } = mesh
  const edgesTo = new RunsByKey(nextVertexOf(indices))
  for (const f of faces) {
    for (let h = 3 * f; h < 3 * f + 3; h++) {
      if (alive[f] === 0) {
        counts.set(h, DEAD, 0)
        continue
      }
      if (!anyDied) continue
      const a = indices[h]!
      const b = indices[h % 3 === 2 ? h - 2 : h + 1]!
      if (lists.clusterOf.has(a) || lists.clusterOf.has(b)) continue
      const t = classifyCorner(indices, alive, lists, edgesTo, h)
      counts.set(h, t, opposedScratch)
    }
  }
}

// whether the twin found by the last `classifyCorner` runs the other way
let opposedScratch = 0

/** The twin of alive corner h from the post-weld corner lists, or OPEN / NON_MANIFOLD. */
function classifyCorner(
  indices: Uint32Array,
  alive: Uint8Array,
  lists: JoinedLists,
  edgesTo: RunsByKey,
  h: number,
): number {
  const a = indices[h]!
  const b = indices[h % 3 === 2 ? h - 2 : h + 1]!
  let uses = 1
  let opp = 0
  let partner = -1
  const fromB = edgesTo.narrow(cornersOf(lists, b), b, a)
  for (let i = range[0]!, end = range[1]!; i < end; i++) {
    const g = fromB[i]!
    if (alive[(g / 3) | 0] === 1 && indices[g % 3 === 2 ? g - 2 : g + 1] === a) {
      uses++
      opp++
      partner = g
    }
  }
  const fromA = edgesTo.narrow(cornersOf(lists, a), a, b)
  for (let i = range[0]!, end = range[1]!; i < end; i++) {
    const g = fromA[i]!
    if (g !== h && alive[(g / 3) | 0] === 1 && indices[g % 3 === 2 ? g - 2 : g + 1] === b) {
      uses++
      partner = g
    }
  }
  opposedScratch = uses === 2 ? opp : 0
  return uses === 2 ? partner : uses === 1 ? OPEN : NON_MANIFOLD
}

/** The ascending union of an ascending list and some more corners, each once. */
function mergeSorted(sorted: Int32Array, more: number[]): Int32Array {
  const all = new Int32Array(sorted.length + more.length)
  all.set(sorted)
  all.set(more, sorted.length)
  return uniqueSorted(all)
}

/** Sorts `a` ascending and drops repeats, in place; returns the distinct prefix. */
function uniqueSorted(a: Int32Array): Int32Array {
  a.sort()
  let n = 0
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[i - 1]) a[n++] = a[i]!
  return a.subarray(0, n)
}
