import { type EngineLimits } from '../engine-limits.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'

/** What every reader returns: exact-welded bodies in millimetres, plus how the unit was decided. */
export interface ReadResult {
  bodies: IndexedMesh[]
  /** 'file' when the format carries its own unit (3MF, STEP); otherwise the unit the caller gave. */
  unitSource: 'file' | 'caller'
  /** Factor applied to the file's numbers to get millimetres. */
  unitScaleToMm: number
  /** Triangles as stored in the file (before any cleaning). */
  trianglesRead: number
}

export interface ReadOptions {
  limits: EngineLimits
  /** Millimetres per file unit for unitless formats (STL, PLY, 3DS). */
  unitScaleToMm: number
}

/** Multiplies positions in place; float32 rounding after the scale is accepted (0.5 ulp). */
export function scalePositions(positions: Float32Array, factor: number): void {
  if (factor === 1) return
  for (let i = 0; i < positions.length; i++) positions[i] = positions[i]! * factor
}
