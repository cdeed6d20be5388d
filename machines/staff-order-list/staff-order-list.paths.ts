import {
  EMPTY_STAFF_ORDER_FILTER,
  type StaffOrderListResponse,
} from '#shared/contracts/staff-orders.contract.ts'
import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { DATE_RANGE_FILTER_EVENTS, serializePagedList } from '#machines/paged-list/paged-list.path-parts.ts'
import { emptyOrderListPage, orderListPage } from './staff-order-list.fixtures.ts'
import { staffOrderListMachine } from './staff-order-list.machine.ts'

const serializeContext = serializePagedList((result: StaffOrderListResponse) => result.orders.length)

const start = { filter: EMPTY_STAFF_ORDER_FILTER, page: 1 }

/** Load (failure and retry), a page or an empty result, paging (not past the last page). */
export const staffOrderListPathModel = definePathModel({
  machine: staffOrderListMachine,
  input: start,
  serializeContext,
  events: [
    doneEvent('loadPage', orderListPage),
    doneEvent('loadPage', emptyOrderListPage),
    errorEvent('loadPage'),
    { type: 'list.reload' },
    { type: 'list.goToPage', page: 2 },
    { type: 'list.goToPage', page: 9 },
  ],
})

/** Filters: a reversed date range is refused, a valid one applied, a reset clears them. */
export const staffOrderListFilterPathModel = definePathModel({
  machine: staffOrderListMachine,
  input: start,
  serializeContext,
  events: (snapshot) => [
    doneEvent('loadPage', orderListPage),
    ...(snapshot.matches('shown') ? DATE_RANGE_FILTER_EVENTS : []),
  ],
})

/** Back and Forward: another filter in the address bar loads it, the same one does nothing. */
export const staffOrderListUrlPathModel = definePathModel({
  machine: staffOrderListMachine,
  input: start,
  serializeContext,
  events: [
    doneEvent('loadPage', orderListPage),
    { type: 'list.urlChanged', filter: { ...EMPTY_STAFF_ORDER_FILTER, status: 'ORDER_RECEIVED' }, page: 1 },
    { type: 'list.urlChanged', filter: EMPTY_STAFF_ORDER_FILTER, page: 1 },
  ],
})
