import type * as Three from 'three'
import type { Vector3 } from 'three'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { buildCastTree } from './cast-tree-build.ts'
import { type CastTree, FirstExitCaster } from './first-exit.ts'
import { type ThicknessHistogram, buildHistogram } from './thickness-histogram.ts'
import { faceCross } from '../mesh/face-cross.ts'

const PARALLEL_COS = Math.cos((15 * Math.PI) / 180)
const DEFAULT_MAX_CAST_MS = 6000
const CAST_STRIDE = 64

export interface ThicknessOptions {
  /** Faces that cast rays; the others take the value of a nearby sampled face (default 12,000). */
  maxSamples?: number
  /** Rays on the cone around the inward normal, besides the central ray (default 8). */
  coneRays?: number
  /** Half-angle of the cone in degrees (default 30). */
  coneHalfAngleDeg?: number
  /**
   * Time for casting rays, in ms (default 6,000; normal models of 12,000 samples need well under 2 s). Heavily
   * overlapping surfaces make every ray test nearly every triangle; past this budget no more samples are cast and
   * the faces left take the value of a nearby measured face, like unsampled faces.
   */
  maxCastMs?: number
}

export interface WallThickness {
  /** Thickness per face (mm at scale 1), all bodies' faces in body order; NaN where no ray came back. */
  perFace: Float32Array
  histogram: ThicknessHistogram
  sampledFaces: number
  rays: number
  /** True if the cast budget ran out: only the first `sampledFaces` samples were measured. */
  partial: boolean
  /** Wall time (ms) of its steps on the thread that computed it, for the benchmark: normals and samples, tree, casting, spread and histogram. */
  stepsMs?: { prepare: number; tree: number; cast: number; finish: number }
}

/**
 * Wall thickness per face. From a sampled face's centroid a central ray goes along the inward normal, and a cone
 * of rays (30° half-angle) around it; rays stop where they leave the material (back faces only, so an overlapping
 * body's outer surface does not cut a ray short). For each cone ray, the wall it leaves through is then measured
 * straight across, from the exit point along that wall's inward normal. The face's thickness is
 * min(central ray, median of those wall measurements).
 *
 * Why: the central ray alone is exact for parallel walls but misses thin features seen edge-on (the top face of a
 * 0.5 mm fin reads its full height). A plain cone median (Shape Diameter Function) catches them only partly (a
 * long fin's top still reads 0.8-0.9 mm) and underestimates near convex rims, where rays leave through the side.
 * Measuring the exit walls across fixes both: the fin's rays leave through its sides, which are 0.5 mm across;
 * a plate rim's rays leave through the plate's side face, which is the plate's length across, so rims are not
 * flagged. Non-sampled faces take the value of a nearby sampled face (spreadToUnsampled), so large meshes cost
 * a bounded number of rays (1 + 2 x coneRays per sample).
 */
