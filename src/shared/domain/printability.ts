import { assertNonNegative, assertPositive, DomainInputError } from '#shared/domain/domain-input-error.ts'
import type { Dimensions } from '#shared/domain/units.ts'

/**
 * Wall thickness as the analysis reports it (src/engine/measures.md, `thickness.histogram`): bin i holds the
 * surface area whose thickness at scale 1 lies in [binEdgesMm[i], binEdgesMm[i + 1]); the last edge is Infinity
 * (null once it went through JSON). Other fields of the analysis' histogram are ignored here.
 */
export interface WallThicknessHistogram {
  readonly binEdgesMm: readonly (number | null)[]
  readonly areaMm2: readonly number[]
}

export interface PrintModeLimits {
  readonly maxDimensionsMm: Dimensions
  readonly minFeatureSizeMm: number
}

export interface PrintabilityInput {
  /** The part's bounding box after unit and scale. */
  readonly dimensionsMm: Dimensions
  /** Millimetres per analysed unit after scaling (units.ts `lengthFactor`), to bring the histogram to this scale. */
  readonly lengthFactor: number
  readonly wallThickness?: WallThicknessHistogram | null | undefined
  /** The analysis' verdict on the mesh itself (closed, manifold, …), independent of any print mode. */
  readonly analysisPrintable: boolean
  readonly printMode: PrintModeLimits
  /** The print mode's own verdict (its price sheet's optional `printable` cell); true when it has none. */
  readonly printModeAccepts?: boolean | undefined
}

/** One print mode's verdict, in the order of precedence the message area uses (part 1 §4). */
export type PrintabilityStatus =
  | 'not_printable'
  | 'too_large'
  | 'too_small'
  | 'not_printable_for_print_mode'
  | 'might_cause_problems'
  | 'printable'

export interface PrintabilityAssessment {
  /** Can be ordered in this print mode: the mesh is printable, it fits, is not too small, and the mode accepts it. */
  readonly printable: boolean
  readonly tooLarge: boolean
  /** The whole part is thinner than the mode's minimum feature size: it cannot be printed (decision 0102). */
  readonly tooSmall: boolean
  readonly thinWalls: boolean
  /** A warning only: some walls thinner than the minimum feature size at this scale, the part itself large enough. */
  readonly mightCauseProblems: boolean
  readonly status: PrintabilityStatus
}

/** Binary noise (a 200 mm part scaled 0.1 × 10) must not flip a part that sits exactly on a limit. */
const RELATIVE_TOLERANCE = 1e-9

/**
 * Fits if some axis-aligned orientation fits: sorting both boxes and comparing side by side is exactly that test
 * (docs/decisions/0030-printability-axes.md). Diagonal placements are not considered.
 */
export function fitsBuildVolume(partMm: Dimensions, maxMm: Dimensions): boolean {
  const part = sortedSides(partMm, 'dimensionsMm')
  const max = sortedSides(maxMm, 'printMode.maxDimensionsMm')
  const grown = 1 + RELATIVE_TOLERANCE
  return part[0] <= max[0] * grown && part[1] <= max[1] * grown && part[2] <= max[2] * grown
}

/**
 * Too small to print at all in this mode: the part's smallest side (its bounding box, in any orientation) lies below
 * the mode's minimum feature size, so no layer or laser track can form it (decision 0102).
 */
export function isTooSmall(partMm: Dimensions, minFeatureSizeMm: number): boolean {
  const smallest = sortedSides(partMm, 'dimensionsMm')[0]
  return (
    smallest < assertNonNegative(minFeatureSizeMm, 'printMode.minFeatureSizeMm') * (1 - RELATIVE_TOLERANCE)
  )
}

/**
 * True when some surface may be thinner than the minimum feature size at this scale: any non-empty bin whose lower
 * edge, scaled, lies below it. A bin straddling the limit counts, because this only raises a warning and a missed
 * thin wall costs a failed print.
 */
export function hasThinWalls(
  histogram: WallThicknessHistogram,
  lengthFactor: number,
  minFeatureSizeMm: number,
): boolean {
  assertPositive(lengthFactor, 'lengthFactor')
  const limit = assertNonNegative(minFeatureSizeMm, 'printMode.minFeatureSizeMm') * (1 - RELATIVE_TOLERANCE)
  assertHistogram(histogram)
  return histogram.areaMm2.some(
    (area, index) => area > 0 && (histogram.binEdgesMm[index] ?? Infinity) * lengthFactor < limit,
  )
}

export function assessPrintability(input: PrintabilityInput): PrintabilityAssessment {
  const tooLarge = !fitsBuildVolume(input.dimensionsMm, input.printMode.maxDimensionsMm)
  const tooSmall = isTooSmall(input.dimensionsMm, input.printMode.minFeatureSizeMm)
  const thinWalls = input.wallThickness
    ? hasThinWalls(input.wallThickness, input.lengthFactor, input.printMode.minFeatureSizeMm)
    : false
  const accepts = input.printModeAccepts ?? true
  // A part too small as a whole has thin walls everywhere: that is the refusal, not an extra warning.
  const mightCauseProblems = thinWalls && !tooSmall
  return {
    printable: input.analysisPrintable && !tooLarge && !tooSmall && accepts,
    tooLarge,
    tooSmall,
    thinWalls,
    mightCauseProblems,
    status: statusOf(input.analysisPrintable, tooLarge, tooSmall, accepts, mightCauseProblems),
  }
}

