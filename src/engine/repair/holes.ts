import { NON_MANIFOLD, OPEN, type Topology } from './topology.ts'
import { type Shells } from './orient.ts'
import { type WorkMesh } from './work-mesh.ts'

export interface BoundaryLoop {
  /** Vertices in the order of the mesh's open half-edges (the cap runs the other way). */
  vertices: number[]
  shell: number
}

export interface BoundaryTrace {
  loops: BoundaryLoop[]
  /** Open half-edges on chains that do not close (left open). */
  openLeftOver: number
  /** Open half-edges per shell not part of a closed loop, plus its non-manifold half-edges. */
  defectsPerShell: Uint32Array
}

/**
 * Chains the open half-edges into closed loops. At a vertex with several outgoing open half-edges (a pinch
 * where two holes touch) the walk takes the one that turns least from the incoming direction, which keeps
 * each loop on its own side of the pinch.
 */
export function traceBoundaryLoops(mesh: WorkMesh, topology: Topology, shells: Shells): BoundaryTrace {
  const defectsPerShell = new Uint32Array(shells.count)
  // a closed, manifold mesh (the counts only ever overstate after faces were removed): nothing to trace
  if (topology.openHalfEdges === 0 && topology.nonManifoldHalfEdges === 0)
    return { loops: [], openLeftOver: 0, defectsPerShell }
  const { indices, alive, positions } = mesh
  const { twin } = topology
  const from: number[] = []
  const to: number[] = []
  const shellOfEdge: number[] = []
  // ascending corners: the half-edges in face order, as a walk over all faces would list them
  for (const h of topology.defectCorners) {
    const f = (h / 3) | 0
    if (alive[f] === 0) continue
    const t = twin[h]
    if (t === NON_MANIFOLD) defectsPerShell[shells.shellOf[f]!] = defectsPerShell[shells.shellOf[f]!]! + 1
    if (t !== OPEN) continue
    // the corner moved to 2 - k if the face was flipped after the topology was built
    const k = h - 3 * f
    const kk = shells.flippedNow[f] === 1 ? 2 - k : k
    from.push(indices[3 * f + kk]!)
    to.push(indices[3 * f + (kk === 2 ? 0 : kk + 1)]!)
    shellOfEdge.push(shells.shellOf[f]!)
  }
  const m = from.length
  const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => from[a]! - from[b]!)
  const startOf = new Map<number, number>()
  for (let i = m - 1; i >= 0; i--) startOf.set(from[order[i]!]!, i)
  const used = new Uint8Array(m)
  const loops: BoundaryLoop[] = []
  let openLeftOver = 0

  const hubs = new Map<number, HubIndex | null>()

  const nextEdge = (e: number): number => {
    const v = to[e]!
    const first = startOf.get(v)
    if (first === undefined) return -1
    const u = from[e]!
    const dx = positions[3 * v]! - positions[3 * u]!
    const dy = positions[3 * v + 1]! - positions[3 * u + 1]!
    const dz = positions[3 * v + 2]! - positions[3 * u + 2]!
    let hub = hubs.get(v)
    if (hub === undefined) {
      let end = first
      while (end < m && from[order[end]!] === v) end++
      hub = end - first > HUB_DEGREE ? buildHubIndex(positions, v, order, to, first, end) : null
      hubs.set(v, hub)
    }
    if (hub !== null) {
      const found = searchHub(hub, { positions, v, order, to, used, dx, dy, dz })
      if (found !== NOT_INDEXED) return found
    }
    let best = -1
    let bestCos = -Infinity
    for (let i = first; i < m && from[order[i]!] === v; i++) {
      const c = order[i]!
      if (used[c] === 1) continue
      const cos = turnCos(positions, v, to[c]!, dx, dy, dz)
      if (cos > bestCos) {
        bestCos = cos
        best = c
      }
    }
    return best
  }

  for (let s = 0; s < m; s++) {
    if (used[s] === 1) continue
    used[s] = 1
    const chain = [s]
    const start = from[s]!
    let e = s
    let closed = false
    while (chain.length <= m) {
      if (to[e] === start) {
        closed = true
        break
      }
      const n = nextEdge(e)
      if (n < 0) break
      used[n] = 1
      chain.push(n)
      e = n
    }
    if (closed && chain.length >= 3) {
      loops.push({ vertices: chain.map((c) => from[c]!), shell: shellOfEdge[s]! })
    } else {
      openLeftOver += chain.length
      for (const c of chain) defectsPerShell[shellOfEdge[c]!] = defectsPerShell[shellOfEdge[c]!]! + 1
    }
  }
  return { loops, openLeftOver, defectsPerShell }
}

