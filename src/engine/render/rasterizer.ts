import { VIEW_FRAMES, type ViewDirection } from './view.ts'

/** Which face covers each pixel of a square orthographic view (-1: background), row 0 at the top. */
export interface FaceIdImage {
  size: number
  faceId: Int32Array
  direction: ViewDirection
  /** Pixel position of a model point in this view (rotation 0). */
  project(x: number, y: number, z: number): [number, number]
}

const MARGIN = 0.06
/** Estimated pixel tests per view, per pixel of the view, above which a view is drawn at a lower resolution. */
const PIXEL_BUDGET_PER_AREA = 40
const MIN_FALLBACK_SIZE = 32
/**
 * Bound on how far outside a triangle a pixel centre can pass the edge-function test through rounding, as
 * ROUNDING_SLACK * size^3 / |2 x area| pixels (the rounding error of an edge function is about 2^-52 size^2; divided
 * by the area it is an error in barycentric units, times the triangle's extent (< 2 size) a distance). The constant
 * has a factor of 1000 to spare.
 */
const ROUNDING_SLACK = 1e-12

/**
 * A z-buffer rasteriser over typed arrays: projects every vertex once, then scans each triangle row by row with
 * edge functions at pixel centres. Only a span around the triangle's extent on each row is tested, not its whole
 * pixel box, so a long thin sliver across the view costs its rows and covered pixels, not the box area. It stores face ids, not colours, so one pass serves the front picture, the
 * repair image and the thickness image of a view. The model is fitted to the square with a small margin, the same
 * scale on both axes.
 */
export function rasterizeFaceIds(
  positions: Float32Array,
  indices: Uint32Array,
  direction: ViewDirection,
  size: number,
): FaceIdImage {
  const { forward, right, up } = VIEW_FRAMES[direction]
  const vertexCount = positions.length / 3
  const sx = new Float32Array(vertexCount)
  const sy = new Float32Array(vertexCount)
  const depth = new Float32Array(vertexCount)
  let minU = Infinity
  let maxU = -Infinity
  let minV = Infinity
  let maxV = -Infinity
  for (let v = 0; v < vertexCount; v++) {
    const x = positions[3 * v]!
    const y = positions[3 * v + 1]!
    const z = positions[3 * v + 2]!
    const u = x * right[0] + y * right[1] + z * right[2]
    const w = x * up[0] + y * up[1] + z * up[2]
    sx[v] = u
    sy[v] = w
    // larger depth = closer to the camera
    depth[v] = -(x * forward[0] + y * forward[1] + z * forward[2])
    if (u < minU) minU = u
    if (u > maxU) maxU = u
    if (w < minV) minV = w
    if (w > maxV) maxV = w
  }
  const span = Math.max(maxU - minU, maxV - minV) || 1
  const scale = (size * (1 - 2 * MARGIN)) / span
  const cu = (minU + maxU) / 2
  const cv = (minV + maxV) / 2
  for (let v = 0; v < vertexCount; v++) {
    sx[v] = size / 2 + (sx[v]! - cu) * scale
    sy[v] = size / 2 - (sy[v]! - cv) * scale
  }
  const faces = indices.length / 3
  const budget = PIXEL_BUDGET_PER_AREA * size * size
  const drawn = rasterize(sx, sy, depth, indices, faces, size, budget)
  let faceId: Int32Array
  if (drawn instanceof Int32Array) {
    faceId = drawn
  } else {
    // Pathological overdraw (thousands of nested surfaces): draw at a resolution whose cost fits the budget and
    // scale the face ids up, so such a file gets a coarser picture instead of holding the worker for tens of
    // seconds. Normal models stay far below the budget.
    const cost = finishCost(sx, sy, indices, size, drawn)
    const small = Math.max(MIN_FALLBACK_SIZE, Math.floor(size * Math.sqrt(budget / cost)))
    const k = small / size
    const half = size / 2
    const smallHalf = small / 2
    for (let v = 0; v < vertexCount; v++) {
      sx[v] = smallHalf + (sx[v]! - half) * k
      sy[v] = smallHalf + (sy[v]! - half) * k
    }
    const ids = rasterize(sx, sy, depth, indices, faces, small, Infinity) as Int32Array
    faceId = new Int32Array(size * size)
    for (let py = 0; py < size; py++) {
      const row = Math.min(small - 1, Math.floor((py + 0.5) * k)) * small
      for (let px = 0; px < size; px++)
        faceId[py * size + px] = ids[row + Math.min(small - 1, Math.floor((px + 0.5) * k))]!
    }
  }
  const project = (x: number, y: number, z: number): [number, number] => [
    size / 2 + (x * right[0] + y * right[1] + z * right[2] - cu) * scale,
    size / 2 - (x * up[0] + y * up[1] + z * up[2] - cv) * scale,
  ]
  return { size, faceId, direction, project }
}

/**
 * The scan: every pixel centre of the triangle's box that passes the edge-function test is drawn (ties in depth keep
 * the earlier face). A row is tested only within the triangle's x-extent over the slab [fy - m, fy + m], widened by m:
 * that holds every pixel centre within m of the triangle, and m covers the rounding slack of the test, so the
 * pixels drawn are exactly those of a full box scan.
 *
 * It also sums the estimated pixel tests (see `faceCost`) face by face, in face order, and gives up, returning the
 * sum so far and the next face, as soon as the sum exceeds `budget`: the terms are never negative, so a partial sum above the budget
 * means the whole sum is too, and a scan that ends within it has the whole sum within it. So this decides exactly
 * as a separate estimate pass before the scan would, without that pass over every face.
 */
