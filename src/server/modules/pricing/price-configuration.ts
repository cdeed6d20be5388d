import { assertFinite, DomainInputError } from '#shared/domain/domain-input-error.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { Cents } from '#shared/domain/money.ts'
import {
  assessPrintability,
  fitsBuildVolume,
  type PrintabilityAssessment,
  type PrintModeLimits,
  type WallThicknessHistogram,
} from '#shared/domain/printability.ts'
import { lineAmounts } from '#shared/domain/tax.ts'
import { lengthFactor, type Dimensions } from '#shared/domain/units.ts'
import { scaleObject, type ScaledObject } from '#server/modules/pricing/scaled-object.ts'
import type { CompiledSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'

/**
 * What the analysis measured at scale 1 (src/engine/measures.md), as numbers in the analysed unit: `unit` below
 * says what one such unit is (mm for a file measured in millimetres). Volumes are unit³, the area unit².
 */
export interface AnalysedProperties {
  readonly dimensions: Dimensions
  /** Material volume, cavities subtracted. */
  readonly internalVolume: number
  /** Bounding-box volume. */
  readonly externalVolume: number
  readonly surfaceArea: number
  /** The three extents sorted: smallest, largest, middle. */
  readonly minX: number
  readonly maxX: number
  readonly maxY: number
  readonly wallThickness?: WallThicknessHistogram | null | undefined
  /** The analysis' verdict on the mesh (closed, manifold, repaired or not). */
  readonly printable: boolean
}

export interface PriceConfigurationInput {
  readonly analysed: AnalysedProperties
  readonly scale: number
  /** The cart item's unit of length: millimetres per analysed unit are MM_PER_UNIT[unit]. */
  readonly unit: UnitOfLength
  readonly quantity: number
  readonly printMode: PrintModeLimits
  /** The chosen colour's and finish's spreadsheet variables. */
  readonly color: { readonly sheetVariable: number }
  readonly finish: { readonly sheetVariable: number }
  /** Chosen processing-step options: option variable → quantity. */
  readonly processingOptions?: Readonly<Record<string, number>> | undefined
  readonly sheet: CompiledSheet
  /** From tax.ts `taxRatePercentFor`; 0 for net-only contexts. */
  readonly taxRatePercent: number
}

export interface PriceConfigurationResult {
  readonly netUnitCents: Cents
  readonly netLineCents: Cents
  readonly taxCents: Cents
  readonly totalLineCents: Cents
  readonly productionTimeDays: number
  readonly printable: boolean
  readonly tooLarge: boolean
  readonly tooSmall: boolean
  readonly mightCauseProblems: boolean
  readonly sheetVersion: string
}

/**
 * Prices one configuration of one analysed object: scale the analysis to millimetres, judge printability for the
 * print mode, evaluate the compiled sheet, and turn its euros into a taxed line (unit × quantity, tax per line).
 * Pure and synchronous; prices are computed even when the part is not printable, the caller decides what to show.
 * Throws DomainInputError (400) for bad inputs and SheetEvaluationError (422) when the sheet cannot price it.
 */
export function priceConfiguration(input: PriceConfigurationInput): PriceConfigurationResult {
  return priceScaledConfiguration(scaleObject(input), input)
}

/** The configuration's part of {@link priceConfiguration}, for an object already scaled (scaled-object.ts). */
export function priceScaledConfiguration(
  object: ScaledObject,
  input: Pick<
    PriceConfigurationInput,
    'printMode' | 'color' | 'finish' | 'processingOptions' | 'sheet' | 'taxRatePercent'
  >,
): PriceConfigurationResult {
  const { quantity } = object
  const result = input.sheet.evaluate({
    xMm: object.dimensionsMm.x,
    yMm: object.dimensionsMm.y,
    zMm: object.dimensionsMm.z,
    internalVolumeMm3: object.internalVolumeMm3,
    externalVolumeMm3: object.externalVolumeMm3,
    surfaceAreaMm2: object.surfaceAreaMm2,
    minXMm: object.minXMm,
    maxXMm: object.maxXMm,
    maxYMm: object.maxYMm,
    quantity,
    color: assertFinite(input.color.sheetVariable, 'color.sheetVariable'),
    finish: assertFinite(input.finish.sheetVariable, 'finish.sheetVariable'),
    options: input.processingOptions,
  })

  const printability = object.printability(input.printMode, result.printable)

  const netLineCents = result.netUnitCents * quantity
  if (!Number.isSafeInteger(netLineCents)) throw new DomainInputError('quantity', 'above_maximum')
  const line = lineAmounts(netLineCents, input.taxRatePercent)
  return {
    netUnitCents: result.netUnitCents,
    netLineCents,
    taxCents: line.taxCents,
    totalLineCents: line.totalCents,
    productionTimeDays: result.productionDays,
    printable: printability.printable,
    tooLarge: printability.tooLarge,
    tooSmall: printability.tooSmall,
    mightCauseProblems: printability.mightCauseProblems,
    sheetVersion: input.sheet.versionId,
  }
}

/**
 * The print-mode verdict without a price: for a configuration whose sheet cannot price it (SheetEvaluationError),
 * so the batch endpoint can still say "too large" instead of only "pricing failed".
 */
export function configurationPrintability(
  input: Pick<PriceConfigurationInput, 'analysed' | 'scale' | 'unit' | 'printMode'>,
): PrintabilityAssessment {
  const factor = lengthFactor(input.scale, input.unit)
  const { dimensions } = input.analysed
  return assessPrintability({
    dimensionsMm: { x: dimensions.x * factor, y: dimensions.y * factor, z: dimensions.z * factor },
    lengthFactor: factor,
    wallThickness: input.analysed.wallThickness,
    analysisPrintable: input.analysed.printable,
    printMode: input.printMode,
  })
}

/**
 * Only the build-volume verdict of {@link configurationPrintability} (the same `tooLarge`), for every print mode a
 * request is checked against: "too large for all" needs nothing else, and the full assessment per offered mode
 * (smallest detail, wall histogram, status) was work a new configuration did not use (issue 18).
 */
export function configurationTooLarge(
  input: Pick<PriceConfigurationInput, 'analysed' | 'scale' | 'unit' | 'printMode'>,
): boolean {
  const factor = lengthFactor(input.scale, input.unit)
  const { dimensions } = input.analysed
  return !fitsBuildVolume(
    { x: dimensions.x * factor, y: dimensions.y * factor, z: dimensions.z * factor },
    input.printMode.maxDimensionsMm,
  )
}

export interface PrintabilityForSelected {
  readonly printable: boolean
  readonly tooLarge: boolean
  readonly tooSmall: boolean
  /** The line's money, or null when the selection cannot be ordered (the client shows a placeholder). */
  readonly price: { readonly netCents: Cents; readonly taxCents: Cents; readonly totalCents: Cents } | null
}

/** Part 1 §3 printabilityForSelected, for the configuration the user has selected. */
export function printabilityForSelected(result: PriceConfigurationResult): PrintabilityForSelected {
  return {
    printable: result.printable,
    tooLarge: result.tooLarge,
    tooSmall: result.tooSmall,
    price: result.printable
      ? { netCents: result.netLineCents, taxCents: result.taxCents, totalCents: result.totalLineCents }
      : null,
  }
}

/**
 * Part 1 §3 printabilityForAll: too large only if it fits no print mode offered. An empty list says nothing, so it
 * is not "too large for all".
 */
export function printabilityForAll(results: readonly Pick<PriceConfigurationResult, 'tooLarge'>[]): {
  readonly tooLarge: boolean
} {
  return { tooLarge: results.length > 0 && results.every((result) => result.tooLarge) }
}