/** Cosine of the turn from direction d (into v) to the edge v -> w; 0 for a zero-length edge. */
function turnCos(positions: Float32Array, v: number, w: number, dx: number, dy: number, dz: number): number {
  const ex = positions[3 * w]! - positions[3 * v]!
  const ey = positions[3 * w + 1]! - positions[3 * v + 1]!
  const ez = positions[3 * w + 2]! - positions[3 * v + 2]!
  return (dx * ex + dy * ey + dz * ez) / (Math.hypot(dx, dy, dz) * Math.hypot(ex, ey, ez) || 1)
}

/**
 * Vertices with more outgoing open half-edges than this get a direction index: a loop through such a hub visits
 * it once per pair of its edges, and scanning all its edges at every visit was quadratic (tens of seconds for a
 * hub shared by 33,000 open pockets). Below it the plain scan is quicker.
 */
const HUB_DEGREE = 64

/** Returned by `searchHub` when the query direction is too short or too long for its bounds to hold. */
const NOT_INDEXED = -2

/**
 * A hub's outgoing edges grouped into cones of direction (cells of a cube map). Each cone carries an axis and a
 * half-angle that bound the cosine any of its edges can reach, so a search reads the cones nearest the incoming
 * direction and stops once no other cone can beat the best edge found. Entries are order positions, ascending
 * per cone, and taken edges are dropped as they are met.
 */
interface HubIndex {
  members: number[][]
  /** Per cone: unit axis (x, y, z) and the half-angle plus a margin; the zero-length edges have no cone. */
  cones: Float64Array
  zeroLength: number[]
}

/**
 * Bounds are computed in floating point, so cones are pruned only with a margin far above the rounding of
 * `turnCos` (a few ulps): the edge chosen is the one the full scan would choose, tie-break included.
 */
const CONE_MARGIN = 1e-7
const COS_MARGIN = 1e-9
/** Edge lengths outside this range could underflow or overflow in `turnCos` and break the bounds. */
const MIN_LENGTH = 1e-100
const MAX_LENGTH = 1e100

function buildHubIndex(
  positions: Float32Array,
  v: number,
  order: number[],
  to: number[],
  first: number,
  end: number,
): HubIndex | null {
  const n = end - first
  const g = Math.max(1, Math.ceil(Math.sqrt(Math.sqrt(n) / 6)))
  const cells = new Map<number, number[]>()
  const zeroLength: number[] = []
  const unit = new Float64Array(3 * n)
  for (let i = first; i < end; i++) {
    const w = to[order[i]!]!
    const ex = positions[3 * w]! - positions[3 * v]!
    const ey = positions[3 * w + 1]! - positions[3 * v + 1]!
    const ez = positions[3 * w + 2]! - positions[3 * v + 2]!
    const len = Math.hypot(ex, ey, ez)
    if (len === 0) {
      zeroLength.push(i)
      continue
    }
    if (!(len >= MIN_LENGTH && len <= MAX_LENGTH)) return null
    const x = ex / len
    const y = ey / len
    const z = ez / len
    unit[3 * (i - first)] = x
    unit[3 * (i - first) + 1] = y
    unit[3 * (i - first) + 2] = z
    const cell = cubeCell(x, y, z, g)
    const list = cells.get(cell)
    if (list === undefined) cells.set(cell, [i])
    else list.push(i)
  }
  const members = [...cells.values()]
  const cones = new Float64Array(4 * members.length)
  members.forEach((list, k) => {
    let ax = 0
    let ay = 0
    let az = 0
    for (const i of list) {
      ax += unit[3 * (i - first)]!
      ay += unit[3 * (i - first) + 1]!
      az += unit[3 * (i - first) + 2]!
    }
    // a cube-map cell spans less than a right angle, so its directions never cancel
    const al = Math.hypot(ax, ay, az)
    ax /= al
    ay /= al
    az /= al
    let spread = 0
    for (const i of list) {
      const a = angleBetween(
        ax,
        ay,
        az,
        unit[3 * (i - first)]!,
        unit[3 * (i - first) + 1]!,
        unit[3 * (i - first) + 2]!,
      )
      if (a > spread) spread = a
    }
    cones.set([ax, ay, az, spread + CONE_MARGIN], 4 * k)
  })
  return { members, cones, zeroLength }
}

