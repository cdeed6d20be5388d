import type { PrintModeLimits } from '#shared/domain/printability.ts'
import type {
  CatalogueRepo,
  CatalogueRows,
  ColorRow,
  PrintModeFinishRow,
  PrintModeRow,
  PrintModeWhiteLabelRow,
  ProcessingStepOptionRow,
  ProcessingStepRow,
} from '#server/modules/catalogue/catalogue.repo.ts'
import type { SheetSource } from '#server/modules/pricing/pricing.module.ts'
import type { WhiteLabel } from '#server/modules/white-label/white-label.module.ts'

/**
 * The customer-facing catalogue in memory (docs/decisions/0050-catalogue-cache.md): white labels by API key, the
 * offered print modes with their finishes, colours, processing steps and current price sheets, indexed for the
 * pricing hot path. A snapshot is immutable; a change replaces it:
 *
 * - a staff write in this process calls `invalidate()`, so the next request loads a new snapshot;
 * - every catalogue table has a trigger that bumps `catalogue_revision` (migration 004), and the cache compares it
 *   at most every `revalidateMs` (one tiny query, never on the request path once a snapshot exists), so changes by
 *   another process or by hand show up within that time.
 */

export interface FinishEntry {
  readonly row: PrintModeFinishRow
  readonly id: string
  readonly sheetVariable: number
}

export interface ColorEntry {
  readonly row: ColorRow
  readonly id: string
  readonly sheetVariable: number
  /** The finishes of the print mode this colour is offered with, in the mode's order. */
  readonly finishIds: readonly string[]
}

export interface StepEntry {
  readonly row: ProcessingStepRow
  readonly options: readonly ProcessingStepOptionRow[]
}

export interface PrintModeEntry {
  readonly id: string
  readonly row: PrintModeRow
  readonly limits: PrintModeLimits
  /** Offered finishes in display order (the first is the default). */
  readonly finishes: readonly FinishEntry[]
  readonly finishesById: ReadonlyMap<string, FinishEntry>
  readonly colors: readonly ColorEntry[]
  readonly colorsById: ReadonlyMap<string, ColorEntry>
  readonly steps: readonly StepEntry[]
  readonly whiteLabelIds: ReadonlySet<string>
}

export interface CatalogueSnapshot {
  readonly revision: number
  readonly defaultWhiteLabel: WhiteLabel | undefined
  readonly whiteLabelsByApiKey: ReadonlyMap<string, WhiteLabel>
  /** Staff-made keys by SHA-256 (hex); `expiresAt` (ms) is set while a rotated key is in its grace period. */
  readonly whiteLabelsByKeyHash: ReadonlyMap<string, { whiteLabel: WhiteLabel; expiresAt: number | null }>
  /** Every offered print mode, whichever white label offers it. */
  readonly printModes: ReadonlyMap<string, PrintModeEntry>
  /** Ids of every finish and colour that exists (offered or not), to tell "unknown" from "not offered here". */
  readonly knownFinishIds: ReadonlySet<string>
  readonly knownColorIds: ReadonlySet<string>
  /** The print modes a white label offers, in display order. */
  offeredPrintModes(whiteLabelId: string): readonly PrintModeEntry[]
  /** The print mode if this white label offers it. */
  offeredPrintMode(whiteLabelId: string, printModeId: string): PrintModeEntry | undefined
  /** The current sheet of a print mode for a white label; the default white label's when it has none of its own. */
  currentSheet(printModeId: string, whiteLabelId: string): SheetSource | undefined
  /** Memoised per white label and locale: the GET /api/print-modes answer is computed once per snapshot. */
  memo<T>(key: string, compute: () => T): T
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group === undefined) groups.set(k, [item])
    else group.push(item)
  }
  return groups
}

/** Staff-made API keys (migration 011) of live white labels, by their SHA-256. */
function keyHashIndex(rows: CatalogueRows): CatalogueSnapshot['whiteLabelsByKeyHash'] {
  const liveById = new Map(rows.whiteLabels.map((row) => [row.id, { id: row.id, name: row.name }]))
  const index = new Map<string, { whiteLabel: WhiteLabel; expiresAt: number | null }>()
  for (const key of rows.apiKeys ?? []) {
    const whiteLabel = liveById.get(key.white_label_id)
    const expiresAt = key.expires_at === null ? null : new Date(key.expires_at).getTime()
    if (whiteLabel !== undefined) index.set(key.key_hash, { whiteLabel, expiresAt })
  }
  return index
}

