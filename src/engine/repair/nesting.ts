/**
 * Whole-shell orientation after capping: a closed shell with negative volume is inside out and is inverted,
 * unless it lies inside an odd number of other closed shells: then it is a cavity and stays negative. Nesting depth is decided by ray parity from a point on the shell against the other closed shells
 * whose bounding box contains that point; when that would cost more than WORK_LIMIT triangle tests, or the
 * pairing itself more than PAIR_LIMIT box tests, every shell is taken as outer (netfabb's and trimesh's plain
 * "invert negative shells"). Both are counted while pairing, so neither time nor memory grows past them.
 */
const WORK_LIMIT = 50_000_000
const PAIR_LIMIT = 100_000_000
// A direction unlikely to graze edges or vertices of CAD meshes aligned with the axes.
const RAY: readonly [number, number, number] = normalise([0.5773, 0.5919, 0.5626])

function normalise(v: [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2])
  return [v[0] / l, v[1] / l, v[2] / l]
}

export interface ShellGeometry {
  positions: Float32Array
  indices: Uint32Array
  shellOf: Int32Array
  shellCount: number
  /** 1 for shells with no open or non-manifold edge left. */
  closed: Uint8Array
}

/** Signed volume per shell (float64, relative to `origin` to limit cancellation). */
export function shellVolumes(g: ShellGeometry, origin: readonly [number, number, number]): Float64Array {
  const vol = new Float64Array(g.shellCount)
  const { positions: p, indices } = g
  const [ox, oy, oz] = origin
  for (let f = 0; f < g.shellOf.length; f++) {
    const s = g.shellOf[f]!
    if (s < 0) continue
    const a = 3 * indices[3 * f]!
    const b = 3 * indices[3 * f + 1]!
    const c = 3 * indices[3 * f + 2]!
    const ax = p[a]! - ox
    const ay = p[a + 1]! - oy
    const az = p[a + 2]! - oz
    const bx = p[b]! - ox
    const by = p[b + 1]! - oy
    const bz = p[b + 2]! - oz
    const cx = p[c]! - ox
    const cy = p[c + 1]! - oy
    const cz = p[c + 2]! - oz
    vol[s] = vol[s]! + (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6
  }
  return vol
}

/** Returns the shells to invert. */
export function shellsToInvert(g: ShellGeometry, volumes: Float64Array): number[] {
  const n = g.shellCount
  let anyNegative = false
  for (let s = 0; s < n; s++) if (g.closed[s] === 1 && volumes[s]! < 0) anyNegative = true
  if (!anyNegative) return []
  const { positions: p, indices } = g
  const faceCount = new Uint32Array(n)
  const firstFace = new Int32Array(n).fill(-1)
  const box = new Float64Array(n * 6)
  for (let s = 0; s < n; s++) box.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], s * 6)
  for (let f = 0; f < g.shellOf.length; f++) {
    const s = g.shellOf[f]!
    if (s < 0) continue
    faceCount[s] = faceCount[s]! + 1
    if (firstFace[s] === -1) firstFace[s] = f
    for (let k = 0; k < 3; k++) {
      const o = 3 * indices[3 * f + k]!
      for (let d = 0; d < 3; d++) {
        const x = p[o + d]!
        if (x < box[s * 6 + d]!) box[s * 6 + d] = x
        if (x > box[s * 6 + 3 + d]!) box[s * 6 + 3 + d] = x
      }
    }
  }
  // Only a negative shell's depth decides anything, so only negative shells are tested as the inner shell.
  const inner: number[] = []
  const outer: number[] = []
  for (let s = 0; s < n; s++) {
    if (g.closed[s] === 0 || firstFace[s]! < 0) continue
    outer.push(s)
    if (volumes[s]! < 0) inner.push(s)
  }
  const points = new Float64Array(n * 3)
  for (const s of inner) {
    const f = firstFace[s]!
    for (let d = 0; d < 3; d++) {
      points[s * 3 + d] =
        (p[3 * indices[3 * f]! + d]! + p[3 * indices[3 * f + 1]! + d]! + p[3 * indices[3 * f + 2]! + d]!) / 3
    }
  }
  const contains = (t: number, s: number): boolean => {
    for (let d = 0; d < 3; d++) {
      const x = points[s * 3 + d]!
      if (x < box[t * 6 + d]! || x > box[t * 6 + 3 + d]!) return false
    }
    return true
  }
  // first pass: count the work without keeping the (up to n^2) pairs, stopping as soon as a limit is passed
  const needed = new Uint8Array(n)
  let work = 0
  let withinLimits = inner.length * outer.length <= PAIR_LIMIT
  for (let i = 0; withinLimits && i < inner.length; i++) {
    const s = inner[i]!
    for (const t of outer) {
      if (t === s || !contains(t, s)) continue
      needed[t] = 1
      work += faceCount[t]!
      if (work > WORK_LIMIT) {
        withinLimits = false
        break
      }
    }
  }
  const depth = new Uint32Array(n)
  if (withinLimits && work > 0) {
    const facesOf: number[][] = Array.from({ length: n }, () => [])
    for (let f = 0; f < g.shellOf.length; f++) {
      const s = g.shellOf[f]!
      if (s >= 0 && needed[s] === 1) facesOf[s]!.push(f)
    }
    for (const s of inner) {
      for (const t of outer) {
        if (t === s || !contains(t, s)) continue
        if (
          crossings(p, indices, facesOf[t]!, points[s * 3]!, points[s * 3 + 1]!, points[s * 3 + 2]!) % 2 ===
          1
        )
          depth[s] = depth[s]! + 1
      }
    }
  }
  // Only negative shells outside any other shell are inverted: a negative shell inside another is a cavity,
  // and a positive shell inside another is an overlapping solid (common in multi-part meshes), not a cavity.
  const invert: number[] = []
  for (let s = 0; s < n; s++) {
    if (g.closed[s] === 1 && volumes[s]! < 0 && depth[s]! % 2 === 0) invert.push(s)
  }
  return invert
}

/** Möller-Trumbore crossings of the ray from (ox, oy, oz) along RAY with the given faces. */
function crossings(
  p: Float32Array,
  indices: Uint32Array,
  faces: number[],
  ox: number,
  oy: number,
  oz: number,
): number {
  const [dx, dy, dz] = RAY
  let hits = 0
  for (const f of faces) {
    const a = 3 * indices[3 * f]!
    const b = 3 * indices[3 * f + 1]!
    const c = 3 * indices[3 * f + 2]!
    const e1x = p[b]! - p[a]!
    const e1y = p[b + 1]! - p[a + 1]!
    const e1z = p[b + 2]! - p[a + 2]!
    const e2x = p[c]! - p[a]!
    const e2y = p[c + 1]! - p[a + 1]!
    const e2z = p[c + 2]! - p[a + 2]!
    const px = dy * e2z - dz * e2y
    const py = dz * e2x - dx * e2z
    const pz = dx * e2y - dy * e2x
    const det = e1x * px + e1y * py + e1z * pz
    if (det === 0) continue
    const inv = 1 / det
    const tx = ox - p[a]!
    const ty = oy - p[a + 1]!
    const tz = oz - p[a + 2]!
    const u = (tx * px + ty * py + tz * pz) * inv
    if (u < 0 || u > 1) continue
    const qx = ty * e1z - tz * e1y
    const qy = tz * e1x - tx * e1z
    const qz = tx * e1y - ty * e1x
    const v = (dx * qx + dy * qy + dz * qz) * inv
    if (v < 0 || u + v > 1) continue
    const t = (e2x * qx + e2y * qy + e2z * qz) * inv
    if (t > 0) hits++
  }
  return hits
}