/** The precedence of part 1 §4's message area: the mesh, then the build volume, then the smallest detail. */
function statusOf(
  analysisPrintable: boolean,
  tooLarge: boolean,
  tooSmall: boolean,
  accepts: boolean,
  mightCauseProblems: boolean,
): PrintabilityStatus {
  if (!analysisPrintable) return 'not_printable'
  if (tooLarge) return 'too_large'
  if (tooSmall) return 'too_small'
  if (!accepts) return 'not_printable_for_print_mode'
  return mightCauseProblems ? 'might_cause_problems' : 'printable'
}

/** The printability message states of part 1 §4, as codes; views turn them into text. */
export const PRINTABILITY_MESSAGES = [
  'too_large_for_all_print_modes',
  'too_large_for_print_mode',
  'too_small_for_print_mode',
  'not_printable_for_print_mode',
  'might_cause_problems',
  'printable',
  'not_printable',
  'indeterminate',
] as const
export type PrintabilityMessage = (typeof PRINTABILITY_MESSAGES)[number]

export const PRINTABILITY_MESSAGE_SEVERITY = {
  too_large_for_all_print_modes: 'danger',
  too_large_for_print_mode: 'warning',
  too_small_for_print_mode: 'warning',
  not_printable_for_print_mode: 'warning',
  might_cause_problems: 'warning',
  printable: 'success',
  not_printable: 'danger',
  indeterminate: 'none',
} as const satisfies Record<PrintabilityMessage, 'danger' | 'warning' | 'success' | 'none'>

/**
 * Picks the one message for the selected print mode, given every mode's verdict. `selected` is absent while the
 * scale is not a number or prices are still being calculated.
 */
export function printabilityMessage(
  selected: Pick<PrintabilityAssessment, 'status'> | null | undefined,
  all: readonly Pick<PrintabilityAssessment, 'tooLarge'>[],
): PrintabilityMessage {
  if (!selected) return 'indeterminate'
  if (selected.status === 'not_printable') return 'not_printable'
  if (all.length > 0 && all.every((mode) => mode.tooLarge)) return 'too_large_for_all_print_modes'
  switch (selected.status) {
    case 'too_large':
      return 'too_large_for_print_mode'
    case 'too_small':
      return 'too_small_for_print_mode'
    case 'not_printable_for_print_mode':
      return 'not_printable_for_print_mode'
    case 'might_cause_problems':
      return 'might_cause_problems'
    case 'printable':
      return 'printable'
  }
}

function sortedSides(dimensions: Dimensions, field: string): [number, number, number] {
  let a = dimensions.x
  let b = dimensions.y
  let c = dimensions.z
  // Field names are built only on failure: this runs for every priced configuration.
  if (!(a >= 0 && a < Infinity)) assertNonNegative(a, `${field}.x`)
  if (!(b >= 0 && b < Infinity)) assertNonNegative(b, `${field}.y`)
  if (!(c >= 0 && c < Infinity)) assertNonNegative(c, `${field}.z`)
  // Three compare-and-swaps instead of Array#sort with a comparator (a measurable share of a pricing request), through
  // a local rather than `[a, b] = [b, a]`, which allocated an array per swap (about 8 kB per pricing request, issue 18).
  let swap: number
  if (a > b) {
    swap = a
    a = b
    b = swap
  }
  if (b > c) {
    swap = b
    b = c
    c = swap
  }
  if (a > b) {
    swap = a
    a = b
    b = swap
  }
  return [a, b, c]
}

function assertHistogram(histogram: WallThicknessHistogram): void {
  const { binEdgesMm: edges, areaMm2: areas } = histogram
  if (edges.length !== areas.length + 1)
    throw new DomainInputError('wallThickness.binEdgesMm', 'inconsistent')
  let previous = 0
  for (let index = 0; index < edges.length; index++) {
    // Only the last edge may be open (Infinity, or null from JSON).
    const edge = edges[index] ?? (index === edges.length - 1 ? Infinity : Number.NaN)
    const open = index === edges.length - 1 && edge === Infinity
    if (!open && !(edge >= 0 && edge < Infinity)) assertNonNegative(edge, `wallThickness.binEdgesMm.${index}`)
    if (edge < previous) throw new DomainInputError('wallThickness.binEdgesMm', 'inconsistent')
    previous = edge
  }
  for (let index = 0; index < areas.length; index++) {
    const area = areas[index]!
    if (!(area >= 0 && area < Infinity)) assertNonNegative(area, `wallThickness.areaMm2.${index}`)
  }
}
