import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type UnitOfLength } from '#shared/domain/limits.ts'
import { type Dimensions } from '#shared/domain/units.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { formatNumber } from '#client/common/money.ts'

/** The units of length as the unit selector names them. */
export const unitNames = {
  mm: msg`Millimeter (mm)`,
  cm: msg`Zentimeter (cm)`,
  inch: msg`Zoll (in)`,
} as const satisfies Record<UnitOfLength, MessageDescriptor>

/** The short unit after a number. */
export const unitSymbols = {
  mm: msg`mm`,
  cm: msg`cm`,
  inch: msg`Zoll`,
} as const satisfies Record<UnitOfLength, MessageDescriptor>

/** "Was your model drawn in …?" for the unit suggestion. */
export const drawnInQuestions = {
  mm: msg`Wurde Ihr Modell in Millimetern gezeichnet?`,
  cm: msg`Wurde Ihr Modell in Zentimetern gezeichnet?`,
  inch: msg`Wurde Ihr Modell in Zoll gezeichnet?`,
} as const satisfies Record<UnitOfLength, MessageDescriptor>

/** "40,00 × 20,00 × 10,00 mm": a size with two decimals and its unit. */
export function formatSize(dimensions: Dimensions, unit: UnitOfLength, locale: Locale, i18n: I18n): string {
  const numbers = [dimensions.x, dimensions.y, dimensions.z].map((value) =>
    formatNumber(value, locale, { min: 2, max: 2 }),
  )
  return `${numbers.join(' × ')} ${i18n._(unitSymbols[unit])}`
}

/** The analysed size after the user's scale, in the unit the numbers are read in. */
export function scaledSize(dimensions: Dimensions, scale: number): Dimensions {
  return { x: dimensions.x * scale, y: dimensions.y * scale, z: dimensions.z * scale }
}
