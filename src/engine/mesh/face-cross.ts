/**
 * The cross product (B - A) × (C - A) of face `f` of an indexed mesh, in float64, into `out`; returns its length
 * (twice the face's area). One statement of it for the wall thickness (areas and normals of the sampled faces), the
 * flat-shell check of the repair and the pictures' shading, so they agree on every face to the last bit. `out` is
 * the caller's scratch array: a face loop over a million faces allocates nothing.
 */
export function faceCross(
  positions: Float32Array,
  indices: Uint32Array,
  f: number,
  out: Float64Array,
): number {
  const a = 3 * indices[3 * f]!
  const b = 3 * indices[3 * f + 1]!
  const c = 3 * indices[3 * f + 2]!
  const ux = positions[b]! - positions[a]!
  const uy = positions[b + 1]! - positions[a + 1]!
  const uz = positions[b + 2]! - positions[a + 2]!
  const vx = positions[c]! - positions[a]!
  const vy = positions[c + 1]! - positions[a + 1]!
  const vz = positions[c + 2]! - positions[a + 2]!
  out[0] = uy * vz - uz * vy
  out[1] = uz * vx - ux * vz
  out[2] = ux * vy - uy * vx
  return Math.hypot(out[0], out[1], out[2])
}