export async function computeWallThickness(
  meshes: readonly IndexedMesh[],
  options: ThicknessOptions = {},
  /**
   * If given, the arrays are made on SharedArrayBuffers and this gets them once the tree is built, so that another
   * thread can cast a share of the samples with `helpCastSamples` (decision 0131). The result is the same.
   */
  onShare?: (share: CastShare) => void,
): Promise<WallThickness> {
  const t0 = performance.now()
  const merged = mergeMeshes(meshes)
  const { positions, indices } = merged
  const faces = indices.length / 3
  const shared = onShare !== undefined
  const faceArea = new Float64Array(buffer(shared, faces * 8))
  let minX = Infinity
  let maxX = -Infinity
  let minY = Infinity
  let maxY = -Infinity
  let minZ = Infinity
  let maxZ = -Infinity
  for (let i = 0; i < positions.length; i += 3) {
    minX = Math.min(minX, positions[i]!)
    maxX = Math.max(maxX, positions[i]!)
    minY = Math.min(minY, positions[i + 1]!)
    maxY = Math.max(maxY, positions[i + 1]!)
    minZ = Math.min(minZ, positions[i + 2]!)
    maxZ = Math.max(maxZ, positions[i + 2]!)
  }
  const diag = Math.hypot(maxX - minX, maxY - minY, maxZ - minZ) || 1
  const cross = new Float64Array(3)
  for (let f = 0; f < faces; f++) faceArea[f] = faceCross(positions, indices, f, cross) / 2

  const samples = chooseSamples(faceArea, options.maxSamples ?? 12_000)
  // Samples are cast interleaved (every CAST_STRIDE-th first), so a run cut short by the budget has measured the
  // whole mesh coarsely rather than its first faces only. Each sample's value does not depend on the order.
  const order = new Int32Array(buffer(shared, samples.length * 4))
  let o = 0
  for (let phase = 0; phase < CAST_STRIDE; phase++)
    for (let i = phase; i < samples.length; i += CAST_STRIDE) order[o++] = samples[i]!
  // The casting reads the normal and the centroid of the sampled faces only (12,000 of a million): computed for
  // them, in cast order, instead of 24 MB of fresh memory for every face (decision 0138). The same numbers.
  const normals = new Float32Array(buffer(shared, order.length * 12))
  const centroids = new Float32Array(buffer(shared, order.length * 12))
  for (let j = 0; j < order.length; j++) {
    const f = order[j]!
    const len = faceCross(positions, indices, f, cross)
    if (len > 0) for (let d = 0; d < 3; d++) normals[3 * j + d] = cross[d]! / len
    const [a, b, c] = [3 * indices[3 * f]!, 3 * indices[3 * f + 1]!, 3 * indices[3 * f + 2]!]
    for (let d = 0; d < 3; d++)
      centroids[3 * j + d] = (positions[a + d]! + positions[b + d]! + positions[c + d]!) / 3
  }
  const { Vector3 } = await loadWallThicknessModules()
  const t1 = performance.now()
  // three-mesh-bvh's tree, built by our own code straight into the caster's buffers (decision 0138)
  const tree = buildCastTree(positions, indices, (bytes) => buffer(shared, bytes))
  await Promise.resolve()

  const share: CastShare = {
    positions,
    tree,
    normals,
    centroids,
    faceArea,
    order,
    perFace: new Float32Array(buffer(shared, faces * 4)).fill(Number.NaN),
    measured: new Uint8Array(buffer(shared, order.length)),
    control: new Int32Array(buffer(shared, CONTROL_SLOTS * 4)),
    diag,
    coneRays: options.coneRays ?? 8,
    angle: ((options.coneHalfAngleDeg ?? 30) * Math.PI) / 180,
    deadline: clock() + (options.maxCastMs ?? DEFAULT_MAX_CAST_MS),
  }
  const t2 = performance.now()
  onShare?.(share)
  const { control, perFace } = share
  castSamples(share, Vector3)
  // No claim starts after this one, and the blocks another thread claimed before it are waited for.
  const claimed = Math.min(Atomics.add(control, NEXT, order.length), order.length)
  for (let done = Atomics.load(control, DONE); done < claimed; done = Atomics.load(control, DONE))
    Atomics.wait(control, DONE, done, 50)
  if (Atomics.load(control, FAILED) === 1) throw new Error('wall thickness: the helping thread failed')
  const t3 = performance.now()
  const partial = Atomics.load(control, STOP) === 1
  const used = partial ? Array.from(order.filter((_, j) => share.measured[j] === 1)) : samples
  spreadToUnsampled(perFace, used, indices, positions.length / 3)
  const histogram = buildHistogram(perFace, faceArea)
  const t4 = performance.now()
  return {
    // a copy on an ordinary buffer when shared (it is transferred to the caller)
    perFace: shared ? perFace.slice() : perFace,
    histogram,
    sampledFaces: used.length,
    rays: Atomics.load(control, RAYS),
    partial,
    stepsMs: { prepare: t1 - t0, tree: t2 - t1, cast: t3 - t2, finish: t4 - t3 },
  }
}

/**
 * Everything casting a sample needs, and the bookkeeping of who casts which (decision 0131). On SharedArrayBuffers
 * when another thread helps: both claim blocks of `order` through `control` and write `perFace` of their own samples.
 */
export interface CastShare {
  positions: Float32Array
  tree: CastTree
  /** Unit normal and centroid of each sample, in cast order (3 floats per position of `order`). */
  normals: Float32Array
  centroids: Float32Array
  faceArea: Float64Array
  /** The sampled faces in cast order. */
  order: Int32Array
  perFace: Float32Array
  /** 1 for each position of `order` that was cast (a run cut short by the budget spreads only those). */
  measured: Uint8Array
  /** Int32 slots: NEXT position to claim, positions DONE, RAYS cast, STOP (budget spent), FAILED (a helper threw). */
  control: Int32Array
  diag: number
  coneRays: number
  angle: number
  /** End of the cast budget, in `clock()` time (comparable between threads). */
  deadline: number
}

const NEXT = 0
const DONE = 1
const RAYS = 2
const STOP = 3
const FAILED = 4
const CONTROL_SLOTS = 5
/** Samples claimed at once (about 2 ms of casting): small enough that the two threads end close together. */
const CAST_BLOCK = 16

function buffer(shared: boolean, bytes: number): ArrayBuffer | SharedArrayBuffer {
  return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes)
}

/** Milliseconds on a clock both threads share (performance.now() starts per thread). */
function clock(): number {
  return performance.timeOrigin + performance.now()
}

