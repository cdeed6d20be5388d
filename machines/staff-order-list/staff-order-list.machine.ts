import {
  STAFF_ORDERS_PAGE_SIZE_DEFAULT,
  EMPTY_STAFF_ORDER_FILTER,
  type StaffOrderFilter,
  type StaffOrderListQuery,
  type StaffOrderListResponse,
} from '#shared/contracts/staff-orders.contract.ts'
import {
  isDateRangeValid,
  PAGED_LIST_TAGS,
  type PagedListContext,
  type PagedListEvent,
  type PagedListInput,
  type PagedListTag,
  pagedListMachine,
} from '#machines/paged-list/paged-list.ts'

export type StaffOrderFilterField = keyof StaffOrderFilter

export type Input = PagedListInput<StaffOrderFilter>
export type Context = PagedListContext<StaffOrderFilter, StaffOrderListResponse>
export type Event = PagedListEvent<StaffOrderFilter>

export const STAFF_ORDER_LIST_TAGS = PAGED_LIST_TAGS
export type StaffOrderListTag = PagedListTag

export const ORDER_LIST_PAGE_SIZE = STAFF_ORDERS_PAGE_SIZE_DEFAULT

/** The request of the page to load: the applied filter without its empty fields. */
export function orderListQueryOf(context: Pick<Context, 'applied' | 'page'>): StaffOrderListQuery {
  const query: StaffOrderListQuery = {
    limit: ORDER_LIST_PAGE_SIZE,
    offset: (context.page - 1) * ORDER_LIST_PAGE_SIZE,
  }
  const { status, paymentStatus, from, to, customer, q } = context.applied
  if (status !== '') query.status = status
  if (paymentStatus !== '') query.paymentStatus = paymentStatus
  if (from !== '') query.from = from
  if (to !== '') query.to = to
  if (customer.trim() !== '') query.customer = customer.trim()
  if (q.trim() !== '') query.q = q.trim()
  return query
}

/** The number of pages of the result on screen (at least 1). */
export function orderPageCountOf(result: StaffOrderListResponse | null): number {
  return result === null ? 1 : Math.max(1, Math.ceil(result.total / result.limit))
}

/** A date range whose end lies before its start finds nothing: the form refuses it. */
export const isOrderRangeValid = (filter: StaffOrderFilter): boolean => isDateRangeValid(filter)

/**
 * The order list of the back office (issue 17 "Order back office"): filters by status, payment status, creation
 * days, customer and a text search, pages. The applied filter and page live in the address bar too, so Back
 * returns to the previous list: `publishUrl` writes them after each change of the user's, `list.urlChanged` reads
 * them back. Paging, filtering and loading are the shared paged list's (decision 0127).
 */
export const staffOrderListMachine = pagedListMachine<
  StaffOrderFilter,
  StaffOrderListQuery,
  StaffOrderListResponse
>({
  id: 'staffOrderList',
  emptyFilter: EMPTY_STAFF_ORDER_FILTER,
  queryOf: (applied, page) => orderListQueryOf({ applied, page }),
  pageCountOf: orderPageCountOf,
  isEmpty: (result) => result.orders.length === 0,
  isValidFilter: isOrderRangeValid,
  followsAddressBar: true,
})
