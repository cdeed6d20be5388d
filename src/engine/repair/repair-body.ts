import { type Bounds, boundsOf } from '#engine/mesh/bounds.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { removeFlatOpenShells } from './flat-shells.ts'
import { traceBoundaryLoops } from './holes.ts'
import { shellVolumes, shellsToInvert } from './nesting.ts'
import { orientShells, type Shells } from './orient.ts'
import { type RepairCounters, emptyCounters } from './repair-counters.ts'
import { NON_MANIFOLD, type Topology, buildTopology, reclassifyAfterWeld } from './topology.ts'
import { NEW_VERTEX, newTriangulationBudget, triangulatePolygon } from './triangulate.ts'
import { toleranceWeld } from './weld.ts'
import { type WorkMesh, createWorkMesh } from './work-mesh.ts'

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
  /** Bounds of the output positions (±Infinity when there are none). */
  bounds: Bounds
}

const MAX_FLAT_ROUNDS = 4

/**
 * Repairs one body in place (the input arrays are reused): clean, weld, orient, remove flat open shells, cap
 * holes, fix inside-out shells, then compact. Stages and counter definitions: src/engine/README.md.
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
    const after = reclassifyAfterWeld(mesh, topology, weld.touched, weld.rootOf)
    counters.numberOfRemovedDegenerateFaces += after.degenerate
    counters.numberOfRemovedDuplicateFaces += after.duplicates
  }

  let shells: Shells = orientShells(mesh, topology)
  let flatFacesRemoved = 0
  for (let round = 0; round < MAX_FLAT_ROUNDS; round++) {
    const flat = removeFlatOpenShells(mesh, topology, shells, diag)
    counters.numberOfRemovedFlatOpenShells += flat.removed
    flatFacesRemoved += flat.facesRemoved
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
  const capBudget = newTriangulationBudget()
  for (const loop of trace.loops) {
    const polygon = loop.vertices.slice().reverse()
    const cap = triangulatePolygon(mesh.positions, polygon, capBudget)
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
  // every removal is counted, so no pass over the faces is needed
  const aliveCount =
    mesh.alive.length -
    counters.numberOfRemovedDegenerateFaces -
    counters.numberOfRemovedDuplicateFaces -
    flatFacesRemoved
  const c = compactMesh(
    mesh,
    shells,
    { triangles: capTriangles, shell: capShell, extra },
    aliveCount,
    weld.mergedPairs > 0,
  )
  const { indices: outIndices, shellOf, marks, shellMap, shellCount, positions: outPositions } = c
  const positions = mesh.positions
  const shellClosed = new Uint8Array(shellCount).fill(1)
  for (let s = 0; s < shells.count; s++)
    if (shellMap[s]! >= 0 && trace.defectsPerShell[s]! > 0) shellClosed[shellMap[s]!] = 0

  // inside-out shells: decided on the capped, compacted mesh
  const geometry = { positions: outPositions, indices: outIndices, shellOf, shellCount, closed: shellClosed }
  // the bounds taken at the start still hold when compaction kept the positions as they were
  const outBounds = outPositions === positions ? bounds : boundsOf(outPositions)
  const center: [number, number, number] = outPositions.length === 0 ? [0, 0, 0] : centerOfBounds(outBounds)
  const volumes = shellVolumes(geometry, center)
  const invert = new Uint8Array(shellCount)
  const inverted = shellsToInvert(geometry, volumes)
  for (const s of inverted) {
    invert[s] = 1
    volumes[s] = -volumes[s]!
  }
  // no shell inverted: the input marks are the repair marks already
  counters.numberOfFlippedPolygons =
    inverted.length === 0 ? countFlipped(marks) : finishFaces(outIndices, shellOf, invert, marks)
  counters.nonManifoldEdgesLeft =
    topology.nonManifoldHalfEdges === 0 ? 0 : countNonManifold(topology, mesh.alive)

  return {
    mesh: { name: body.name, positions: outPositions, indices: outIndices },
    counters,
    shellCount,
    shellOf: new Uint32Array(shellOf.buffer),
    shellVolumes: volumes,
    shellClosed,
    repairMarks: marks,
    bounds: outBounds,
  }
}

// The passes over all faces are separate functions: V8 optimises each small loop quickly with complete type
// feedback, where one long function was compiled inside its first loop and deoptimised at the next.

/** The input marks of an untouched mesh (output face i is input face i), in `flipped`'s memory. */
function inputMarks(flipped: Uint8Array, welded: Uint8Array, anyWelded: boolean): Uint8Array {
  // MARK_FLIPPED is 1, so the flipped flags are the marks already unless a face was welded
  if (anyWelded)
    for (let f = 0; f < flipped.length; f++) flipped[f] = flipped[f]! | (welded[f]! * MARK_WELDED)
  return flipped
}

