import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Db, Queryable } from '#server/db/db.ts'
import type { CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts'
import type { StaffCatalogueRepo } from '#server/modules/catalogue/staff-catalogue.repo.ts'

/**
 * What every staff catalogue entity service shares (docs/decisions/0050-catalogue-cache.md): each write runs in
 * one transaction with its audit entry, then the catalogue cache is invalidated.
 */

export interface StaffCatalogueDeps {
  db: Db
  repo: StaffCatalogueRepo
  cache: Pick<CatalogueCache, 'invalidate'>
  thumbnailsDir: string
}

export type AuditAction = 'create' | 'update' | 'archive' | 'restore'

export function notFound(resource: string, id: string): AppError {
  return new AppError(ErrorCode.NotFound, `Unknown ${resource}`, { details: { resource, id } })
}

export function invalid(path: (string | number)[], code: string, message: string): AppError {
  return new AppError(ErrorCode.ValidationFailed, message, { issues: [{ path, code, message }] })
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

export function createStaffContext(deps: StaffCatalogueDeps) {
  const { db, repo } = deps

  /** Runs a write with its audit entry; a unique violation is a 409 conflict. Invalidates the cache after commit. */
  async function write<R>(
    userId: string,
    action: AuditAction,
    entity: string,
    entityId: string,
    fn: (tx: Queryable) => Promise<R>,
    details?: unknown,
  ): Promise<R> {
    let result: R
    try {
      result = await db.transaction(async (tx) => {
        const value = await fn(tx)
        await repo.audit(tx, { userId, action, entity, entityId, details })
        return value
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.Conflict, `The ${entity} already exists`)
      throw error
    } finally {
      deps.cache.invalidate()
    }
    return result
  }

  /** Every id names a row of `table`, once; otherwise a validation error at `path`. */
  async function requireIds(
    tx: Queryable,
    table: string,
    ids: readonly string[],
    path: (string | number)[],
    code: string,
  ): Promise<void> {
    const found = await repo.existing(table, ids, tx)
    const index = ids.findIndex((id) => !found.has(id))
    if (index >= 0) throw invalid([...path, index], code, `Unknown id ${ids[index]}`)
    if (new Set(ids).size !== ids.length) throw invalid(path, 'duplicate_id', 'An id is listed twice')
  }

  return { db, repo, thumbnailsDir: deps.thumbnailsDir, write, requireIds }
}
export type StaffContext = ReturnType<typeof createStaffContext>