/** Cell of a unit direction on a cube map with g x g cells per face. */
function cubeCell(x: number, y: number, z: number, g: number): number {
  const ax = Math.abs(x)
  const ay = Math.abs(y)
  const az = Math.abs(z)
  let face: number
  let s: number
  let t: number
  if (ax >= ay && ax >= az) {
    face = x > 0 ? 0 : 1
    s = y / ax
    t = z / ax
  } else if (ay >= az) {
    face = y > 0 ? 2 : 3
    s = x / ay
    t = z / ay
  } else {
    face = z > 0 ? 4 : 5
    s = x / az
    t = y / az
  }
  const i = Math.min(g - 1, Math.floor(((s + 1) / 2) * g))
  const j = Math.min(g - 1, Math.floor(((t + 1) / 2) * g))
  return (face * g + i) * g + j
}

/** Angle between two unit vectors, accurate near 0 and pi (unlike acos of the dot product). */
function angleBetween(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  const cx = ay * bz - az * by
  const cy = az * bx - ax * bz
  const cz = ax * by - ay * bx
  return Math.atan2(Math.hypot(cx, cy, cz), ax * bx + ay * by + az * bz)
}

/**
 * The untaken edge at hub v with the largest `turnCos`, the first in order among equals (as the full scan
 * finds it), or -1 if none is left; NOT_INDEXED if the incoming direction is unfit for the bounds.
 */
function searchHub(hub: HubIndex, query: HubQuery): number {
  const { dx, dy, dz } = query
  const dl = Math.hypot(dx, dy, dz)
  if (!(dl >= MIN_LENGTH && dl <= MAX_LENGTH)) return NOT_INDEXED
  const qx = dx / dl
  const qy = dy / dl
  const qz = dz / dl
  const { members, cones } = hub
  const bounds =
    boundScratch.length >= members.length ? boundScratch : (boundScratch = new Float64Array(members.length))
  let top = -1
  for (let k = 0; k < members.length; k++) {
    if (members[k]!.length === 0) continue
    const diff =
      angleBetween(qx, qy, qz, cones[4 * k]!, cones[4 * k + 1]!, cones[4 * k + 2]!) - cones[4 * k + 3]!
    bounds[k] = diff <= 0 ? 1 : Math.cos(diff)
    if (top < 0 || bounds[k]! > bounds[top]!) top = k
  }
  const best: Best = { edge: -1, pos: Infinity, cos: -Infinity }
  // the most promising cone first, so that most others fall below the best edge it yields
  if (top >= 0) scanCone(members[top]!, best, query)
  for (let k = 0; k < members.length; k++) {
    if (k === top || members[k]!.length === 0 || bounds[k]! + COS_MARGIN < best.cos) continue
    scanCone(members[k]!, best, query)
  }
  // zero-length edges score exactly 0
  if (hub.zeroLength.length > 0 && COS_MARGIN >= best.cos) scanCone(hub.zeroLength, best, query)
  return best.edge
}

let boundScratch = new Float64Array(0)

/** One visit to a hub: the mesh, the hub vertex, its edge lists and the incoming edge's direction. */
interface HubQuery {
  positions: Float32Array
  v: number
  order: number[]
  to: number[]
  used: Uint8Array
  dx: number
  dy: number
  dz: number
}

interface Best {
  edge: number
  pos: number
  cos: number
}

/** Folds a cone's untaken edges into `best` (largest cosine, then first in order) and drops its taken ones. */
function scanCone(list: number[], best: Best, query: HubQuery): void {
  const { positions, v, order, to, used, dx, dy, dz } = query
  let kept = 0
  for (const i of list) {
    const c = order[i]!
    if (used[c] === 1) continue
    list[kept++] = i
    const cos = turnCos(positions, v, to[c]!, dx, dy, dz)
    if (cos > best.cos || (cos === best.cos && i < best.pos)) {
      best.cos = cos
      best.pos = i
      best.edge = c
    }
  }
  list.length = kept
}
