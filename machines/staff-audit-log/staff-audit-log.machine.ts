import type { AuditLogQuery, AuditLogResponse } from '#shared/contracts/staff-audit.contract.ts'
import {
  isDateRangeValid,
  PAGED_LIST_TAGS,
  type PagedListContext,
  type PagedListEvent,
  type PagedListInput,
  type PagedListTag,
  pagedListMachine,
} from '#machines/paged-list/paged-list.ts'

/** The filters as the form holds them: empty means "any". */
export type AuditFilter = { actor: string; entity: string; from: string; to: string }
export type AuditFilterField = keyof AuditFilter

export type Context = PagedListContext<AuditFilter, AuditLogResponse>
export type Event = PagedListEvent<AuditFilter>

export const STAFF_AUDIT_LOG_TAGS = PAGED_LIST_TAGS
export type StaffAuditLogTag = PagedListTag

export const EMPTY_AUDIT_FILTER: AuditFilter = { actor: '', entity: '', from: '', to: '' }
export const AUDIT_PAGE_SIZE = 25

/** The log opens on its first page without filters (the filter is not in the address bar). */
export const AUDIT_LOG_START: PagedListInput<AuditFilter> = { filter: EMPTY_AUDIT_FILTER, page: 1 }

/** The request of the page to load: the applied filter without its empty fields. */
export function auditQueryOf(context: Pick<Context, 'applied' | 'page'>): AuditLogQuery {
  const query: AuditLogQuery = { page: context.page, pageSize: AUDIT_PAGE_SIZE }
  for (const field of Object.keys(context.applied) as AuditFilterField[]) {
    const value = context.applied[field].trim()
    if (value !== '') query[field] = value
  }
  return query
}

/** The number of pages of the result on screen (at least 1). */
export function pageCountOf(result: AuditLogResponse | null): number {
  return result === null ? 1 : Math.max(1, Math.ceil(result.total / result.pageSize))
}

/** A date range whose end lies before its start finds nothing: the form refuses it. */
export const isRangeValid = (filter: AuditFilter): boolean => isDateRangeValid(filter)

/**
 * The audit log viewer of the staff workspace (issue 17 "Security and audit": who, when, what, before → after,
 * with filters; spec part 2 §6 staff role): loads a page, filters by actor, entity and date range, pages. Paging,
 * filtering and loading are the shared paged list's (decision 0127); the filter is not in the address bar.
 */
export const staffAuditLogMachine = pagedListMachine<AuditFilter, AuditLogQuery, AuditLogResponse>({
  id: 'staffAuditLog',
  emptyFilter: EMPTY_AUDIT_FILTER,
  queryOf: (applied, page) => auditQueryOf({ applied, page }),
  pageCountOf,
  isEmpty: (result) => result.entries.length === 0,
  isValidFilter: isRangeValid,
  followsAddressBar: false,
})