/**
 * The other thread's part: casts blocks of the samples not claimed yet, until none are left or the budget is spent.
 * Call it when that thread has nothing else to do; the thread that owns the share waits for its blocks. Resolves
 * with the number of samples it cast.
 */
export async function helpCastSamples(share: CastShare): Promise<number> {
  try {
    const { Vector3 } = await loadWallThicknessModules()
    return castSamples(share, Vector3)
  } catch (error) {
    Atomics.store(share.control, FAILED, 1)
    // a block left unfinished must not hold the owner: count everything as done
    Atomics.store(share.control, DONE, share.order.length)
    Atomics.notify(share.control, DONE)
    throw error
  }
}

/** Casts blocks of samples until none is left or the budget is spent; returns how many samples it cast. */
function castSamples(share: CastShare, Vec3: typeof Vector3): number {
  const { control, order, measured } = share
  const sampler = createSampler(share, Vec3)
  let cast = 0
  for (;;) {
    if (Atomics.load(control, STOP) === 1) return cast
    const start = Atomics.add(control, NEXT, CAST_BLOCK)
    if (start >= order.length) return cast
    const end = Math.min(order.length, start + CAST_BLOCK)
    for (let j = start; j < end; j++) {
      // a clock, not a count of triangle tests: the ray cast does not report its work
      if (clock() > share.deadline) {
        Atomics.store(control, STOP, 1)
        break
      }
      measured[j] = 1
      sampler.measure(j)
      cast++
    }
    Atomics.add(control, RAYS, sampler.takeRays())
    Atomics.add(control, DONE, end - start)
    Atomics.notify(control, DONE)
  }
}

/** Measures samples into `share.perFace` with its own caster and vectors (one per thread). */
function createSampler(
  share: CastShare,
  Vec3: typeof Vector3,
): { measure: (j: number) => void; takeRays: () => number } {
  const { normals, centroids, faceArea, order, perFace, coneRays, angle } = share
  const caster = new FirstExitCaster(share.tree)
  const dir = new Vec3()
  const tangent = new Vec3()
  const bitangent = new Vec3()
  const normal = new Vec3()
  const origin = new Vec3()
  const back = new Vec3()
  const wall = new Vec3()
  const exitPoint = new Vec3()
  const walls: number[] = []
  const offset = 1e-7 * share.diag
  let rays = 0
  /**
   * Distance from `from` along `direction` to where the ray leaves the material, or Infinity; where it leaves,
   * `wall` and `exitPoint` are that face's normal and the point.
   */
  const exitDistance = (from: Vector3, direction: Vector3): number => {
    rays++
    // the origin moved by `offset` along the ray, as Vector3.addScaledVector computes it
    const hit = caster.cast(
      from.x + direction.x * offset,
      from.y + direction.y * offset,
      from.z + direction.z * offset,
      direction.x,
      direction.y,
      direction.z,
    )
    if (!hit) return Infinity
    wall.set(caster.normalX, caster.normalY, caster.normalZ)
    exitPoint.set(caster.pointX, caster.pointY, caster.pointZ)
    return caster.distance + offset
  }
  /** Measures the sample at position `j` of the cast order. */
  const measure = (j: number): void => {
    const f = order[j]!
    if (faceArea[f] === 0) return
    normal.set(-normals[3 * j]!, -normals[3 * j + 1]!, -normals[3 * j + 2]!)
    origin.set(centroids[3 * j]!, centroids[3 * j + 1]!, centroids[3 * j + 2]!)
    const central = exitDistance(origin, normal)
    // orthonormal frame around the inward normal
    tangent
      .set(Math.abs(normal.x) < 0.9 ? 1 : 0, Math.abs(normal.x) < 0.9 ? 0 : 1, 0)
      .cross(normal)
      .normalize()
    bitangent.crossVectors(normal, tangent)
    walls.length = 0
    for (let k = 0; k < coneRays; k++) {
      const phi = (2 * Math.PI * k) / coneRays
      dir
        .copy(normal)
        .multiplyScalar(Math.cos(angle))
        .addScaledVector(tangent, Math.sin(angle) * Math.cos(phi))
        .addScaledVector(bitangent, Math.sin(angle) * Math.sin(phi))
      const exit = exitDistance(origin, dir)
      if (exit === Infinity) continue
      // The wall this ray leaves through, measured straight across from the exit point. A wall parallel to
      // this face (within 15°) is the opposite side of a plate: its distance along its normal is exact and
      // needs no second ray.
      if (wall.x * normal.x + wall.y * normal.y + wall.z * normal.z > PARALLEL_COS) {
        walls.push(exit * Math.abs(wall.x * dir.x + wall.y * dir.y + wall.z * dir.z))
        continue
      }
      back.copy(wall).negate()
      const across = exitDistance(exitPoint, back)
      if (Number.isFinite(across)) walls.push(across)
    }
    let value = central
    if (walls.length > coneRays / 2) {
      walls.sort((x, y) => x - y)
      const m = walls.length
      const median = m % 2 === 1 ? walls[(m - 1) / 2]! : (walls[m / 2 - 1]! + walls[m / 2]!) / 2
      value = Math.min(value, median)
    }
    if (Number.isFinite(value)) perFace[f] = value
  }
  const takeRays = (): number => {
    const n = rays
    rays = 0
    return n
  }
  return { measure, takeRays }
}

