import { boundsOf } from '#server/modules/analysis/engine/mesh/bounds.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { removeDegenerateFaces } from './clean.ts'
import { removeFlatOpenShells } from './flat-shells.ts'
import { traceBoundaryLoops } from './holes.ts'
import { shellVolumes, shellsToInvert } from './nesting.ts'
import { orientShells, type Shells } from './orient.ts'
import { type RepairCounters, emptyCounters } from './repair-counters.ts'
import { NON_MANIFOLD, type Topology, buildTopology, reclassifyAfterWeld } from './topology.ts'
import { NEW_VERTEX, triangulatePolygon } from './triangulate.ts'
import { toleranceWeld } from './weld.ts'
import { createWorkMesh } from './work-mesh.ts'

/** Bits of `RepairedBody.repairMarks`, per output face, for repair images. */
export const MARK_FLIPPED = 1
export const MARK_CAP = 2
export const MARK_WELDED = 4

export interface RepairedBody {
  mesh: IndexedMesh
  counters: RepairCounters
  shellCount: number
  /** Shell id per output face. */
  shellOf: Uint32Array
  /** Signed volume per shell (mm³), after orientation: positive for solids, negative for cavities. */
  shellVolumes: Float64Array
  /** 1 per shell without open or non-manifold edges. */
  shellClosed: Uint8Array
  repairMarks: Uint8Array
}

const MAX_FLAT_ROUNDS = 4

/**
 * Repairs one body in place (the input arrays are reused): clean, weld, orient, remove flat open shells, cap
 * holes, fix inside-out shells, then compact. Stages and counter definitions: docs/analysis/README.md.
 */
