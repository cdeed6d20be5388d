import type { Locale } from '#shared/domain/limits.ts'
import {
  RANKING_LABELS,
  THUMBNAILS_PATH,
  type Color,
  type GetPrintModesResponse,
  type GetSurfaceFinishesResponse,
  type PrintMode,
  type RankingLabel,
  type SurfaceFinish,
} from '#shared/contracts/print-modes.contract.ts'
import { pickText } from '#server/db/localized-text.ts'
import type {
  CatalogueCache,
  CatalogueSnapshot,
  ColorEntry,
  PrintModeEntry,
} from '#server/modules/catalogue/catalogue-cache.ts'
import type { PrintModeRow } from '#server/modules/catalogue/catalogue.repo.ts'

const rankingColumn = {
  price: 'ranking_price',
  flexibility: 'ranking_flexibility',
  stability: 'ranking_stability',
  precision: 'ranking_precision',
  wearResistance: 'ranking_wear_resistance',
  heatResistance: 'ranking_heat_resistance',
  maxNumberOfParts: 'ranking_max_parts',
  maxIncrementalMeasurement: 'ranking_max_incremental_measurement',
} as const satisfies Record<RankingLabel, keyof PrintModeRow>

function thumbnailUrl(path: string): string {
  return THUMBNAILS_PATH + path.split('/').map(encodeURIComponent).join('/')
}

/**
 * The catalogue as the configure step reads it (spec part 1 §3 "Print mode"), in the request's language. Built from
 * the cached snapshot and memoised in it per white label and language, so a catalogue request costs no query.
 */
export function createCatalogueService(cache: CatalogueCache) {
  function toColor(entry: ColorEntry, locale: Locale): Color {
    const row = entry.row
    return {
      id: row.id,
      _id: row.id,
      name: pickText(row.name, locale),
      hex: row.hex,
      thumbnail: thumbnailUrl(row.thumbnail_path),
      hue: row.hue,
      surfaceFinishes: [...entry.finishIds],
    }
  }

  function toPrintMode(mode: PrintModeEntry, locale: Locale): PrintMode {
    const row: PrintModeRow = mode.row
    return {
      id: row.id,
      _id: row.id,
      name: pickText(row.name, locale),
      features: {
        description: pickText(row.description, locale),
        surfaceQuality: pickText(row.surface_quality, locale),
        applications: pickText(row.applications, locale),
        maxDimensions: { x: row.max_x_mm, y: row.max_y_mm, z: row.max_z_mm },
        minFeatureSize: row.min_feature_size_mm,
        resolutionXY: row.resolution_xy_mm,
        resolutionZ: row.resolution_z_mm,
        ranking: RANKING_LABELS.map((label) => ({ label, value: row[rankingColumn[label]] })),
      },
      printModeMaterial: { name: pickText(row.material_name, locale) },
      printModeMethod: { name: pickText(row.method_name, locale) },
      surfaceFinishes: mode.finishes.map((finish): SurfaceFinish => ({
        id: finish.id,
        _id: finish.id,
        properties: {
          name: pickText(finish.row.name, locale),
          description: pickText(finish.row.description, locale),
        },
        colors: mode.colors
          .filter((color) => color.finishIds.includes(finish.id))
          .map((color) => toColor(color, locale)),
      })),
      colors: mode.colors.map((color) => toColor(color, locale)),
      processingSteps: mode.steps.map((step) => ({
        id: step.row.id,
        name: pickText(step.row.name, locale),
        options: step.options.map((option) => ({ _id: option.id, name: pickText(option.name, locale) })),
      })),
    }
  }

  function listPrintModes(snapshot: CatalogueSnapshot, whiteLabelId: string, locale: Locale): PrintMode[] {
    return snapshot.memo(`printModes\u0000${whiteLabelId}\u0000${locale}`, () =>
      snapshot.offeredPrintModes(whiteLabelId).map((mode) => toPrintMode(mode, locale)),
    )
  }

  return {
    async getPrintModes(whiteLabelId: string, locale: Locale): Promise<GetPrintModesResponse> {
      return { printModes: listPrintModes(await cache.get(), whiteLabelId, locale) }
    },

    /** Every finish the white label's print modes offer, in print-mode order, with all colours offered in it. */
    async getSurfaceFinishes(whiteLabelId: string, locale: Locale): Promise<GetSurfaceFinishesResponse> {
      const snapshot = await cache.get()
      const surfaceFinishes = snapshot.memo(`finishes\u0000${whiteLabelId}\u0000${locale}`, () => {
        const byId = new Map<string, SurfaceFinish>()
        for (const mode of listPrintModes(snapshot, whiteLabelId, locale)) {
          for (const finish of mode.surfaceFinishes) {
            const known = byId.get(finish.id)
            if (known === undefined) byId.set(finish.id, { ...finish, colors: [...finish.colors] })
            else
              known.colors.push(
                ...finish.colors.filter((color) => !known.colors.some((c) => c.id === color.id)),
              )
          }
        }
        return [...byId.values()]
      })
      return { surfaceFinishes }
    },
  }
}
export type CatalogueService = ReturnType<typeof createCatalogueService>