type ThreeParts = Pick<typeof Three, 'Vector3'>
let threeParts: Promise<ThreeParts> | undefined

/**
 * three.js (its Vector3 for the rays' directions), loaded once, at the first thickness or when a thickness thread
 * starts (`serveWallThickness`): a process that runs only the core (read, repair, measure: the benchmark's fresh
 * process, the analysis child's first thread when the thickness runs on its second) does not load it (decision
 * 0132). three-mesh-bvh is no longer loaded: the tree is built by `buildCastTree` (decision 0138).
 */
export function loadWallThicknessModules(): Promise<ThreeParts> {
  threeParts ??= import('three').then((three) => ({ Vector3: three.Vector3 }))
  return threeParts
}

/** Area-proportional systematic sampling: every face if there are few, otherwise faces at equal area steps. */
function chooseSamples(faceArea: Float64Array, maxSamples: number): number[] {
  const faces = faceArea.length
  if (faces <= maxSamples) return Array.from({ length: faces }, (_, i) => i)
  let total = 0
  for (let f = 0; f < faces; f++) total += faceArea[f]!
  const step = total / maxSamples
  const out: number[] = []
  let next = step / 2
  let acc = 0
  for (let f = 0; f < faces; f++) {
    acc += faceArea[f]!
    if (acc >= next) {
      out.push(f)
      while (next <= acc) next += step
    }
  }
  return out
}

/**
 * Unsampled faces take the value of a nearby sample: values flow from faces to their vertices and back, in
 * alternating forward and backward sweeps over the face list (sequential memory access, unlike a breadth-first
 * queue), until every face connected to a sample has one. Where several reach a vertex the smaller wins, so thin
 * regions are never hidden by a thicker neighbour.
 */
function spreadToUnsampled(
  perFace: Float32Array,
  samples: number[],
  indices: Uint32Array,
  vertexCount: number,
): void {
  const faces = perFace.length
  if (samples.length === faces) return
  const sampled = new Uint8Array(faces)
  for (const f of samples) sampled[f] = 1
  const vertexValue = new Float32Array(vertexCount).fill(Number.POSITIVE_INFINITY)
  const hasValue = new Uint8Array(faces)
  const take = (f: number): void => {
    const t = perFace[f]!
    const v = Number.isNaN(t) ? Number.MAX_VALUE : t
    for (let k = 0; k < 3; k++) {
      const i = indices[3 * f + k]!
      if (v < vertexValue[i]!) vertexValue[i] = v
    }
  }
  for (const f of samples) {
    hasValue[f] = 1
    take(f)
  }
  const fillFace = (f: number): boolean => {
    if (hasValue[f] === 1) return false
    const a = vertexValue[indices[3 * f]!]!
    const b = vertexValue[indices[3 * f + 1]!]!
    const c = vertexValue[indices[3 * f + 2]!]!
    const m = a < b ? (a < c ? a : c) : b < c ? b : c
    if (m === Number.POSITIVE_INFINITY) return false
    perFace[f] = m === Number.MAX_VALUE ? Number.NaN : m
    hasValue[f] = 1
    take(f)
    return true
  }
  for (let sweep = 0; sweep < 64; sweep++) {
    let changed = false
    if (sweep % 2 === 0) {
      for (let f = 0; f < faces; f++) if (fillFace(f)) changed = true
    } else {
      for (let f = faces - 1; f >= 0; f--) if (fillFace(f)) changed = true
    }
    if (!changed) break
  }
}

export function mergeMeshes(meshes: readonly IndexedMesh[]): {
  positions: Float32Array
  indices: Uint32Array
} {
  if (meshes.length === 1) return { positions: meshes[0]!.positions, indices: meshes[0]!.indices }
  let vertices = 0
  let corners = 0
  for (const m of meshes) {
    vertices += m.positions.length
    corners += m.indices.length
  }
  const positions = new Float32Array(vertices)
  const indices = new Uint32Array(corners)
  let vo = 0
  let io = 0
  for (const m of meshes) {
    positions.set(m.positions, vo)
    const base = vo / 3
    for (let i = 0; i < m.indices.length; i++) indices[io + i] = m.indices[i]! + base
    vo += m.positions.length
    io += m.indices.length
  }
  return { positions, indices }
}
