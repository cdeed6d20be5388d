/**
 * Triangulates a hole's boundary polygon (given in the cap's winding). The method depends on the shape, because a
 * centroid fan bulges or caves on a large non-planar hole (about 2 % of the volume on admesh's conveyor sample):
 * - 3 vertices: the triangle itself;
 * - planar (every vertex within 1e-4 of the polygon size from the best-fit plane): ear clipping in that plane,
 *   which reproduces the missing flat faces exactly (completes only up to EAR_GUARD_MAX_VERTICES; longer planar
 *   holes take the next steps);
 * - non-planar up to 200 vertices: the minimum-area triangulation (dynamic programming, Liepa 2003), a
 *   minimal surface spanning the loop;
 * - anything else (very long, or ear clipping fails on a self-overlapping projection): ear clipping on the
 *   best-fit plane, and a fan around an added centroid vertex only as the last resort.
 * The minimum-area triangulations of one body share a budget of area evaluations (DP_BUDGET_PER_BODY): many
 * long non-planar holes would otherwise cost n^3/6 each; holes past the budget take the later fallbacks.
 */
export interface CapTriangulation {
  triangles: number[]
  /** A vertex to append (x, y, z) when the fan fallback was used; its index is the `newVertex` placeholder. */
  extraVertex: [number, number, number] | undefined
}

export const NEW_VERTEX = -1
const MAX_DP_VERTICES = 200
const MAX_EAR_VERTICES = 20_000
/** About 15 holes of 200 vertices (under a second); the real meshes in the golden set use at most 0.8 M. */
export const DP_BUDGET_PER_BODY = 20_000_000
/**
 * earClip's guard (clips so far > remaining^2 + 16) trips at the latest with 4 vertices left once the polygon
 * has more than 36, so a longer polygon never completes there. Deciding that before the O(n^3) ear search
 * keeps the outcome (pinned by the golden comparisons) and bounds the work.
 */
const EAR_GUARD_MAX_VERTICES = 36

/** Area evaluations left for the minimum-area triangulations of one body; create one per body. */
export interface TriangulationBudget {
  dpEvaluations: number
}

export function newTriangulationBudget(): TriangulationBudget {
  return { dpEvaluations: DP_BUDGET_PER_BODY }
}

export function triangulatePolygon(
  positions: Float32Array,
  polygon: number[],
  budget: TriangulationBudget = newTriangulationBudget(),
): CapTriangulation {
  const n = polygon.length
  if (n === 3) return { triangles: [...polygon], extraVertex: undefined }
  const pts = polygon.map((v) => [positions[3 * v]!, positions[3 * v + 1]!, positions[3 * v + 2]!] as const)
  const { normal, centroid, size } = newellPlane(pts)
  let planar = true
  for (const p of pts) {
    const d =
      (p[0] - centroid[0]) * normal[0] + (p[1] - centroid[1]) * normal[1] + (p[2] - centroid[2]) * normal[2]
    if (Math.abs(d) > 1e-4 * size) planar = false
  }
  // C(n, 3): the DP evaluates one triangle area per (i, k, j) triple, so its cost is known before it runs
  const dpCost = (n * (n - 1) * (n - 2)) / 6
  const dpAffordable = (): boolean => {
    if (n > MAX_DP_VERTICES || dpCost > budget.dpEvaluations) return false
    budget.dpEvaluations -= dpCost
    return true
  }
  if (!planar && dpAffordable()) return { triangles: minimumArea(pts, polygon), extraVertex: undefined }
  if (n <= MAX_EAR_VERTICES) {
    const ears = earClip(pts, normal)
    if (ears !== undefined) return { triangles: ears.map((i) => polygon[i]!), extraVertex: undefined }
    if (dpAffordable()) return { triangles: minimumArea(pts, polygon), extraVertex: undefined }
  }
  const triangles: number[] = []
  for (let i = 0; i < n; i++) triangles.push(polygon[i]!, polygon[(i + 1) % n]!, NEW_VERTEX)
  return { triangles, extraVertex: [centroid[0], centroid[1], centroid[2]] }
}

type P3 = readonly [number, number, number]

