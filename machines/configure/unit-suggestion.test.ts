import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UNITS_OF_LENGTH } from '#shared/domain/limits.ts'
import { MM_PER_UNIT } from '#shared/domain/units.ts'
import { UNIT_SUGGESTION_RANGE_MM, suggestUnit } from './unit-suggestion.ts'

const box = (largest: number) => ({ x: largest, y: largest / 2, z: largest / 4 })

describe('suggestUnit', () => {
  it('suggests inch for a part that is tiny read as mm or cm', () => {
    expect(suggestUnit(box(0.12), 'mm')).toBe('inch')
    expect(suggestUnit(box(0.3), 'cm')).toBe('inch')
    expect(suggestUnit(box(0.12), 'inch')).toBeNull()
  })

  it('suggests mm for a part that is huge read as inch or cm', () => {
    expect(suggestUnit(box(400), 'inch')).toBe('mm')
    expect(suggestUnit(box(150), 'cm')).toBe('mm')
    expect(suggestUnit(box(4_000), 'mm')).toBeNull()
  })

  it('suggests nothing for a plausible size, at the limits, or for an empty box', () => {
    expect(suggestUnit(box(40), 'mm')).toBeNull()
    expect(suggestUnit(box(UNIT_SUGGESTION_RANGE_MM.min), 'mm')).toBeNull()
    expect(suggestUnit(box(UNIT_SUGGESTION_RANGE_MM.max / 10), 'cm')).toBeNull()
    expect(suggestUnit({ x: 0, y: 0, z: 0 }, 'mm')).toBeNull()
  })

  it('never suggests the unit already chosen, and a plausible size never gets a suggestion', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-4, max: 1e5, noNaN: true }),
        fc.constantFrom(...UNITS_OF_LENGTH),
        (largest, unit) => {
          const suggestion = suggestUnit(box(largest), unit)
          expect(suggestion).not.toBe(unit)
          const largestMm = largest * MM_PER_UNIT[unit]
          if (largestMm >= UNIT_SUGGESTION_RANGE_MM.min && largestMm <= UNIT_SUGGESTION_RANGE_MM.max)
            expect(suggestion).toBeNull()
        },
      ),
    )
  })
})
