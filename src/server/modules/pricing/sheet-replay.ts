import {
  REPLAY_BINS,
  replayBinOf,
  type ReplayBinKey,
  type ReplaySheetResponse,
} from '#shared/contracts/staff-sheet.contract.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import { lengthFactor } from '#shared/domain/units.ts'
import type { AnalysedProperties } from '#server/modules/pricing/price-configuration.ts'
import type { CompiledSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { SheetEvaluationError } from '#server/modules/pricing/sheet/sheet-errors.ts'
import type { SheetInputs } from '#server/modules/pricing/sheet/sheet-variables.ts'

/**
 * The replay of decision 0104: recent priced configurations re-priced under a draft sheet, compared by their
 * stored unit net price. Pure: the configurations, their analysed objects and the colour and finish variables are
 * read by the caller.
 */

/** One configuration a customer was shown a price for: an item of an open cart or a line of a placed order. */
export interface PricedConfiguration {
  readonly source: 'cart' | 'order'
  /** When the price was shown: the item's pricing, the order's placement (ISO 8601); the newest are replayed. */
  readonly pricedAt: string
  readonly modelFileId: string
  readonly unit: UnitOfLength
  readonly scale: number
  readonly quantity: number
  readonly colorId: string | null
  readonly finishId: string | null
  readonly unitNetCents: number
}

/** Where the replay reads them: the cart and the orders module, each through the composition root. */
export interface PricedConfigurationSource {
  /** The newest `limit` configurations of a print mode, newest first (under one white label when named). */
  recent(printModeId: string, whiteLabelId: string | undefined, limit: number): Promise<PricedConfiguration[]>
}

export interface ReplayItem {
  readonly configuration: PricedConfiguration
  /** Undefined when the analysis is gone (expired upload): the item is left out. */
  readonly analysed: { readonly properties: AnalysedProperties; readonly unitFromFile: boolean } | undefined
  readonly colorVariable: number
  readonly finishVariable: number
}

/** The sheet inputs of a configuration: the analysis scaled to millimetres, as priceConfiguration does. */
export function replayInputs(
  item: ReplayItem,
  properties: AnalysedProperties,
  unitFromFile: boolean,
): SheetInputs {
  const { configuration } = item
  const factor = lengthFactor(configuration.scale, unitFromFile ? 'mm' : configuration.unit)
  const area = factor * factor
  const volume = area * factor
  return {
    xMm: properties.dimensions.x * factor,
    yMm: properties.dimensions.y * factor,
    zMm: properties.dimensions.z * factor,
    internalVolumeMm3: properties.internalVolume * volume,
    externalVolumeMm3: properties.externalVolume * volume,
    surfaceAreaMm2: properties.surfaceArea * area,
    minXMm: properties.minX * factor,
    maxXMm: properties.maxX * factor,
    maxYMm: properties.maxY * factor,
    quantity: configuration.quantity,
    color: item.colorVariable,
    finish: item.finishVariable,
  }
}

const LARGEST_SHOWN = 10

/** The newest `limit` of several sources' newest-first lists (each already cut to `limit`). */
export function newestOf(
  lists: readonly (readonly PricedConfiguration[])[],
  limit: number,
): PricedConfiguration[] {
  return lists
    .flat()
    .sort((a, b) => Date.parse(b.pricedAt) - Date.parse(a.pricedAt))
    .slice(0, limit)
}

/** Re-prices every item under the draft and sums up how the prices move. */
export function replaySheet(sheet: CompiledSheet, items: readonly ReplayItem[]): ReplaySheetResponse {
  const counts = new Map<ReplayBinKey, number>(REPLAY_BINS.map((bin) => [bin.key, 0]))
  const moves: ReplaySheetResponse['largest'] = []
  let failed = 0
  let total = 0
  const sources = { cart: 0, order: 0 }
  for (const item of items) {
    if (item.analysed === undefined) continue
    total += 1
    sources[item.configuration.source] += 1
    const before = item.configuration.unitNetCents
    let after: number
    try {
      after = sheet.evaluate(
        replayInputs(item, item.analysed.properties, item.analysed.unitFromFile),
      ).netUnitCents
    } catch (error) {
      if (!(error instanceof SheetEvaluationError)) throw error
      failed += 1
      continue
    }
    // A price of 0 that becomes positive is an unbounded rise: counted as the top bin.
    const changePercent = before === 0 ? (after === 0 ? 0 : Infinity) : (after / before - 1) * 100
    const bin = replayBinOf(changePercent)
    counts.set(bin, (counts.get(bin) ?? 0) + 1)
    if (after !== before) {
      moves.push({
        source: item.configuration.source,
        modelFileId: item.configuration.modelFileId,
        beforeCents: before,
        afterCents: after,
        changePercent: Number.isFinite(changePercent) ? Math.round(changePercent * 100) / 100 : 1e9,
      })
    }
  }
  const unchanged = counts.get('same') ?? 0
  return {
    total,
    sources,
    changed: total - failed - unchanged,
    unchanged,
    failed,
    histogram: REPLAY_BINS.map((bin) => ({ key: bin.key, count: counts.get(bin.key) ?? 0 })),
    largest: moves
      .sort((a, b) => Math.abs(b.changePercent) - Math.abs(a.changePercent))
      .slice(0, LARGEST_SHOWN),
  }
}
