import { compileSheet, type CompiledSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import type { SheetSource } from '#server/modules/pricing/sheet/sheet-types.ts'

export interface SheetCache {
  /** The compiled sheet for a version id, if this process has compiled it. */
  get(versionId: string): CompiledSheet | undefined
  /** Returns the cached compilation of `source.versionId`, compiling it first if needed (SheetInvalidError). */
  getOrCompile(source: SheetSource): CompiledSheet
  readonly size: number
}

/**
 * Compiled sheets keyed by version id. A saved version never changes (a new save is a new id), so entries never go
 * stale; the bound only caps memory when many historical versions get priced (re-orders). Least recently used goes.
 * Usage: `cache.get(id) ?? cache.getOrCompile(await repo.loadSheetVersion(id))`.
 */
export function createSheetCache(maxEntries = 256): SheetCache {
  const entries = new Map<string, CompiledSheet>()
  const touch = (versionId: string, sheet: CompiledSheet): CompiledSheet => {
    entries.delete(versionId)
    entries.set(versionId, sheet)
    return sheet
  }
  return {
    get(versionId) {
      const sheet = entries.get(versionId)
      return sheet ? touch(versionId, sheet) : undefined
    },
    getOrCompile(source) {
      const cached = entries.get(source.versionId)
      if (cached) return touch(source.versionId, cached)
      const sheet = compileSheet(source)
      entries.set(source.versionId, sheet)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
      return sheet
    },
    get size() {
      return entries.size
    },
  }
}
