import { AnalysedPropertiesSchema } from '#shared/contracts/analysis.contract.ts'
import { FORMATS_WITH_OWN_UNIT } from '#shared/domain/limits.ts'
import type { WallThicknessHistogram } from '#shared/domain/printability.ts'
import type { Queryable } from '#server/db/db.ts'
import type { AnalysedProperties } from '#server/modules/pricing/pricing.module.ts'

/**
 * What pricing needs of an analysed 3D file, read from the analysis record and never from the client
 * (commerce-reliability check 8); pricing asks the analysis module's service, which owns `model_files`. The numbers are the file's own, at scale 1 (src/engine/README.md,
 * AnalysedPropertiesSchema in analysis.contract.ts): for unitless formats (STL, PLY, 3DS) in whatever unit the
 * customer says the file is in, so the request's unit applies; for formats that carry their own unit (3MF, STEP)
 * already converted to millimetres, so the request's unit must not be applied a second time.
 */
export interface AnalysedObject {
  readonly id: string
  readonly properties: AnalysedProperties
  /** True when the stored numbers are millimetres from the file's own unit (3MF, STEP): pricing uses `mm`. */
  readonly unitFromFile: boolean
}

/** The one read pricing makes per request. Returns undefined for an unknown id or an analysis not completed. */
export interface AnalysedObjectRepo {
  findAnalysedObject(id: string): Promise<AnalysedObject | undefined>
}

interface ModelFileRow {
  id: string
  format: string
  analysed_properties: unknown
  thickness_histogram: { binEdgesMm?: unknown; areaMm2?: unknown } | null
}

function histogramOf(value: ModelFileRow['thickness_histogram']): WallThicknessHistogram | null {
  if (value === null || !Array.isArray(value.binEdgesMm) || !Array.isArray(value.areaMm2)) return null
  return { binEdgesMm: value.binEdgesMm as (number | null)[], areaMm2: value.areaMm2 as number[] }
}

/** Reads `model_files` rows of migration 003 in state `analysed`. */
export function createAnalysedObjectRepo(db: Queryable): AnalysedObjectRepo {
  return {
    async findAnalysedObject(id) {
      const { rows } = await db.query<ModelFileRow>(
        `SELECT id, format, analysed_properties, thickness_histogram
         FROM model_files WHERE id = $1 AND state = 'analysed'`,
        [id],
      )
      const row = rows[0]
      if (row === undefined) return undefined
      // A record that does not match its contract is a server bug: fail loudly instead of pricing nonsense.
      const analysed = AnalysedPropertiesSchema.parse(row.analysed_properties)
      return {
        id: row.id,
        unitFromFile: FORMATS_WITH_OWN_UNIT.has(row.format),
        properties: {
          dimensions: analysed.dimensions,
          internalVolume: analysed.internalVolume,
          externalVolume: analysed.externalVolume,
          surfaceArea: analysed.surfaceArea,
          minX: analysed.minX,
          maxX: analysed.maxX,
          maxY: analysed.maxY,
          printable: analysed.printable,
          wallThickness: histogramOf(row.thickness_histogram),
        },
      }
    },
  }
}

export interface AnalysedObjectCacheOptions {
  maxEntries?: number
  /** How long a record is reused; bounds how long a deleted upload can still be priced. Default 60 s. */
  ttlMs?: number
  now?: () => number
}

/**
 * Completed analyses do not change (a new unit needs no new analysis), so pricing reuses a record for `ttlMs`
 * instead of reading it on every keystroke of the configure view. Unknown ids are not cached: an upload that
 * completes a moment later must be priceable at once.
 */
export function createCachedAnalysedObjectRepo(
  inner: AnalysedObjectRepo,
  options: AnalysedObjectCacheOptions = {},
): AnalysedObjectRepo & { forget(id: string): void } {
  const maxEntries = options.maxEntries ?? 10_000
  const ttlMs = options.ttlMs ?? 60_000
  const now = options.now ?? Date.now
  const entries = new Map<string, { object: AnalysedObject; until: number }>()
  const pending = new Map<string, Promise<AnalysedObject | undefined>>()
  return {
    async findAnalysedObject(id) {
      const entry = entries.get(id)
      if (entry !== undefined) {
        if (entry.until > now()) return entry.object
        entries.delete(id)
      }
      // Concurrent requests for one id share one read.
      const inFlight = pending.get(id)
      if (inFlight !== undefined) return inFlight
      const read = inner.findAnalysedObject(id).finally(() => pending.delete(id))
      pending.set(id, read)
      const object = await read
      if (object !== undefined) {
        entries.set(id, { object, until: now() + ttlMs })
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
      }
      return object
    },
    forget(id) {
      entries.delete(id)
    },
  }
}
