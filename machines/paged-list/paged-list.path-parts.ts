import { isDateRangeValid, type ListFilter, type PagedListContext } from './paged-list.ts'

/**
 * What the path models of every paged list share (their `.paths.ts` files import it; the app does not): the graph's
 * view of the context and the filter edits once the list is shown.
 */

/** Filters count only as "set" or "not", so editing them does not grow the graph; the answer by its row count. */
export const serializePagedList =
  <TFilter extends ListFilter & { from: string; to: string }, TResult>(rowsOf: (result: TResult) => number) =>
  (context: PagedListContext<TFilter, TResult>) => ({
    draft: Object.values(context.draft).map((value) => value !== ''),
    rangeValid: isDateRangeValid(context.draft),
    applied: Object.values(context.applied).map((value) => value !== ''),
    page: context.page,
    result: context.result === null ? null : rowsOf(context.result),
    error: context.error,
  })

/** A reversed date range (refused), a valid one applied, a reset. */
export const DATE_RANGE_FILTER_EVENTS = [
  { type: 'list.changeFilter', field: 'from', value: '2026-11-26' },
  { type: 'list.changeFilter', field: 'to', value: '2026-11-01' },
  { type: 'list.changeFilter', field: 'to', value: '' },
  { type: 'list.apply' },
  { type: 'list.reset' },
] as const
