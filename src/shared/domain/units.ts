import { assertFinite, assertPositive, DomainInputError } from '#shared/domain/domain-input-error.ts'
import { MM_PER_UNIT, UNITS_OF_LENGTH, type UnitOfLength } from '#shared/domain/limits.ts'

export { MM_PER_UNIT }

/**
 * An analysed model carries numbers in its file's unit of length (givenUnitOfLength); pricing and printability work in
 * millimetres after the user's scale. These helpers are the only place that conversion happens.
 */

export interface Dimensions {
  readonly x: number
  readonly y: number
  readonly z: number
}

export function isUnitOfLength(value: string): value is UnitOfLength {
  return (UNITS_OF_LENGTH as readonly string[]).includes(value)
}

export function assertUnitOfLength(value: string, field = 'unit'): UnitOfLength {
  if (!isUnitOfLength(value)) throw new DomainInputError(field, 'unknown_unit')
  return value
}

export function assertScale(scale: number, field = 'scale'): number {
  return assertPositive(scale, field)
}

export function toMillimetres(value: number, unit: UnitOfLength): number {
  return assertFinite(value, 'value') * MM_PER_UNIT[assertUnitOfLength(unit)]
}

export function fromMillimetres(valueMm: number, unit: UnitOfLength): number {
  return assertFinite(valueMm, 'value') / MM_PER_UNIT[assertUnitOfLength(unit)]
}

/** Millimetres per file unit after scaling: lengths scale by it, areas by its square, volumes by its cube. */
export function lengthFactor(scale: number, unit: UnitOfLength): number {
  return assertScale(scale) * MM_PER_UNIT[assertUnitOfLength(unit)]
}

export function scaleLength(value: number, scale: number, unit: UnitOfLength): number {
  return assertFinite(value, 'value') * lengthFactor(scale, unit)
}

export function scaleArea(value: number, scale: number, unit: UnitOfLength): number {
  const factor = lengthFactor(scale, unit)
  return assertFinite(value, 'value') * factor * factor
}

export function scaleVolume(value: number, scale: number, unit: UnitOfLength): number {
  const factor = lengthFactor(scale, unit)
  return assertFinite(value, 'value') * factor * factor * factor
}

export function scaleDimensions(dimensions: Dimensions, scale: number, unit: UnitOfLength): Dimensions {
  const factor = lengthFactor(scale, unit)
  return {
    x: assertFinite(dimensions.x, 'dimensions.x') * factor,
    y: assertFinite(dimensions.y, 'dimensions.y') * factor,
    z: assertFinite(dimensions.z, 'dimensions.z') * factor,
  }
}