export function repairBody(body: IndexedMesh): RepairedBody {
  const vertexCount = body.positions.length / 3
  const mesh = createWorkMesh(body.positions, body.indices)
  const counters = emptyCounters()
  const bounds = boundsOf(body.positions)
  const diag = Math.hypot(bounds[3] - bounds[0], bounds[4] - bounds[1], bounds[5] - bounds[2])

  // degenerate faces are removed while the corner lists are counted
  let built = buildTopology(mesh, vertexCount)
  counters.numberOfRemovedDegenerateFaces += built.degenerate
  counters.numberOfRemovedDuplicateFaces += built.duplicates
  let topology: Topology = built.topology

  const weld = toleranceWeld(mesh, topology, vertexCount, diag)
  if (weld.mergedPairs > 0) {
    counters.numberOfMergedVertexPairs = weld.mergedPairs
    counters.numberOfRemovedDegenerateFaces += removeDegenerateFaces(mesh)
    counters.numberOfRemovedDuplicateFaces += reclassifyAfterWeld(mesh, topology, weld.touched, weld.rootOf)
  }

  let shells: Shells = orientShells(mesh, topology)
  for (let round = 0; round < MAX_FLAT_ROUNDS; round++) {
    const flat = removeFlatOpenShells(mesh, topology, shells, diag)
    counters.numberOfRemovedFlatOpenShells += flat.removed
    if (!flat.touchedNonManifold) break
    // Removing a stray facet from a non-manifold edge can make that edge manifold: reclassify and re-orient.
    built = buildTopology(mesh, vertexCount)
    counters.numberOfRemovedDegenerateFaces += built.degenerate
    counters.numberOfRemovedDuplicateFaces += built.duplicates
    topology = built.topology
    shells = orientShells(mesh, topology)
  }

  const trace = traceBoundaryLoops(mesh, topology, shells)
  counters.numberOfClosedOpenLoops = trace.loops.length
  counters.openEdgesLeft = trace.openLeftOver

  // caps: triangles over existing vertices, plus appended centroid vertices for fan fallbacks
  const capTriangles: number[] = []
  const capShell: number[] = []
  const extra: number[] = []
  for (const loop of trace.loops) {
    const polygon = loop.vertices.slice().reverse()
    const cap = triangulatePolygon(mesh.positions, polygon)
    let newIndex = -1
    if (cap.extraVertex !== undefined) {
      newIndex = vertexCount + extra.length / 3
      extra.push(...cap.extraVertex)
    }
    for (let i = 0; i < cap.triangles.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const v = cap.triangles[i + k]!
        capTriangles.push(v === NEW_VERTEX ? newIndex : v)
      }
      capShell.push(loop.shell)
    }
  }

  // compact: alive faces then caps; shells renumbered densely; unused vertices dropped
  const { alive, indices, positions, flipped, welded } = mesh
  const aliveCount = countAlive(alive)
  const capCount = capShell.length
  const faceTotal = aliveCount + capCount
  // fast path for the common clean case: nothing removed or added, arrays are reused as they are
  const untouched = aliveCount === alive.length && capCount === 0
  let outIndices = indices
  let rawShell = shells.shellOf
  // input face of each output face (-1 for caps); none when untouched (output face i is input face i)
  let origin: Int32Array | undefined
  if (!untouched) {
    outIndices = new Uint32Array(faceTotal * 3)
    rawShell = new Int32Array(faceTotal)
    origin = new Int32Array(faceTotal)
    const w = compactFaces(alive, indices, shells.shellOf, outIndices, rawShell, origin)
    appendCaps(capTriangles, capShell, outIndices, rawShell, origin, w)
  }
  const shellMap = new Int32Array(shells.count).fill(-1)
  const shellOf = untouched ? rawShell : new Int32Array(faceTotal)
  let shellCount = shells.count
  // untouched: every face is alive and the shells are numbered by first face already, so the map is identity
  if (untouched) for (let s = 0; s < shellCount; s++) shellMap[s] = s
  else shellCount = renumberShells(rawShell, shellMap, shellOf)
  const shellClosed = new Uint8Array(shellCount).fill(1)
  for (let s = 0; s < shells.count; s++)
    if (shellMap[s]! >= 0 && trace.defectsPerShell[s]! > 0) shellClosed[shellMap[s]!] = 0

  const outPositions = compactVertices(positions, extra, outIndices)
  // inside-out shells: decided on the capped, compacted mesh
  const geometry = { positions: outPositions, indices: outIndices, shellOf, shellCount, closed: shellClosed }
  // the bounds taken at the start still hold when compaction kept the positions as they were
  const center =
    outPositions === positions && positions.length > 0 ? centerOfBounds(bounds) : centerOf(outPositions)
  const volumes = shellVolumes(geometry, center)
  const invert = new Uint8Array(shellCount)
  for (const s of shellsToInvert(geometry, volumes)) {
    invert[s] = 1
    volumes[s] = -volumes[s]!
  }
  const marks = new Uint8Array(faceTotal)
  counters.numberOfFlippedPolygons = finishFaces(outIndices, shellOf, invert, origin, flipped, welded, marks)
  counters.nonManifoldEdgesLeft = topology.nonManifoldHalfEdges === 0 ? 0 : countNonManifold(topology, alive)

  return {
    mesh: { name: body.name, positions: outPositions, indices: outIndices },
    counters,
    shellCount,
    shellOf: new Uint32Array(shellOf.buffer),
    shellVolumes: volumes,
    shellClosed,
    repairMarks: marks,
  }
}

// The passes over all faces are separate functions: V8 optimises each small loop quickly with complete type
// feedback, where one long function was compiled inside its first loop and deoptimised at the next.

function countAlive(alive: Uint8Array): number {
  let n = 0
  for (let f = 0; f < alive.length; f++) n += alive[f]!
  return n
}

/** Copies the alive faces to the front of the output; returns how many. */
function compactFaces(
  alive: Uint8Array,
  indices: Uint32Array,
  shellOfFace: Int32Array,
  outIndices: Uint32Array,
  rawShell: Int32Array,
  origin: Int32Array,
): number {
  let w = 0
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) continue
    outIndices[3 * w] = indices[3 * f]!
    outIndices[3 * w + 1] = indices[3 * f + 1]!
    outIndices[3 * w + 2] = indices[3 * f + 2]!
    origin[w] = f
    rawShell[w] = shellOfFace[f]!
    w++
  }
  return w
}

function appendCaps(
  capTriangles: number[],
  capShell: number[],
  outIndices: Uint32Array,
  rawShell: Int32Array,
  origin: Int32Array,
  at: number,
): void {
  let w = at
  for (let c = 0; c < capShell.length; c++) {
    outIndices[3 * w] = capTriangles[3 * c]!
    outIndices[3 * w + 1] = capTriangles[3 * c + 1]!
    outIndices[3 * w + 2] = capTriangles[3 * c + 2]!
    origin[w] = -1
    rawShell[w] = capShell[c]!
    w++
  }
}