/** The catalogue's rows grouped for building print-mode entries, and the ids of the live white labels. */
interface ModeIndexes {
  readonly finishesByMode: ReadonlyMap<string, PrintModeFinishRow[]>
  readonly colorsByMode: ReadonlyMap<string, ColorRow[]>
  readonly stepsByMode: ReadonlyMap<string, ProcessingStepRow[]>
  readonly optionsByStep: ReadonlyMap<string, ProcessingStepOptionRow[]>
  readonly labelsByMode: ReadonlyMap<string, PrintModeWhiteLabelRow[]>
  readonly liveLabels: ReadonlySet<string>
}

/** Groups finishes, colours, steps, options and white-label links by their print mode (options by their step). */
function modeIndexes(rows: CatalogueRows): ModeIndexes {
  return {
    finishesByMode: groupBy(rows.finishes, (row) => row.print_mode_id),
    colorsByMode: groupBy(rows.colors, (row) => row.print_mode_id),
    stepsByMode: groupBy(rows.processingSteps, (row) => row.print_mode_id),
    optionsByStep: groupBy(rows.processingStepOptions, (row) => row.processing_step_id),
    labelsByMode: groupBy(rows.printModeWhiteLabels, (row) => row.print_mode_id),
    liveLabels: new Set(rows.whiteLabels.map((row) => row.id)),
  }
}

/** A print mode's finishes as entries, in the mode's order. */
function finishEntries(finishes: readonly PrintModeFinishRow[]): FinishEntry[] {
  return finishes.map((finish): FinishEntry => ({
    row: finish,
    id: finish.id,
    sheetVariable: finish.spreadsheet_variable,
  }))
}

/** A print mode's colours as entries, each with only the finishes the mode offers. */
function colorEntries(colors: readonly ColorRow[], finishes: readonly FinishEntry[]): ColorEntry[] {
  const offeredFinishes = new Set(finishes.map((finish) => finish.id))
  return colors.map((color): ColorEntry => ({
    row: color,
    id: color.id,
    sheetVariable: color.spreadsheet_variable,
    finishIds: color.finish_ids.filter((id) => offeredFinishes.has(id)),
  }))
}

/** One offered print mode with its finishes, colours, steps and the live white labels that offer it. */
function printModeEntry(row: PrintModeRow, indexes: ModeIndexes): PrintModeEntry {
  const finishes = finishEntries(indexes.finishesByMode.get(row.id) ?? [])
  const colors = colorEntries(indexes.colorsByMode.get(row.id) ?? [], finishes)
  return {
    id: row.id,
    row,
    limits: {
      maxDimensionsMm: { x: row.max_x_mm, y: row.max_y_mm, z: row.max_z_mm },
      minFeatureSizeMm: row.min_feature_size_mm,
    },
    finishes,
    finishesById: new Map(finishes.map((finish) => [finish.id, finish])),
    colors,
    colorsById: new Map(colors.map((color) => [color.id, color])),
    steps: (indexes.stepsByMode.get(row.id) ?? []).map((step) => ({
      row: step,
      options: indexes.optionsByStep.get(step.id) ?? [],
    })),
    whiteLabelIds: new Set(
      (indexes.labelsByMode.get(row.id) ?? [])
        .map((link) => link.white_label_id)
        .filter((id) => indexes.liveLabels.has(id)),
    ),
  }
}

/** The print modes each white label offers, in the print modes' display order. */
function offeredByWhiteLabel(printModes: ReadonlyMap<string, PrintModeEntry>): Map<string, PrintModeEntry[]> {
  const offered = new Map<string, PrintModeEntry[]>()
  for (const mode of printModes.values()) {
    for (const whiteLabelId of mode.whiteLabelIds) {
      const list = offered.get(whiteLabelId)
      if (list === undefined) offered.set(whiteLabelId, [mode])
      else list.push(mode)
    }
  }
  return offered
}

/** The current sheets by print mode, then by white label. */
function sheetIndex(rows: CatalogueRows): Map<string, Map<string, SheetSource>> {
  // print mode → white label → sheet: nested maps, because pricing looks a sheet up for each configuration and a
  // concatenated key would be a new string to build and hash every time
  const sheets = new Map<string, Map<string, SheetSource>>()
  for (const sheet of rows.sheets) {
    let byWhiteLabel = sheets.get(sheet.print_mode_id)
    if (byWhiteLabel === undefined) sheets.set(sheet.print_mode_id, (byWhiteLabel = new Map()))
    byWhiteLabel.set(sheet.white_label_id, {
      versionId: sheet.version_id,
      draft: { cells: sheet.cells, optionVariables: sheet.option_variables },
    })
  }
  return sheets
}

