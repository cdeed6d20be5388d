import { compileSheet, type CompiledSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import type { SheetSource } from '#server/modules/pricing/sheet/sheet-types.ts'

export interface SheetCache {
  /** The compiled sheet for a version id, if this process has compiled it. */
  get(versionId: string): CompiledSheet | undefined
  /** Returns the cached compilation of `source.versionId`, compiling it first if needed (SheetInvalidError). */
  getOrCompile(source: SheetSource): CompiledSheet
  readonly size: number
}

interface Entry {
  readonly sheet: CompiledSheet
  /** The use counter's value at the last get: the smallest is the least recently used. */
  usedAt: number
}

/**
 * Compiled sheets keyed by version id. A saved version never changes (a new save is a new id), so entries never go
 * stale; the bound only caps memory when many historical versions get priced (re-orders). Least recently used goes.
 * Usage: `cache.get(id) ?? cache.getOrCompile(await repo.loadSheetVersion(id))`.
 *
 * A use is a counter stamp, not a delete and re-insert: pricing gets a sheet once per evaluation group (about ten
 * times per request), and re-inserting into the Map made it rehash its deleted slots every few hundred requests,
 * a tenth of a new configuration's pricing CPU (issue 18, decision 0139). Evicting scans the entries instead, but
 * only when a compilation overflows the bound.
 */
export function createSheetCache(maxEntries = 256): SheetCache {
  const entries = new Map<string, Entry>()
  let uses = 0
  const markUsed = (entry: Entry): CompiledSheet => {
    entry.usedAt = ++uses
    return entry.sheet
  }
  const evictLeastRecentlyUsed = (): void => {
    let oldest: string | undefined
    let oldestAt = Infinity
    for (const [versionId, entry] of entries) {
      if (entry.usedAt < oldestAt) {
        oldest = versionId
        oldestAt = entry.usedAt
      }
    }
    if (oldest !== undefined) entries.delete(oldest)
  }
  return {
    get(versionId) {
      const entry = entries.get(versionId)
      return entry === undefined ? undefined : markUsed(entry)
    },
    getOrCompile(source) {
      const cached = entries.get(source.versionId)
      if (cached !== undefined) return markUsed(cached)
      const entry: Entry = { sheet: compileSheet(source), usedAt: ++uses }
      entries.set(source.versionId, entry)
      if (entries.size > maxEntries) evictLeastRecentlyUsed()
      return entry.sheet
    },
    get size() {
      return entries.size
    },
  }
}
