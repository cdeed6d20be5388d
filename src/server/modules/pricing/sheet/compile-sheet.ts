import { centsFromEuros, type Cents } from '#shared/domain/money.ts'
import { snapToInteger } from '#server/modules/pricing/sheet/formula-functions.ts'
import { analyseSheet } from '#server/modules/pricing/sheet/sheet-analysis.ts'
import { SheetEvaluationError, SheetInvalidError } from '#server/modules/pricing/sheet/sheet-errors.ts'
import { ProgramFault, SheetProgram } from '#server/modules/pricing/sheet/sheet-program.ts'
import { RESULT_CELLS, type SheetInputs } from '#server/modules/pricing/sheet/sheet-variables.ts'
import {
  SHEET_LIMITS,
  type SheetIssueReason,
  type SheetSource,
} from '#server/modules/pricing/sheet/sheet-types.ts'

export interface SheetResult {
  /** The unit net price cell as computed, in euros. */
  readonly unitNetPriceEur: number
  /** The same, rounded half away from zero to the cent: the one conversion from a sheet's euros to money. */
  readonly netUnitCents: Cents
  /** Whole business days: the cell rounded up (after ignoring binary noise such as 2.0000000000000004). */
  readonly productionDays: number
  /** The optional `printable` cell (non-zero is true); true when the sheet has none. */
  readonly printable: boolean
}

export interface CompiledSheet {
  readonly versionId: string
  readonly optionVariables: readonly string[]
  /** Prices one configuration. Throws SheetEvaluationError (422 pricing_failed) instead of guessing a price. */
  evaluate(inputs: SheetInputs): SheetResult
}

/** Compiles a saved sheet version once; throws SheetInvalidError listing every static issue. */
export function compileSheet(source: SheetSource): CompiledSheet {
  const analysis = analyseSheet(source.draft)
  if (analysis.issues.length > 0) throw new SheetInvalidError(analysis.issues, source.versionId)
  const program = new SheetProgram(analysis)
  return createCompiledSheet(source.versionId, program, analysis.optionVariables)
}

export function createCompiledSheet(
  versionId: string,
  program: SheetProgram,
  optionVariables: readonly string[],
): CompiledSheet {
  const priceSlot = program.slotOf(RESULT_CELLS.unitNetPrice)
  const daysSlot = program.slotOf(RESULT_CELLS.productionDays)
  const printableSlot = program.slotOf(RESULT_CELLS.printable)
  if (priceSlot === undefined || daysSlot === undefined)
    throw new Error('compiled a sheet without result cells')
  const fail = (cell: string, reason: SheetIssueReason): never => {
    throw new SheetEvaluationError(cell, reason, versionId)
  }
  return {
    versionId,
    optionVariables,
    evaluate(inputs) {
      const slots = runOrFail(program, inputs, fail)
      const price = slots[priceSlot]!
      const days = slots[daysSlot]!
      // Written out instead of via readResults: this is the hot path, and it must not allocate an outcome object.
      if (!(price >= 0 && price <= MAX_EXACT_EUR)) fail(RESULT_CELLS.unitNetPrice, resultFault(price))
      if (!(days >= 0 && days < Infinity)) fail(RESULT_CELLS.productionDays, resultFault(days))
      return {
        unitNetPriceEur: price,
        netUnitCents: centsFromEuros(price, RESULT_CELLS.unitNetPrice),
        productionDays: Math.ceil(snapToInteger(days)),
        printable: printableSlot === undefined ? true : slots[printableSlot]! !== 0,
      }
    },
  }
}

/** Kept apart from `evaluate` so the try/catch does not stand in the way of optimising the caller. */
function runOrFail(
  program: SheetProgram,
  inputs: SheetInputs,
  fail: (cell: string, reason: SheetIssueReason) => never,
): Float64Array {
  try {
    return program.run(inputs)
  } catch (error) {
    if (error instanceof ProgramFault) return fail(error.cell, error.reason)
    throw error
  }
}

function resultFault(value: number): SheetIssueReason {
  return Number.isNaN(value) || value === Infinity
    ? 'not_finite'
    : value < 0
      ? 'negative_result'
      : 'result_too_large'
}

type ResultOutcome =
  | { readonly ok: true; readonly result: Omit<SheetResult, 'printable'> }
  | { readonly ok: false; readonly cell: string; readonly reason: SheetIssueReason }

/**
 * The checks every evaluation's results pass: finite, not negative, and a price that fits exact integer cents.
 * `plausible` adds the SHEET_LIMITS bounds, applied on save with the test parameters: a bound that would reject a
 * real (if huge) part at pricing time would hide its "too large" verdict behind a pricing error.
 */
export function readResults(
  unitNetPriceEur: number,
  productionDays: number,
  plausible = false,
): ResultOutcome {
  const price = checkResult(
    RESULT_CELLS.unitNetPrice,
    unitNetPriceEur,
    plausible ? SHEET_LIMITS.maxUnitNetPriceEur : MAX_EXACT_EUR,
  )
  if (price) return price
  const days = checkResult(
    RESULT_CELLS.productionDays,
    productionDays,
    plausible ? SHEET_LIMITS.maxProductionDays : Infinity,
  )
  if (days) return days
  return {
    ok: true,
    result: {
      unitNetPriceEur,
      netUnitCents: centsFromEuros(unitNetPriceEur, RESULT_CELLS.unitNetPrice),
      productionDays: Math.ceil(snapToInteger(productionDays)),
    },
  }
}

/** Above this a euro amount no longer converts to exact integer cents. */
const MAX_EXACT_EUR = Number.MAX_SAFE_INTEGER / 100

function checkResult(cell: string, value: number, max: number): ResultOutcome | undefined {
  if (!Number.isFinite(value)) return { ok: false, cell, reason: 'not_finite' }
  if (value < 0) return { ok: false, cell, reason: 'negative_result' }
  if (value > max) return { ok: false, cell, reason: 'result_too_large' }
  return undefined
}