/** A memo that computes each key's value once; the snapshot's `memo`. */
function createMemo(): CatalogueSnapshot['memo'] {
  const memo = new Map<string, unknown>()
  return <T>(key: string, compute: () => T): T => {
    if (memo.has(key)) return memo.get(key) as T
    const value = compute()
    memo.set(key, value)
    return value
  }
}

export function buildSnapshot(rows: CatalogueRows): CatalogueSnapshot {
  const defaultRow = rows.whiteLabels.find((row) => row.is_default)
  const defaultWhiteLabel = defaultRow && { id: defaultRow.id, name: defaultRow.name }
  const whiteLabelsByApiKey = new Map(
    rows.whiteLabels.map((row) => [row.api_key, { id: row.id, name: row.name }]),
  )

  const whiteLabelsByKeyHash = keyHashIndex(rows)
  const indexes = modeIndexes(rows)
  const printModes = new Map<string, PrintModeEntry>()
  for (const row of rows.printModes) printModes.set(row.id, printModeEntry(row, indexes))
  const offered = offeredByWhiteLabel(printModes)
  const sheets = sheetIndex(rows)

  const snapshot: CatalogueSnapshot = {
    revision: rows.revision,
    defaultWhiteLabel,
    whiteLabelsByApiKey,
    whiteLabelsByKeyHash,
    printModes,
    knownFinishIds: new Set(rows.allFinishIds),
    knownColorIds: new Set(rows.allColorIds),
    offeredPrintModes: (whiteLabelId) => offered.get(whiteLabelId) ?? [],
    offeredPrintMode(whiteLabelId, printModeId) {
      const mode = printModes.get(printModeId)
      return mode?.whiteLabelIds.has(whiteLabelId) ? mode : undefined
    },
    currentSheet(printModeId, whiteLabelId) {
      const byWhiteLabel = sheets.get(printModeId)
      return (
        byWhiteLabel?.get(whiteLabelId) ??
        (defaultWhiteLabel ? byWhiteLabel?.get(defaultWhiteLabel.id) : undefined)
      )
    },
    memo: createMemo(),
  }
  return snapshot
}

export interface CatalogueCache {
  /** The current snapshot; loads one when there is none (first request, or after `invalidate`). */
  get(): Promise<CatalogueSnapshot>
  /** Drops the snapshot: the next `get` reads the database again. Call after every catalogue write. */
  invalidate(): void
}

export interface CatalogueCacheOptions {
  /** How often to compare the database's catalogue revision with the snapshot's; default 1 s. */
  revalidateMs?: number
  now?: () => number
}

export type CatalogueSource = Pick<CatalogueRepo, 'readRevision' | 'loadAll'>

export function createCatalogueCache(
  source: CatalogueSource,
  options: CatalogueCacheOptions = {},
): CatalogueCache {
  const revalidateMs = options.revalidateMs ?? 1_000
  const now = options.now ?? Date.now
  let current: CatalogueSnapshot | undefined
  let loading: Promise<CatalogueSnapshot> | undefined
  let checking = false
  let checkedAt = 0
  /** Bumped by invalidate(): a load that started before it must not install its older snapshot. */
  let generation = 0

  function load(): Promise<CatalogueSnapshot> {
    if (loading !== undefined) return loading
    const startedIn = generation
    const promise = (async () => {
      const snapshot = buildSnapshot(await source.loadAll())
      if (startedIn === generation) {
        current = snapshot
        checkedAt = now()
      }
      return snapshot
    })()
    loading = promise
    const clear = () => {
      if (loading === promise) loading = undefined
    }
    promise.then(clear, clear)
    return promise
  }

  function revalidate(snapshot: CatalogueSnapshot): void {
    if (checking || now() - checkedAt < revalidateMs) return
    checking = true
    checkedAt = now()
    source
      .readRevision()
      .then((revision) => {
        if (revision !== snapshot.revision && current === snapshot) return load().then(() => undefined)
        return undefined
      })
      // A failed check keeps serving the snapshot; the next one retries after revalidateMs.
      .catch(() => undefined)
      .finally(() => {
        checking = false
      })
  }

  return {
    async get() {
      const snapshot = current
      if (snapshot === undefined) return load()
      revalidate(snapshot)
      return snapshot
    },
    invalidate() {
      generation++
      current = undefined
      loading = undefined
    },
  }
}
