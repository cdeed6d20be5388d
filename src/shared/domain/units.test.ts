import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DomainInputError } from '#shared/domain/domain-input-error.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import {
  assertScale,
  assertUnitOfLength,
  fromMillimetres,
  lengthFactor,
  scaleArea,
  scaleDimensions,
  scaleLength,
  scaleVolume,
  toMillimetres,
} from '#shared/domain/units.ts'

describe('units of length', () => {
  it('converts mm, cm and inch to millimetres and back', () => {
    expect(toMillimetres(12, 'mm')).toBe(12)
    expect(toMillimetres(1.5, 'cm')).toBe(15)
    expect(toMillimetres(2, 'inch')).toBeCloseTo(50.8, 12)
    expect(fromMillimetres(50.8, 'inch')).toBeCloseTo(2, 12)
  })

  it('rejects an unknown unit with a typed error', () => {
    expect(() => assertUnitOfLength('m')).toThrow(DomainInputError)
    expect(() => toMillimetres(1, 'feet' as UnitOfLength)).toThrow(/unknown_unit/)
  })

  it('rejects a scale that is not a positive finite number', () => {
    for (const scale of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assertScale(scale)).toThrow(DomainInputError)
    }
  })
})

describe('scaling', () => {
  it('scales lengths linearly, areas quadratically and volumes cubically', () => {
    expect(scaleLength(10, 2, 'cm')).toBe(200)
    expect(scaleArea(10, 2, 'cm')).toBe(4000)
    expect(scaleVolume(10, 2, 'cm')).toBe(80_000)
    const inches = scaleDimensions({ x: 1, y: 2, z: 3 }, 0.5, 'inch')
    expect([inches.x, inches.y, inches.z].map((value) => value.toFixed(9))).toEqual([
      '12.700000000',
      '25.400000000',
      '38.100000000',
    ])
  })

  it('keeps volume / length³ equal to the original ratio at any scale and unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.constantFrom<UnitOfLength>('mm', 'cm', 'inch'),
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        (scale, unit, value) => {
          const factor = lengthFactor(scale, unit)
          expect(scaleVolume(value, scale, unit) / factor ** 3).toBeCloseTo(value, 6)
          expect(scaleArea(value, scale, unit)).toBeCloseTo(value * factor * factor, 6)
        },
      ),
    )
  })
})