function rasterize(
  sx: Float32Array,
  sy: Float32Array,
  depth: Float32Array,
  indices: Uint32Array,
  faces: number,
  size: number,
  budget: number,
): Int32Array | PartialCost {
  const zbuf = new Float32Array(size * size).fill(-Infinity)
  const faceId = new Int32Array(size * size).fill(-1)
  const slackScale = ROUNDING_SLACK * size * size * size
  let cost = 0
  for (let f = 0; f < faces; f++) {
    const a = indices[3 * f]!
    const b = indices[3 * f + 1]!
    const c = indices[3 * f + 2]!
    const ax = sx[a]!
    const ay = sy[a]!
    const bx = sx[b]!
    const by = sy[b]!
    const cx = sx[c]!
    const cy = sy[c]!
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    if (area === 0) continue
    const minX = Math.min(ax, bx, cx)
    const maxX = Math.max(ax, bx, cx)
    const minY = Math.min(ay, by, cy)
    const maxY = Math.max(ay, by, cy)
    const m = 1 + slackScale / Math.abs(area)
    cost += faceCost(maxX - minX, maxY - minY, m, area, size)
    if (cost > budget) return { cost, nextFace: f + 1 }
    const x0 = Math.max(0, Math.ceil(minX - 0.5))
    const x1 = Math.min(size - 1, Math.floor(maxX - 0.5))
    const y0 = Math.max(0, Math.ceil(minY - 0.5))
    const y1 = Math.min(size - 1, Math.floor(maxY - 0.5))
    if (x0 > x1 || y0 > y1) continue
    const inv = 1 / area
    const az = depth[a]!
    const bz = depth[b]!
    const cz = depth[c]!
    for (let py = y0; py <= y1; py++) {
      const fy = py + 0.5
      let lo = Infinity
      let hi = -Infinity
      if (m >= x1 - x0 + 1) {
        lo = x0
        hi = x1
      } else {
        const bottom = fy - m
        const top = fy + m
        if (ay >= bottom && ay <= top) {
          lo = Math.min(lo, ax)
          hi = Math.max(hi, ax)
        }
        if (by >= bottom && by <= top) {
          lo = Math.min(lo, bx)
          hi = Math.max(hi, bx)
        }
        if (cy >= bottom && cy <= top) {
          lo = Math.min(lo, cx)
          hi = Math.max(hi, cx)
        }
        for (let e = 0; e < 3; e++) {
          const px = e === 0 ? ax : e === 1 ? bx : cx
          const pyv = e === 0 ? ay : e === 1 ? by : cy
          const qx = e === 0 ? bx : e === 1 ? cx : ax
          const qy = e === 0 ? by : e === 1 ? cy : ay
          if (pyv === qy) continue
          const ylo = Math.min(pyv, qy)
          const yhi = Math.max(pyv, qy)
          for (let s = 0; s < 2; s++) {
            const level = s === 0 ? bottom : top
            if (level < ylo || level > yhi) continue
            const x = px + ((level - pyv) * (qx - px)) / (qy - pyv)
            lo = Math.min(lo, x)
            hi = Math.max(hi, x)
          }
        }
        if (lo > hi) continue
        lo = Math.max(x0, Math.ceil(lo - m - 0.5))
        hi = Math.min(x1, Math.floor(hi + m - 0.5))
      }
      for (let px = lo; px <= hi; px++) {
        const fx = px + 0.5
        const w0 = ((bx - fx) * (cy - fy) - (by - fy) * (cx - fx)) * inv
        const w1 = ((cx - fx) * (ay - fy) - (cy - fy) * (ax - fx)) * inv
        const w2 = 1 - w0 - w1
        if (w0 < 0 || w1 < 0 || w2 < 0) continue
        const z = w0 * az + w1 * bz + w2 * cz
        const o = py * size + px
        if (z > zbuf[o]!) {
          zbuf[o] = z
          faceId[o] = f
        }
      }
    }
  }
  return faceId
}

/**
 * Pixel tests `rasterize` will make for a face, roughly: per row of its box its span (as in `rasterize`) plus its
 * area. `rasterize` sums these in face order; keep the arithmetic as it is, the sum decides the fallback.
 */
function faceCost(boxWidth: number, boxHeight: number, m: number, area: number, size: number): number {
  const width = Math.min(size, boxWidth + 1)
  const rows = Math.min(size, boxHeight + 1)
  return rows * (1 + Math.min(width, 2 * m + 2 + (2 * m * width) / rows)) + Math.abs(area) / 2
}

/** The estimate summed by a `rasterize` that gave up, and the face it goes on with. */
interface PartialCost {
  cost: number
  nextFace: number
}

/** The whole estimate (for the fallback's size): the sum a `rasterize` gave up on, continued over the faces left. */
function finishCost(
  sx: Float32Array,
  sy: Float32Array,
  indices: Uint32Array,
  size: number,
  partial: PartialCost,
): number {
  const slackScale = ROUNDING_SLACK * size * size * size
  let cost = partial.cost
  for (let i = 3 * partial.nextFace; i < indices.length; i += 3) {
    const a = indices[i]!
    const b = indices[i + 1]!
    const c = indices[i + 2]!
    const area = (sx[b]! - sx[a]!) * (sy[c]! - sy[a]!) - (sy[b]! - sy[a]!) * (sx[c]! - sx[a]!)
    if (area === 0) continue
    const m = 1 + slackScale / Math.abs(area)
    cost += faceCost(
      Math.max(sx[a]!, sx[b]!, sx[c]!) - Math.min(sx[a]!, sx[b]!, sx[c]!),
      Math.max(sy[a]!, sy[b]!, sy[c]!) - Math.min(sy[a]!, sy[b]!, sy[c]!),
      m,
      area,
      size,
    )
  }
  return cost
}
