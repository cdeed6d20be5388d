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

/**
 * A z-buffer rasteriser over typed arrays: projects every vertex once, then scans each triangle's pixel box with
 * edge functions at pixel centres. It stores face ids, not colours, so one pass serves the front picture, the
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
  const zbuf = new Float32Array(size * size).fill(-Infinity)
  const faceId = new Int32Array(size * size).fill(-1)
  const faces = indices.length / 3
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
    const x0 = Math.max(0, Math.ceil(Math.min(ax, bx, cx) - 0.5))
    const x1 = Math.min(size - 1, Math.floor(Math.max(ax, bx, cx) - 0.5))
    const y0 = Math.max(0, Math.ceil(Math.min(ay, by, cy) - 0.5))
    const y1 = Math.min(size - 1, Math.floor(Math.max(ay, by, cy) - 0.5))
    if (x0 > x1 || y0 > y1) continue
    const inv = 1 / area
    const az = depth[a]!
    const bz = depth[b]!
    const cz = depth[c]!
    for (let py = y0; py <= y1; py++) {
      const fy = py + 0.5
      for (let px = x0; px <= x1; px++) {
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
  const project = (x: number, y: number, z: number): [number, number] => [
    size / 2 + (x * right[0] + y * right[1] + z * right[2] - cu) * scale,
    size / 2 - (x * up[0] + y * up[1] + z * up[2] - cv) * scale,
  ]
  return { size, faceId, direction, project }
}