function newellPlane(pts: readonly P3[]): { normal: P3; centroid: P3; size: number } {
  let nx = 0
  let ny = 0
  let nz = 0
  let cx = 0
  let cy = 0
  let cz = 0
  let size = 0
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!
    const q = pts[(i + 1) % pts.length]!
    nx += (p[1] - q[1]) * (p[2] + q[2])
    ny += (p[2] - q[2]) * (p[0] + q[0])
    nz += (p[0] - q[0]) * (p[1] + q[1])
    cx += p[0]
    cy += p[1]
    cz += p[2]
    size += Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2])
  }
  const len = Math.hypot(nx, ny, nz) || 1
  const n = pts.length
  return { normal: [nx / len, ny / len, nz / len], centroid: [cx / n, cy / n, cz / n], size: size / Math.PI }
}

function triangleArea(a: P3, b: P3, c: P3): number {
  const ux = b[0] - a[0]
  const uy = b[1] - a[1]
  const uz = b[2] - a[2]
  const vx = c[0] - a[0]
  const vy = c[1] - a[1]
  const vz = c[2] - a[2]
  return 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx)
}

/** Minimum total area over all triangulations of the polygon that keep its vertex order. O(n^3). */
function minimumArea(pts: readonly P3[], polygon: number[]): number[] {
  const n = pts.length
  const cost = new Float64Array(n * n)
  const split = new Int32Array(n * n)
  for (let gap = 2; gap < n; gap++) {
    for (let i = 0; i + gap < n; i++) {
      const j = i + gap
      let best = Infinity
      let bestK = i + 1
      for (let k = i + 1; k < j; k++) {
        const c = cost[i * n + k]! + cost[k * n + j]! + triangleArea(pts[i]!, pts[k]!, pts[j]!)
        if (c < best) {
          best = c
          bestK = k
        }
      }
      cost[i * n + j] = best
      split[i * n + j] = bestK
    }
  }
  const out: number[] = []
  const stack: Array<[number, number]> = [[0, n - 1]]
  while (stack.length > 0) {
    const [i, j] = stack.pop()!
    if (j - i < 2) continue
    const k = split[i * n + j]!
    out.push(polygon[i]!, polygon[k]!, polygon[j]!)
    stack.push([i, k], [k, j])
  }
  return out
}

/** Ear clipping of the polygon projected on the plane with the given normal; undefined if it gets stuck. */
function earClip(pts: readonly P3[], normal: P3): number[] | undefined {
  if (pts.length > EAR_GUARD_MAX_VERTICES) return undefined
  // orthonormal basis (u, v) with u x v = normal, so the polygon is counter-clockwise in (u, v)
  const ax = Math.abs(normal[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]
  let u: P3 = [
    normal[1] * ax[2]! - normal[2] * ax[1]!,
    normal[2] * ax[0]! - normal[0] * ax[2]!,
    normal[0] * ax[1]! - normal[1] * ax[0]!,
  ]
  const ul = Math.hypot(u[0], u[1], u[2])
  u = [u[0] / ul, u[1] / ul, u[2] / ul]
  const v: P3 = [
    normal[1] * u[2] - normal[2] * u[1],
    normal[2] * u[0] - normal[0] * u[2],
    normal[0] * u[1] - normal[1] * u[0],
  ]
  const xs = pts.map((p) => p[0] * u[0] + p[1] * u[1] + p[2] * u[2])
  const ys = pts.map((p) => p[0] * v[0] + p[1] * v[1] + p[2] * v[2])
  const remaining = pts.map((_, i) => i)
  const out: number[] = []
  const orient = (a: number, b: number, c: number): number =>
    (xs[b]! - xs[a]!) * (ys[c]! - ys[a]!) - (ys[b]! - ys[a]!) * (xs[c]! - xs[a]!)
  let guard = 0
  while (remaining.length > 3) {
    if (guard++ > remaining.length * remaining.length + 16) return undefined
    let clipped = false
    for (let i = 0; i < remaining.length; i++) {
      const a = remaining[(i + remaining.length - 1) % remaining.length]!
      const b = remaining[i]!
      const c = remaining[(i + 1) % remaining.length]!
      if (orient(a, b, c) <= 0) continue
      let inside = false
      for (const p of remaining) {
        if (p === a || p === b || p === c) continue
        if (orient(a, b, p) >= 0 && orient(b, c, p) >= 0 && orient(c, a, p) >= 0) {
          inside = true
          break
        }
      }
      if (inside) continue
      out.push(a, b, c)
      remaining.splice(i, 1)
      clipped = true
      break
    }
    if (!clipped) return undefined
  }
  out.push(remaining[0]!, remaining[1]!, remaining[2]!)
  return out
}
