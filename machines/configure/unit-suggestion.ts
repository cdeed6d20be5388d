import type { UnitOfLength } from '#shared/domain/limits.ts'
import { type Dimensions, MM_PER_UNIT } from '#shared/domain/units.ts'

/**
 * "Was this drawn in inches?" A unitless file (STL, PLY) read in the wrong unit comes out absurdly small or large.
 * Outside this range of the largest side, read in the current unit, the configure view suggests another unit.
 */
export const UNIT_SUGGESTION_RANGE_MM = { min: 5, max: 1_000 } as const

/**
 * The unit to suggest for a model whose analysed dimensions are read in `unit`: `inch` when the part is tiny
 * (drawn in inches, read as mm or cm), `mm` when it is huge (drawn in mm, read as inch or cm); null when the size is
 * plausible or no other unit would help.
 */
export function suggestUnit(dimensions: Dimensions, unit: UnitOfLength): UnitOfLength | null {
  const largest = Math.max(dimensions.x, dimensions.y, dimensions.z)
  if (!Number.isFinite(largest) || largest <= 0) return null
  const largestMm = largest * MM_PER_UNIT[unit]
  if (largestMm < UNIT_SUGGESTION_RANGE_MM.min && unit !== 'inch') return 'inch'
  if (largestMm > UNIT_SUGGESTION_RANGE_MM.max && unit !== 'mm') return 'mm'
  return null
}
