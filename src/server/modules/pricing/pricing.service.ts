import { DEFAULT_TAX_RATE_PERCENT, type UnitOfLength } from '#shared/domain/limits.ts'
import { lineAmounts } from '#shared/domain/tax.ts'
import {
  resultColumnsOf,
  type FilledInParam,
  type PricedConfigurations,
  type PricedResult,
  type PricingBatchRequest,
  type PricingBatchResponse,
  type PricingParam,
} from '#shared/contracts/pricing.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { printModeDefaults } from '#shared/domain/print-mode-defaults.ts'
import type {
  CatalogueCache,
  CatalogueSnapshot,
  ColorEntry,
  FinishEntry,
  PrintModeEntry,
} from '#server/modules/catalogue/catalogue.module.ts'
import type { AnalysedObject, AnalysedObjectRepo } from '#server/modules/analysis/analysis.module.ts'
import {
  configurationTooLarge,
  priceScaledConfiguration,
  printabilityForAll,
  printabilityForSelected,
  type PriceConfigurationResult,
} from '#server/modules/pricing/price-configuration.ts'
import { scaleObject, type ScaledObject } from '#server/modules/pricing/scaled-object.ts'
import type { CompiledSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import type { SheetCache } from '#server/modules/pricing/sheet/sheet-cache.ts'
import { SheetEvaluationError } from '#server/modules/pricing/sheet/sheet-errors.ts'
import { compiledSheet, evaluationFailed, missingSheet } from '#server/modules/pricing/pricing-failures.ts'
import { isSharedParams } from '#server/modules/pricing/pricing-request.ts'

/**
 * `POST /api/pricing/batch-calculations` (spec part 1 §3, §4, §7): prices every requested configuration of one
 * analysed object from the server's own data only: the analysis record (read once per request), the cached
 * catalogue and the compiled current price sheet of each print mode. Reads only; it never writes a row.
 */

export interface PricingServiceDeps {
  catalogue: Pick<CatalogueCache, 'get'>
  analysedObjects: AnalysedObjectRepo
  sheets: SheetCache
  /** The product's tax rate (part 1 §9: "a tax rate held by the product"); DEFAULT_TAX_RATE_PERCENT. */
  taxRatePercent?: number
}

/**
 * What an answer was computed from besides the request: the catalogue snapshot (print modes, finishes, colours and
 * the current sheet versions) and the analysis record. An answer stays right while both are still the current ones.
 */
export interface PricingBasis {
  readonly snapshot: CatalogueSnapshot
  readonly object: AnalysedObject
}

/** A finish and colour choice resolved against the print mode (null where the print mode has none). */
interface ResolvedParam {
  readonly mode: PrintModeEntry
  readonly finish: FinishEntry | null
  readonly color: ColorEntry | null
}

function invalidParam(index: number, field: keyof PricingParam, code: string, message: string): AppError {
  return new AppError(ErrorCode.ValidationFailed, message, {
    issues: [{ path: ['params', index, field], code, message }],
  })
}

/** A finish's first colour in the print mode's colour order; with no finish, its first colour without one. */
function firstColourOf(mode: PrintModeEntry, finish: FinishEntry | null): ColorEntry | undefined {
  return finish === null
    ? mode.colors.find((candidate) => candidate.finishIds.length === 0)
    : mode.colors.find((candidate) => candidate.finishIds.includes(finish.id))
}

/**
 * Resolves one param: the spec's defaults (part 1 §4: the first finish, and that finish's first colour) and its
 * rules (a colour is selectable only with a finish it supports, or when it has none and no finish is chosen).
 */
export function resolveParam(
  snapshot: CatalogueSnapshot,
  whiteLabelId: string,
  param: PricingParam,
  index: number,
): ResolvedParam {
  const mode = snapshot.offeredPrintMode(whiteLabelId, param.printModeId)
  if (mode === undefined) {
    throw new AppError(ErrorCode.NotFound, 'Unknown print mode', {
      details: { resource: 'printMode', param: index, id: param.printModeId },
    })
  }

  let finish: FinishEntry | null = null
  if (param.surfaceFinishId !== undefined) {
    finish = mode.finishesById.get(param.surfaceFinishId) ?? null
    if (finish === null) {
      throw snapshot.knownFinishIds.has(param.surfaceFinishId)
        ? invalidParam(
            index,
            'surfaceFinishId',
            'finish_not_in_print_mode',
            'The surface finish is not offered with this print mode',
          )
        : invalidParam(index, 'surfaceFinishId', 'unknown_surface_finish', 'Unknown surface finish')
    }
  }

  let color: ColorEntry | null = null
  if (param.printModeColorId !== undefined) {
    color = mode.colorsById.get(param.printModeColorId) ?? null
    if (color === null) {
      throw snapshot.knownColorIds.has(param.printModeColorId)
        ? invalidParam(
            index,
            'printModeColorId',
            'color_not_in_print_mode',
            'The colour does not belong to this print mode',
          )
        : invalidParam(index, 'printModeColorId', 'unknown_color', 'Unknown colour')
    }
    if (finish === null && param.surfaceFinishId === undefined && color.finishIds.length > 0) {
      // No finish named: the colour's first finish in the print mode's order.
      finish = mode.finishesById.get(color.finishIds[0]!) ?? null
    }
    const offered = finish === null ? color.finishIds.length === 0 : color.finishIds.includes(finish.id)
    if (!offered) {
      throw invalidParam(
        index,
        'printModeColorId',
        'color_not_in_finish',
        'The colour is not offered with this surface finish',
      )
    }
  } else {
    // No colour named: the print mode's defaults, from the named finish when there is one.
    const defaults = printModeDefaults(
      mode.finishes,
      (chosen: FinishEntry | null) => firstColourOf(mode, chosen),
      param.surfaceFinishId === undefined ? undefined : finish,
    )
    finish = defaults.finish
    color = defaults.colour
  }
  return { mode, finish, color }
}

/**
 * One evaluation group's result in the answer's shape: the configurations of a group share it (decision 0136), so
 * its money is computed and allocated once per group, not once per line (issue 18).
 */
function pricedResultOf(result: PriceConfigurationResult, taxRatePercent: number): PricedResult {
  const unitAmounts = lineAmounts(result.netUnitCents, taxRatePercent)
  return {
    price: {
      netPrice: unitAmounts.netCents,
      totalPrice: unitAmounts.totalCents,
      tax: unitAmounts.taxCents,
      taxRate: taxRatePercent,
    },
    linePrice: {
      netPrice: result.netLineCents,
      totalPrice: result.totalLineCents,
      tax: result.taxCents,
    },
    printable: result.printable,
    tooLarge: result.tooLarge,
    tooSmall: result.tooSmall,
    mightCauseProblems: result.mightCauseProblems,
    productionTimeDays: result.productionTimeDays,
    sheetVersion: result.sheetVersion,
  }
}

/**
 * Which configurations share one evaluation: within one request only the print mode and the two spreadsheet
 * variables vary, so colours that share a factor (most of them) share a group. `groupOf[i]` is the group of
 * `params[i]`, numbered in the order of their first configuration (the order the groups are evaluated, so an
 * evaluation error names the same configuration as pricing them one by one would). Keyed by the mode object and the
 * two numbers in nested maps rather than a concatenated string key: building and hashing 30 such strings was a
 * visible share of a request.
 */
function groupsOf(resolved: readonly ResolvedParam[]): readonly number[] {
  const byMode = new Map<PrintModeEntry, Map<number, Map<number, number>>>()
  let groups = 0
  return resolved.map((entry) => {
    const colorFactor = entry.color?.sheetVariable ?? 1
    const finishFactor = entry.finish?.sheetVariable ?? 1
    let byColor = byMode.get(entry.mode)
    if (byColor === undefined) byMode.set(entry.mode, (byColor = new Map()))
    let byFinish = byColor.get(colorFactor)
    if (byFinish === undefined) byColor.set(colorFactor, (byFinish = new Map()))
    let group = byFinish.get(finishFactor)
    if (group === undefined) byFinish.set(finishFactor, (group = groups++))
    return group
  })
}

/** The verdict and price of the first (selected) configuration, in the answer's shape. */
function selectedPrintability(
  result: PriceConfigurationResult,
): PricingBatchResponse['printabilityForSelected'] {
  const selected = printabilityForSelected(result)
  return {
    printable: selected.printable,
    tooLarge: selected.tooLarge,
    tooSmall: selected.tooSmall,
    price:
      selected.price === null
        ? null
        : {
            netPrice: selected.price.netCents,
            totalPrice: selected.price.totalCents,
            tax: selected.price.taxCents,
          },
  }
}

/** The ids one line of the answer names: the configuration actually priced (defaults filled in). */
export interface PricedLineIds {
  readonly printModeId: string
  readonly surfaceFinishId: string | null
  readonly printModeColorId: string | null
}

/**
 * A priced batch: each evaluation group's result once, and which group each requested configuration is in. The wire
 * answer is this form (`responseOf`, decision 0136); the cart takes one line per configuration (`answerOf`).
 */
export interface PricedBatch {
  /**
   * The ids of every requested configuration, in request order. The same array (by identity) for every request
   * with the same shared params array (pricing-body.ts) while the snapshot stands.
   */
  readonly lines: readonly PricedLineIds[]
  /** `groupOf[i]` is the index in `groups` of line `i`. */
  readonly groupOf: readonly number[]
  /** The lines whose param left a finish or colour out, with the ids priced. */
  readonly filledIn: readonly FilledInParam[]
  /** Each group's result, in the order of the group's first line. */
  readonly groups: readonly PricedResult[]
  readonly printabilityForSelected: PricingBatchResponse['printabilityForSelected']
  readonly printabilityForAll: PricingBatchResponse['printabilityForAll']
}

/** The answer on the wire: each group's result once, in columns, and each line's group (the contract's own shape). */
export function responseOf(batch: PricedBatch): PricingBatchResponse {
  return {
    results: resultColumnsOf(batch.groups),
    resultOf: batch.groupOf as number[],
    filledIn: batch.filledIn as FilledInParam[],
    printabilityForSelected: batch.printabilityForSelected,
    printabilityForAll: batch.printabilityForAll,
  }
}

/** One line per configuration: its group's result under its own ids (the cart's form). */
export function answerOf(batch: PricedBatch): PricedConfigurations {
  return {
    prices: batch.lines.map((ids, index) => ({ ...ids, ...batch.groups[batch.groupOf[index]!]! })),
    printabilityForSelected: batch.printabilityForSelected,
    printabilityForAll: batch.printabilityForAll,
  }
}

/** The resolution of a shared params array and its groups, valid for one snapshot and white label. */
interface ResolvedParams {
  readonly snapshot: CatalogueSnapshot
  readonly whiteLabelId: string
  readonly resolved: readonly ResolvedParam[]
  readonly lines: readonly PricedLineIds[]
  readonly groupOf: readonly number[]
  readonly filledIn: readonly FilledInParam[]
  /**
   * Each group's compiled sheet, by the index of its first line, filled in as groups are first priced: the current
   * sheet of a mode is the snapshot's and the white label's, both fixed for this resolution, so the requests that
   * share it look up each sheet once instead of three Map reads per group and request (issue 18).
   */
  readonly sheets: (CompiledSheet | undefined)[]
}

/** The params that left a finish or colour out, with the ids the server priced for them. */
function filledInOf(params: readonly PricingParam[], lines: readonly PricedLineIds[]): FilledInParam[] {
  const filled: FilledInParam[] = []
  params.forEach((param, index) => {
    if (param.surfaceFinishId !== undefined && param.printModeColorId !== undefined) return
    const line = lines[index]!
    filled.push({
      param: index,
      surfaceFinishId: line.surfaceFinishId,
      printModeColorId: line.printModeColorId,
    })
  })
  return filled
}

/**
 * Resolves a request's params and groups them. The params arrays the body parser shares between requests
 * (pricing-body.ts) keep their resolution: the same configurations with another scale or quantity resolve to the
 * same entries and groups while the snapshot stands.
 */
function createParamsResolver() {
  const byParams = new WeakMap<readonly PricingParam[], ResolvedParams>()
  const resolve = (
    snapshot: CatalogueSnapshot,
    whiteLabelId: string,
    params: readonly PricingParam[],
  ): ResolvedParams => {
    // A param that does not resolve throws here, so only complete resolutions are kept.
    const resolved = params.map((param, index) => resolveParam(snapshot, whiteLabelId, param, index))
    const lines = resolved.map((entry): PricedLineIds => ({
      printModeId: entry.mode.id,
      surfaceFinishId: entry.finish?.id ?? null,
      printModeColorId: entry.color?.id ?? null,
    }))
    return {
      snapshot,
      whiteLabelId,
      resolved,
      lines,
      groupOf: groupsOf(resolved),
      filledIn: filledInOf(params, lines),
      sheets: [],
    }
  }
  return (snapshot: CatalogueSnapshot, whiteLabelId: string, params: readonly PricingParam[]) => {
    if (!isSharedParams(params)) return resolve(snapshot, whiteLabelId, params)
    const known = byParams.get(params)
    if (known !== undefined && known.snapshot === snapshot && known.whiteLabelId === whiteLabelId)
      return known
    const fresh = resolve(snapshot, whiteLabelId, params)
    byParams.set(params, fresh)
    return fresh
  }
}

/** One request's object, unit and request, and its scaled object once the first group has a sheet. */
interface BatchInput {
  readonly object: AnalysedObject
  readonly unit: UnitOfLength
  readonly request: PricingBatchRequest
  scaled: ScaledObject | undefined
}

/** The analysed object a request names: a NotFound error when there is none. */
async function loadObject(objects: AnalysedObjectRepo, objectId: string): Promise<AnalysedObject> {
  const object = await objects.findAnalysedObject(objectId)
  if (object === undefined) {
    throw new AppError(ErrorCode.NotFound, 'Unknown 3D object', {
      details: { resource: 'object', id: objectId },
    })
  }
  return object
}

/** Whether the request's object is too large for each print mode the white label offers, for printabilityForAll. */
function tooLargeForOfferedModes(
  snapshot: CatalogueSnapshot,
  whiteLabelId: string,
  { object, unit, request }: BatchInput,
): { tooLarge: boolean }[] {
  // "Too large for all print modes" means every mode the white label offers, not only the ones asked for.
  return snapshot.offeredPrintModes(whiteLabelId).map((mode) => ({
    tooLarge: configurationTooLarge({
      analysed: object.properties,
      scale: request.objectScale,
      unit,
      printMode: mode.limits,
    }),
  }))
}

/** The current sheet of a print mode, compiled (pricing_failed when there is none or it does not compile). */
function sheetOf(
  sheets: SheetCache,
  { snapshot, whiteLabelId }: { snapshot: CatalogueSnapshot; whiteLabelId: string },
  printModeId: string,
  index: number,
): CompiledSheet {
  const source = snapshot.currentSheet(printModeId, whiteLabelId)
  if (source === undefined) throw missingSheet(printModeId, index)
  return compiledSheet(sheets, source, printModeId, index)
}

export function createPricingService(deps: PricingServiceDeps) {
  const taxRatePercent = deps.taxRatePercent ?? DEFAULT_TAX_RATE_PERCENT
  const resolveAll = createParamsResolver()

  function priceOne(
    snapshot: CatalogueSnapshot,
    whiteLabelId: string,
    batch: BatchInput,
    resolved: ResolvedParam,
    index: number,
    sheets: (CompiledSheet | undefined)[],
  ): PriceConfigurationResult {
    const { object, unit, request } = batch
    const { mode, finish, color } = resolved
    const sheet = (sheets[index] ??= sheetOf(deps.sheets, { snapshot, whiteLabelId }, mode.id, index))
    try {
      // Scaled at the first group's evaluation, where pricing one by one checked the request's scale and quantity
      // first, so a bad one answers the same error as before (decision 0139).
      batch.scaled ??= scaleObject({
        analysed: object.properties,
        scale: request.objectScale,
        unit,
        quantity: request.objectQuantity,
      })
      return priceScaledConfiguration(batch.scaled, {
        printMode: mode.limits,
        color: { sheetVariable: color?.sheetVariable ?? 1 },
        finish: { sheetVariable: finish?.sheetVariable ?? 1 },
        sheet,
        taxRatePercent,
      })
    } catch (error) {
      // Never a default price: the whole batch fails, naming the cell; the print-mode verdict still travels.
      if (error instanceof SheetEvaluationError)
        throw evaluationFailed(error, batch, mode, index, sheet.versionId)
      throw error
    }
  }

  async function priceBatchLines(
    whiteLabelId: string,
    request: PricingBatchRequest,
  ): Promise<{ batch: PricedBatch; basis: PricingBasis }> {
    const snapshot = await deps.catalogue.get()
    // Resolve every param before the one read, so a bad request costs no query.
    const { resolved, lines, groupOf, filledIn, sheets } = resolveAll(snapshot, whiteLabelId, request.params)
    const object = await loadObject(deps.analysedObjects, request.objectId)
    const unit: UnitOfLength = object.unitFromFile ? 'mm' : request.objectUnitLength
    const input: BatchInput = { object, unit, request, scaled: undefined }

    // Groups are numbered in the order of their first line, so they are met (and evaluated) in that order.
    const groups: PricedResult[] = []
    let selected: PriceConfigurationResult | undefined
    for (let index = 0; index < resolved.length; index++) {
      if (groupOf[index]! < groups.length) continue
      const result = priceOne(snapshot, whiteLabelId, input, resolved[index]!, index, sheets)
      // The selection is params[0], whose group is the first one evaluated.
      selected ??= result
      groups.push(pricedResultOf(result, taxRatePercent))
    }

    const all = tooLargeForOfferedModes(snapshot, whiteLabelId, input)
    const batch: PricedBatch = {
      lines,
      groupOf,
      filledIn,
      groups,
      printabilityForSelected: selectedPrintability(selected!),
      printabilityForAll: printabilityForAll(all),
    }
    return { batch, basis: { snapshot, object } }
  }

  return {
    /** Prices every configuration of the request, one line per configuration (the cart's form). */
    async priceBatch(whiteLabelId: string, request: PricingBatchRequest): Promise<PricedConfigurations> {
      return answerOf((await priceBatchLines(whiteLabelId, request)).batch)
    },
    /**
     * The same as a {@link PricedBatch}, with what it was computed from, so a cached copy can be checked later
     * (isCurrent).
     */
    priceBatchLines,
    /**
     * True while the catalogue snapshot and the analysis record an answer came from are still the ones pricing
     * would use now: the same reads a fresh computation starts with (the analysis record once, from its cache).
     */
    async isCurrent(basis: PricingBasis): Promise<boolean> {
      if ((await deps.catalogue.get()) !== basis.snapshot) return false
      return (await deps.analysedObjects.findAnalysedObject(basis.object.id)) === basis.object
    },
  }
}
export type PricingService = ReturnType<typeof createPricingService>
