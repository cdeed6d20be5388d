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

  const nextEdge = (e: number): number => {
    const v = to[e]!
    const first = startOf.get(v)
    if (first === undefined) return -1
    let best = -1
    let bestCos = -Infinity
    const u = from[e]!
    const dx = positions[3 * v]! - positions[3 * u]!
    const dy = positions[3 * v + 1]! - positions[3 * u + 1]!
    const dz = positions[3 * v + 2]! - positions[3 * u + 2]!
    for (let i = first; i < m && from[order[i]!] === v; i++) {
      const c = order[i]!
      if (used[c] === 1) continue
      const w = to[c]!
      const ex = positions[3 * w]! - positions[3 * v]!
      const ey = positions[3 * w + 1]! - positions[3 * v + 1]!
      const ez = positions[3 * w + 2]! - positions[3 * v + 2]!
      const cos = (dx * ex + dy * ey + dz * ez) / (Math.hypot(dx, dy, dz) * Math.hypot(ex, ey, ez) || 1)
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