interface Caps {
  /** Vertex triples; indices from the mesh's vertex count on are `extra` vertices. */
  triangles: number[]
  shell: number[]
  /** Appended vertices (x, y, z) of fan fallbacks. */
  extra: number[]
}

interface CompactedMesh {
  positions: Float32Array
  indices: Uint32Array
  shellOf: Int32Array
  /** Per output face: its input face's flipped and welded bits, MARK_CAP for caps (see finishFaces). */
  marks: Uint8Array
  /** Input shell -> output shell, -1 for shells without faces left. */
  shellMap: Int32Array
  shellCount: number
}

/**
 * The output mesh: alive faces then caps, shells renumbered densely and vertices numbered in order of first use
 * (unused ones dropped). When nothing was removed or added the arrays are reused as they are.
 */
function compactMesh(
  mesh: WorkMesh,
  shells: Shells,
  caps: Caps,
  aliveCount: number,
  anyWelded: boolean,
): CompactedMesh {
  const { indices, positions, alive, flipped, welded } = mesh
  const vertexCount = positions.length / 3
  const shellMap = new Int32Array(shells.count).fill(-1)
  if (aliveCount === alive.length && caps.shell.length === 0) {
    // every face is alive and the shells are numbered by first face already, so the map is identity
    for (let s = 0; s < shells.count; s++) shellMap[s] = s
    const marks = inputMarks(flipped, welded, anyWelded)
    const base = { indices, shellOf: shells.shellOf, marks, shellMap, shellCount: shells.count }
    // merged vertices are unused now, so the numbering cannot be the identity
    if (!anyWelded && isFirstUseOrder(indices, vertexCount)) return { ...base, positions }
    const remap = new Int32Array(vertexCount).fill(-1)
    return {
      ...base,
      positions: compactVertices(positions, caps.extra, remap, renumberByFirstUse(indices, remap)),
    }
  }
  const faceTotal = aliveCount + caps.shell.length
  const out: CompactOutput = {
    indices: new Uint32Array(faceTotal * 3),
    shellOf: new Int32Array(faceTotal),
    marks: new Uint8Array(faceTotal),
    shellMap,
    shellCount: 0,
    remap: new Int32Array(vertexCount + caps.extra.length / 3).fill(-1),
    used: 0,
    identity: true,
  }
  const w = compactFaces(mesh, shells.shellOf, out)
  appendCaps(caps, out, w)
  const used = out.identity && out.used === out.remap.length ? -1 : out.used
  return { ...out, positions: compactVertices(positions, caps.extra, out.remap, used) }
}

/**
 * The compacted faces being written: shells and vertices are renumbered in order of first use on the way, so
 * no separate pass over the output renumbers them.
 */
interface CompactOutput {
  indices: Uint32Array
  shellOf: Int32Array
  /** Input marks (see CompactedMesh). */
  marks: Uint8Array
  /** Input shell -> output shell, -1 until first used. */
  shellMap: Int32Array
  shellCount: number
  /** Input vertex -> output vertex, -1 until first used. */
  remap: Int32Array
  used: number
  /** False once a vertex got a number other than its own. */
  identity: boolean
}

/** The output vertex of input vertex v: numbered in order of first use. */
function outputVertex(out: CompactOutput, v: number): number {
  let r = out.remap[v]!
  if (r === -1) {
    r = out.remap[v] = out.used++
    if (r !== v) out.identity = false
  }
  return r
}

/** The output shell of input shell s: numbered in order of first use. */
function outputShell(out: CompactOutput, s: number): number {
  let m = out.shellMap[s]!
  if (m === -1) m = out.shellMap[s] = out.shellCount++
  return m
}

