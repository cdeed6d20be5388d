import { assertNonNegative } from '#shared/domain/domain-input-error.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import {
  assessPrintability,
  type PrintabilityAssessment,
  type PrintModeLimits,
} from '#shared/domain/printability.ts'
import { assertQuantity } from '#shared/domain/quantity.ts'
import { lengthFactor, type Dimensions } from '#shared/domain/units.ts'
import type { AnalysedProperties } from '#server/modules/pricing/price-configuration.ts'

/**
 * An analysed object at one scale, unit and quantity, in millimetres: what every configuration of one pricing
 * request shares. A request prices about ten evaluation groups of the same object; scaling and checking its
 * measures once instead of once per group, and judging printability once per print mode, took a share of a new
 * configuration's CPU and allocations off (issue 18, decision 0139). Nothing here depends on a colour or finish.
 */
export interface ScaledObject {
  readonly quantity: number
  readonly lengthFactor: number
  readonly dimensionsMm: Dimensions
  readonly internalVolumeMm3: number
  readonly externalVolumeMm3: number
  readonly surfaceAreaMm2: number
  readonly minXMm: number
  readonly maxXMm: number
  readonly maxYMm: number
  /**
   * The print-mode verdict (assessPrintability) for this object; `accepts` is the sheet's own `printable` cell. The
   * last verdict is kept: a request's configurations of one print mode come one after another.
   */
  printability(printMode: PrintModeLimits, accepts: boolean): PrintabilityAssessment
}

export interface ScaleInput {
  readonly analysed: AnalysedProperties
  readonly scale: number
  /** The cart item's unit of length: millimetres per analysed unit are MM_PER_UNIT[unit]. */
  readonly unit: UnitOfLength
  readonly quantity: number
}

/** Scales and checks the analysis (DomainInputError for a bad quantity, scale or measure), in this order. */
export function scaleObject(input: ScaleInput): ScaledObject {
  const { analysed } = input
  const quantity = assertQuantity(input.quantity)
  const factor = lengthFactor(input.scale, input.unit)
  const area = factor * factor
  const volume = area * factor
  const dimensionsMm = {
    x: assertNonNegative(analysed.dimensions.x, 'analysed.dimensions.x') * factor,
    y: assertNonNegative(analysed.dimensions.y, 'analysed.dimensions.y') * factor,
    z: assertNonNegative(analysed.dimensions.z, 'analysed.dimensions.z') * factor,
  }
  let lastMode: PrintModeLimits | undefined
  let lastAccepts = true
  let lastVerdict: PrintabilityAssessment | undefined
  return {
    quantity,
    lengthFactor: factor,
    dimensionsMm,
    internalVolumeMm3: assertNonNegative(analysed.internalVolume, 'analysed.internalVolume') * volume,
    externalVolumeMm3: assertNonNegative(analysed.externalVolume, 'analysed.externalVolume') * volume,
    surfaceAreaMm2: assertNonNegative(analysed.surfaceArea, 'analysed.surfaceArea') * area,
    minXMm: assertNonNegative(analysed.minX, 'analysed.minX') * factor,
    maxXMm: assertNonNegative(analysed.maxX, 'analysed.maxX') * factor,
    maxYMm: assertNonNegative(analysed.maxY, 'analysed.maxY') * factor,
    printability(printMode, accepts) {
      if (lastVerdict !== undefined && printMode === lastMode && accepts === lastAccepts) return lastVerdict
      lastVerdict = assessPrintability({
        dimensionsMm,
        lengthFactor: factor,
        wallThickness: analysed.wallThickness,
        analysisPrintable: analysed.printable,
        printMode,
        printModeAccepts: accepts,
      })
      lastMode = printMode
      lastAccepts = accepts
      return lastVerdict
    },
  }
}
