import { AnalysisError } from '../analysis-error.ts'

/**
 * An affine transform in 3MF order: m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32, applied to row vectors:
 * x' = x m00 + y m10 + z m20 + m30 (and likewise for y', z').
 */
export type Transform = Float64Array

export const IDENTITY: Transform = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0)

export function parseTransform(text: string | undefined): Transform {
  if (text === undefined || text.trim() === '') return IDENTITY
  const parts = text.trim().split(/\s+/)
  if (parts.length !== 12)
    throw new AnalysisError('threemf_invalid_transform', `A transform needs 12 numbers, got ${parts.length}`)
  const t = new Float64Array(12)
  for (let i = 0; i < 12; i++) {
    const v = Number(parts[i])
    if (!Number.isFinite(v))
      throw new AnalysisError(
        'threemf_invalid_transform',
        `Transform value '${parts[i]!.slice(0, 20)}' is not finite`,
      )
    t[i] = v
  }
  return t
}

/** First `a`, then `b`. */
export function compose(a: Transform, b: Transform): Transform {
  const r = new Float64Array(12)
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      let s = row === 3 ? b[9 + col]! : 0
      for (let k = 0; k < 3; k++) s += a[row * 3 + k]! * b[k * 3 + col]!
      r[row * 3 + col] = s
    }
  }
  return r
}

export function determinant(t: Transform): number {
  return (
    t[0]! * (t[4]! * t[8]! - t[5]! * t[7]!) -
    t[1]! * (t[3]! * t[8]! - t[5]! * t[6]!) +
    t[2]! * (t[3]! * t[7]! - t[4]! * t[6]!)
  )
}

export function isIdentity(t: Transform): boolean {
  for (let i = 0; i < 12; i++) if (t[i] !== IDENTITY[i]) return false
  return true
}
