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
  const diag = diagonalOf(body.positions)

  counters.numberOfRemovedDegenerateFaces += removeDegenerateFaces(mesh)
  let built = buildTopology(mesh, vertexCount)
  counters.numberOfRemovedDuplicateFaces += built.duplicates
  let topology: Topology = built.topology

  const weld = toleranceWeld(mesh, topology, vertexCount)
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
  let aliveCount = 0
  for (let f = 0; f < alive.length; f++) aliveCount += alive[f]!
  const capCount = capShell.length
  const faceTotal = aliveCount + capCount
  // fast path for the common clean case: nothing removed or added, arrays are reused as they are
  const untouched = aliveCount === alive.length && capCount === 0
  const outIndices = untouched ? indices : new Uint32Array(faceTotal * 3)
  const origin = new Int32Array(faceTotal)
  const rawShell = untouched ? shells.shellOf : new Int32Array(faceTotal)
  if (untouched) {
    for (let i = 0; i < faceTotal; i++) origin[i] = i
  } else {
    let w = 0
    for (let f = 0; f < alive.length; f++) {
      if (alive[f] === 0) continue
      outIndices[3 * w] = indices[3 * f]!
      outIndices[3 * w + 1] = indices[3 * f + 1]!
      outIndices[3 * w + 2] = indices[3 * f + 2]!
      origin[w] = f
      rawShell[w] = shells.shellOf[f]!
      w++
    }
    for (let c = 0; c < capCount; c++) {
      outIndices[3 * w] = capTriangles[3 * c]!
      outIndices[3 * w + 1] = capTriangles[3 * c + 1]!
      outIndices[3 * w + 2] = capTriangles[3 * c + 2]!
      origin[w] = -1
      rawShell[w] = capShell[c]!
      w++
    }
  }
  const shellMap = new Int32Array(shells.count).fill(-1)
  let shellCount = 0
  const shellOf = untouched ? rawShell : new Int32Array(faceTotal)
  for (let i = 0; i < faceTotal; i++) {
    const s = rawShell[i]!
    let m = shellMap[s]!
    if (m === -1) m = shellMap[s] = shellCount++
    shellOf[i] = m
  }
  const shellClosed = new Uint8Array(shellCount).fill(1)
  for (let s = 0; s < shells.count; s++)
    if (shellMap[s]! >= 0 && trace.defectsPerShell[s]! > 0) shellClosed[shellMap[s]!] = 0

  const outPositions = compactVertices(positions, extra, outIndices)
  // inside-out shells: decided on the capped, compacted mesh
  const geometry = { positions: outPositions, indices: outIndices, shellOf, shellCount, closed: shellClosed }
  const center = centerOf(outPositions)
  const volumes = shellVolumes(geometry, center)
  const invert = new Uint8Array(shellCount)
  for (const s of shellsToInvert(geometry, volumes)) {
    invert[s] = 1
    volumes[s] = -volumes[s]!
  }
  const marks = new Uint8Array(faceTotal)
  let flippedCount = 0
  for (let i = 0; i < faceTotal; i++) {
    const s = shellOf[i]!
    if (invert[s] === 1) {
      const t = outIndices[3 * i + 1]!
      outIndices[3 * i + 1] = outIndices[3 * i + 2]!
      outIndices[3 * i + 2] = t
    }
    const f = origin[i]!
    if (f < 0) {
      marks[i] = MARK_CAP
      continue
    }
    const isFlipped = (flipped[f]! ^ invert[s]!) === 1
    if (isFlipped) flippedCount++
    marks[i] = (isFlipped ? MARK_FLIPPED : 0) | (welded[f] === 1 ? MARK_WELDED : 0)
  }
  counters.numberOfFlippedPolygons = flippedCount
  counters.nonManifoldEdgesLeft = countNonManifold(topology, alive)

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

/**
 * Drops unreferenced vertices (and appends fan-fallback vertices) in first-use order, rewriting the indices in
 * place; returns the positions as they are when every vertex is used in order already.
 */
function compactVertices(positions: Float32Array, extra: number[], indices: Uint32Array): Float32Array {
  const vertexCount = positions.length / 3
  const totalVertices = vertexCount + extra.length / 3
  const remap = new Int32Array(totalVertices).fill(-1)
  let used = 0
  let identity = true
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!
    let r = remap[v]!
    if (r === -1) {
      r = remap[v] = used++
      if (r !== v) identity = false
    }
  }
  if (identity && used === totalVertices && extra.length === 0) return positions
  for (let i = 0; i < indices.length; i++) indices[i] = remap[indices[i]!]!
  const out = new Float32Array(used * 3)
  for (let v = 0; v < totalVertices; v++) {
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
  return out
}

function countNonManifold(topology: Topology, alive: Uint8Array): number {
  let n = 0
  for (let h = 0; h < topology.twin.length; h++)
    if (topology.twin[h] === NON_MANIFOLD && alive[(h / 3) | 0] === 1) n++
  return n
}

function diagonalOf(p: Float32Array): number {
  const [minX, minY, minZ, maxX, maxY, maxZ] = boundsOf(p)
  return Math.hypot(maxX - minX, maxY - minY, maxZ - minZ)
}

function centerOf(p: Float32Array): [number, number, number] {
  const [minX, minY, minZ, maxX, maxY, maxZ] = boundsOf(p)
  return p.length === 0 ? [0, 0, 0] : [(minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2]
}

export function boundsOf(p: Float32Array): [number, number, number, number, number, number] {
  let minX = Infinity
  let minY = Infinity
  let minZ = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  let maxZ = -Infinity
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]!
    const y = p[i + 1]!
    const z = p[i + 2]!
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
    if (z < minZ) minZ = z
    if (z > maxZ) maxZ = z
  }
  return [minX, minY, minZ, maxX, maxY, maxZ]
}