/** Copies the alive faces, their shells and input marks to the front of the outputs; returns how many. */
function compactFaces(mesh: WorkMesh, shellOfFace: Int32Array, out: CompactOutput): number {
  const { alive, indices, flipped, welded } = mesh
  const { indices: outIndices, shellOf, marks, remap } = out
  let w = 0
  // locals, not `outputVertex`: this loop runs over every corner
  let used = out.used
  let identity = out.identity
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) continue
    for (let k = 0; k < 3; k++) {
      const v = indices[3 * f + k]!
      let r = remap[v]!
      if (r === -1) {
        r = remap[v] = used++
        if (r !== v) identity = false
      }
      outIndices[3 * w + k] = r
    }
    shellOf[w] = outputShell(out, shellOfFace[f]!)
    marks[w] = flipped[f]! | (welded[f]! * MARK_WELDED)
    w++
  }
  out.used = used
  out.identity = identity
  return w
}

function appendCaps(caps: Caps, out: CompactOutput, at: number): void {
  let w = at
  for (let c = 0; c < caps.shell.length; c++) {
    out.indices[3 * w] = outputVertex(out, caps.triangles[3 * c]!)
    out.indices[3 * w + 1] = outputVertex(out, caps.triangles[3 * c + 1]!)
    out.indices[3 * w + 2] = outputVertex(out, caps.triangles[3 * c + 2]!)
    out.shellOf[w] = outputShell(out, caps.shell[c]!)
    out.marks[w] = MARK_CAP
    w++
  }
}

/**
 * Inverts the faces of inverted shells and turns the input marks into the repair marks (a face of an inverted
 * shell is flipped if its input face was not); returns the number of output faces whose winding differs from
 * their input face's.
 */
function finishFaces(
  outIndices: Uint32Array,
  shellOf: Int32Array,
  invert: Uint8Array,
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
    const m = marks[i]!
    if (m === MARK_CAP) continue
    const isFlipped = (m & MARK_FLIPPED) ^ invert[s]!
    flippedCount += isFlipped
    marks[i] = isFlipped * MARK_FLIPPED + (m & MARK_WELDED)
  }
  return flippedCount
}

function countFlipped(marks: Uint8Array): number {
  let n = 0
  for (let i = 0; i < marks.length; i++) n += marks[i]! & MARK_FLIPPED
  return n
}

/**
 * True if every vertex is used and first used in index order (as the readers' welder numbers them), read-only
 * and without a remap array: then the vertices seen so far are exactly 0 .. next - 1.
 */
function isFirstUseOrder(indices: Uint32Array, vertexCount: number): boolean {
  let next = 0
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!
    if (v === next) next++
    else if (v > next) return false
  }
  return next === vertexCount
}

/**
 * The positions in the order of `remap` (`used` of them, or -1 when it is the identity), fan-fallback vertices
 * included; the positions as they are for the identity. When no vertex moves to a higher number and none is
 * added beyond the input's count, they are compacted in their own memory.
 */
function compactVertices(
  positions: Float32Array,
  extra: number[],
  remap: Int32Array,
  used: number,
): Float32Array {
  const vertexCount = positions.length / 3
  if (used < 0 && extra.length === 0) return positions
  const count = used < 0 ? remap.length : used
  // each vertex is read before its slot is overwritten when none moves up: v reads slot v, writes slot remap[v]
  const inPlace = count <= vertexCount && movesDown(remap, vertexCount)
  const out = inPlace ? positions.subarray(0, count * 3) : new Float32Array(count * 3)
  copyRemapped(positions, extra, remap, out)
  return out
}

/**
 * Numbers the vertices in order of first use into `remap` and rewrites the indices to those numbers (only where
 * they change, so an unchanged mesh is only read); returns how many are used, or -1 if every vertex is used and
 * the numbering is the identity.
 */
function renumberByFirstUse(indices: Uint32Array, remap: Int32Array): number {
  let used = 0
  let identity = true
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!
    let r = remap[v]!
    if (r === -1) r = remap[v] = used++
    if (r !== v) {
      indices[i] = r
      identity = false
    }
  }
  return identity && used === remap.length ? -1 : used
}

function movesDown(remap: Int32Array, vertexCount: number): boolean {
  for (let v = 0; v < vertexCount; v++) if (remap[v]! > v) return false
  return true
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
  for (const h of topology.defectCorners)
    if (topology.twin[h] === NON_MANIFOLD && alive[(h / 3) | 0] === 1) n++
  return n
}

function centerOfBounds(b: readonly number[]): [number, number, number] {
  return [(b[0]! + b[3]!) / 2, (b[1]! + b[4]!) / 2, (b[2]! + b[5]!) / 2]
}