/** Dense shell ids in order of first use; `out` may be `rawShell` itself. Returns the shell count. */
function renumberShells(rawShell: Int32Array, shellMap: Int32Array, out: Int32Array): number {
  let shellCount = 0
  for (let i = 0; i < rawShell.length; i++) {
    const s = rawShell[i]!
    let m = shellMap[s]!
    if (m === -1) m = shellMap[s] = shellCount++
    out[i] = m
  }
  return shellCount
}

/**
 * Inverts the faces of inverted shells and writes the repair marks; returns the number of output faces whose
 * winding differs from their input face's. `origin` undefined means output face i is input face i.
 */
function finishFaces(
  outIndices: Uint32Array,
  shellOf: Int32Array,
  invert: Uint8Array,
  origin: Int32Array | undefined,
  flipped: Uint8Array,
  welded: Uint8Array,
  marks: Uint8Array,
): number {
  let flippedCount = 0
  for (let i = 0; i < marks.length; i++) {
    const s = shellOf[i]!
    if (invert[s] === 1) {
      const t = outIndices[3 * i + 1]!
      outIndices[3 * i + 1] = outIndices[3 * i + 2]!
      outIndices[3 * i + 2] = t
    }
    const f = origin === undefined ? i : origin[i]!
    if (f < 0) {
      marks[i] = MARK_CAP
      continue
    }
    const isFlipped = (flipped[f]! ^ invert[s]!) === 1
    if (isFlipped) flippedCount++
    marks[i] = (isFlipped ? MARK_FLIPPED : 0) | (welded[f] === 1 ? MARK_WELDED : 0)
  }
  return flippedCount
}

/**
 * Drops unreferenced vertices (and appends fan-fallback vertices) in first-use order, rewriting the indices in
 * place; returns the positions as they are when every vertex is used in order already.
 */
function compactVertices(positions: Float32Array, extra: number[], indices: Uint32Array): Float32Array {
  const vertexCount = positions.length / 3
  const totalVertices = vertexCount + extra.length / 3
  const remap = new Int32Array(totalVertices).fill(-1)
  const used = firstUseOrder(indices, remap)
  // identity: every vertex used, first uses in index order
  if (used < 0 && extra.length === 0) return positions
  const count = used < 0 ? totalVertices : used
  remapIndices(indices, remap)
  const out = new Float32Array(count * 3)
  copyRemapped(positions, extra, remap, out)
  return out
}

/**
 * Numbers the vertices in order of first use into `remap`; returns how many are used, or -1 if every vertex
 * is used and the numbering is the identity.
 */
function firstUseOrder(indices: Uint32Array, remap: Int32Array): number {
  let used = 0
  let identity = true
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!
    if (remap[v] === -1) {
      if (used !== v) identity = false
      remap[v] = used++
    }
  }
  return identity && used === remap.length ? -1 : used
}

function remapIndices(indices: Uint32Array, remap: Int32Array): void {
  for (let i = 0; i < indices.length; i++) indices[i] = remap[indices[i]!]!
}

function copyRemapped(positions: Float32Array, extra: number[], remap: Int32Array, out: Float32Array): void {
  const vertexCount = positions.length / 3
  for (let v = 0; v < remap.length; v++) {
    const r = remap[v]!
    if (r < 0) continue
    if (v < vertexCount) {
      out[3 * r] = positions[3 * v]!
      out[3 * r + 1] = positions[3 * v + 1]!
      out[3 * r + 2] = positions[3 * v + 2]!
    } else {
      const e = 3 * (v - vertexCount)
      out[3 * r] = extra[e]!
      out[3 * r + 1] = extra[e + 1]!
      out[3 * r + 2] = extra[e + 2]!
    }
  }
}

function countNonManifold(topology: Topology, alive: Uint8Array): number {
  let n = 0
  for (let h = 0; h < topology.twin.length; h++)
    if (topology.twin[h] === NON_MANIFOLD && alive[(h / 3) | 0] === 1) n++
  return n
}

function centerOf(p: Float32Array): [number, number, number] {
  return p.length === 0 ? [0, 0, 0] : centerOfBounds(boundsOf(p))
}

function centerOfBounds(b: readonly number[]): [number, number, number] {
  return [(b[0]! + b[3]!) / 2, (b[1]! + b[4]!) / 2, (b[2]! + b[5]!) / 2]
}
