/** Axis-aligned bounds as six numbers: min x, y, z, then max x, y, z. Empty input gives ±Infinity. */
export type Bounds = [number, number, number, number, number, number]

/**
 * Grows `box` (min x, y, z, max x, y, z) by the positions. One plain loop with locals: it runs over every vertex
 * of a million-face mesh several times per analysis, and this shape is what V8 optimises best.
 */
export function extendBounds(p: Float32Array, box: Float64Array): void {
  let minX = box[0]!
  let minY = box[1]!
  let minZ = box[2]!
  let maxX = box[3]!
  let maxY = box[4]!
  let maxZ = box[5]!
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
  box[0] = minX
  box[1] = minY
  box[2] = minZ
  box[3] = maxX
  box[4] = maxY
  box[5] = maxZ
}

export function emptyBox(): Float64Array {
  return Float64Array.of(Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity)
}

/** Grows `box` by other bounds, with the comparisons of `extendBounds`, so the result equals one pass over all. */
export function extendBoundsBy(b: Bounds, box: Float64Array): void {
  for (let d = 0; d < 3; d++) {
    if (b[d]! < box[d]!) box[d] = b[d]!
    if (b[d + 3]! > box[d + 3]!) box[d + 3] = b[d + 3]!
  }
}

export function boundsOf(p: Float32Array): Bounds {
  const box = emptyBox()
  extendBounds(p, box)
  return [box[0]!, box[1]!, box[2]!, box[3]!, box[4]!, box[5]!]
}
