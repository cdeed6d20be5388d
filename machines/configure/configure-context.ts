import { type AnalysisFile, OBJECT_NAME_MAX } from '#shared/contracts/analysis.contract.ts'
import { MIN_QUANTITY, SCALE_FIELD, type UnitOfLength } from '#shared/domain/limits.ts'
import type { CartItemInput } from '#shared/contracts/cart.contract.ts'
import type { PricingSelection } from '#machines/pricing/pricing-request.ts'
import { suggestUnit } from './unit-suggestion.ts'
import type { Axis, Configuration, Context, QuantityError } from './configure.types.ts'

// Readers of the configure context and the rules its fields follow; the machine and the client use them.
/** A scale the fields accept: 0 (empty field) or at least SCALE_FIELD.min. */
export const isAcceptedScale = (scale: number): boolean =>
  Number.isFinite(scale) && (scale === 0 || scale >= SCALE_FIELD.min)

/** The scale a size field asks for, or null when it cannot be had (flat axis, negative or tiny value). */
export const scaleForDimension = (file: AnalysisFile, axis: Axis, value: number | null): number | null => {
  const dimension = file.analysedProperties.dimensions[axis]
  const wanted = value ?? 0
  if (!(dimension > 0) || !Number.isFinite(wanted) || wanted < 0) return null
  const scale = wanted / dimension
  return isAcceptedScale(scale) ? scale : null
}

export const quantityErrorOf = (quantity: number): QuantityError | null => {
  if (!Number.isSafeInteger(quantity)) return 'not_integer'
  return quantity < MIN_QUANTITY ? 'below_minimum' : null
}

/** The name to save: trimmed, the file's own name when nothing is left, at most OBJECT_NAME_MAX characters. */
export const nameToSave = (name: string, fallback: string): string =>
  (name.trim() || fallback.trim() || fallback).slice(0, OBJECT_NAME_MAX)

/**
 * The selection to price, or null while the scale is not a number (0: empty field) or a field holds a refused value:
 * the price follows the fields, so a refused quantity or scale shows no total of the last valid one.
 */
export const pricingSelectionOf = (context: Context): PricingSelection | null =>
  context.scale > 0 && context.quantityError === null && context.scaleError === null
    ? {
        objectId: context.file._id,
        objectScale: context.scale,
        objectUnitLength: context.unit,
        objectQuantity: context.quantity,
        printModeId: context.printModeId,
        surfaceFinishId: context.surfaceFinishId,
        printModeColorId: context.colorId,
      }
    : null

export const configurationOf = (context: Context): Configuration => ({
  objectId: context.file._id,
  cartItemId: context.cartItemId,
  name: nameToSave(context.name, context.file.name),
  unit: context.unit,
  scale: context.scale,
  quantity: context.quantity,
  printModeId: context.printModeId,
  surfaceFinishId: context.surfaceFinishId,
  colorId: context.colorId,
  acknowledgedRepairInfo: context.acknowledgedRepairInfo,
})

/** What the cart gets for a configuration (never a price: the server prices it). */
export function cartItemInputOf(configuration: Configuration): CartItemInput {
  if (configuration.printModeId === null) throw new Error('configure: no print mode chosen')
  return {
    objectId: configuration.objectId,
    quantity: configuration.quantity,
    scale: configuration.scale,
    printModeId: configuration.printModeId,
    surfaceFinishId: configuration.surfaceFinishId,
    printModeColorId: configuration.colorId,
    acknowledgedRepairInfo: configuration.acknowledgedRepairInfo,
  }
}

/** No field holds a refused value. */
export const isValidEntry = (context: Context): boolean =>
  context.quantityError === null && context.scaleError === null

/** The unit to suggest instead of the chosen one, unless the suggestion was dismissed. */
export const unitSuggestionFor = (context: Context, unit: UnitOfLength): UnitOfLength | null =>
  context.unitSuggestionDismissed ? null : suggestUnit(context.file.analysedProperties.dimensions, unit)
