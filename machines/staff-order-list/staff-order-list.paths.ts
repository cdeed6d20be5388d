import { EMPTY_STAFF_ORDER_FILTER } from '#shared/contracts/staff-orders.contract.ts'
import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { emptyOrderListPage, orderListPage } from './staff-order-list.fixtures.ts'
import { type Context, staffOrderListMachine } from './staff-order-list.machine.ts'

/** Filters count only as "set" or "not", so editing them does not grow the graph. */
const serializeContext = (context: Context) => ({
  draft: Object.values(context.draft).map((value) => value !== ''),
  rangeValid: context.draft.from === '' || context.draft.to === '' || context.draft.from <= context.draft.to,
  applied: Object.values(context.applied).map((value) => value !== ''),
  page: context.page,
  result: context.result?.orders.length ?? null,
  error: context.error,
})

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
    ...(snapshot.matches('shown')
      ? ([
          { type: 'list.changeFilter', field: 'from', value: '2026-11-26' },
          { type: 'list.changeFilter', field: 'to', value: '2026-11-01' },
          { type: 'list.changeFilter', field: 'to', value: '' },
          { type: 'list.apply' },
          { type: 'list.reset' },
        ] as const)
      : []),
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
