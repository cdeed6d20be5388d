import { assign, fromPromise, setup } from 'xstate'
import {
  EMPTY_STAFF_ORDER_FILTER,
  STAFF_ORDERS_PAGE_SIZE_DEFAULT,
  type StaffOrderFilter,
  type StaffOrderListQuery,
  type StaffOrderListResponse,
} from '#shared/contracts/staff-orders.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type StaffOrderFilterField = keyof StaffOrderFilter

export type Input = { filter: StaffOrderFilter; page: number }

export type Context = {
  /** What the form shows; applied only on `orders.apply`. */
  draft: StaffOrderFilter
  /** The filter of the page on screen (and in the address bar). */
  applied: StaffOrderFilter
  page: number
  result: StaffOrderListResponse | null
  error: ErrorCode | null
}

export type Event =
  | { type: 'orders.changeFilter'; field: StaffOrderFilterField; value: string }
  | { type: 'orders.apply' }
  | { type: 'orders.reset' }
  | { type: 'orders.goToPage'; page: number }
  | { type: 'orders.reload' }
  /** The address bar changed (Back, Forward, a pasted link): its filter and page are the list's. */
  | { type: 'orders.urlChanged'; filter: StaffOrderFilter; page: number }

export const STAFF_ORDER_LIST_TAGS = ['loading', 'load-failed', 'list', 'empty'] as const
export type StaffOrderListTag = (typeof STAFF_ORDER_LIST_TAGS)[number]

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
export const isOrderRangeValid = (filter: StaffOrderFilter): boolean =>
  filter.from === '' || filter.to === '' || filter.from <= filter.to

const sameFilter = (a: StaffOrderFilter, b: StaffOrderFilter): boolean =>
  (Object.keys(a) as StaffOrderFilterField[]).every((field) => a[field] === b[field])

/**
 * The order list of the back office (issue 17 "Order back office"): filters by status, payment status, creation
 * days, customer and a text search, pages. The applied filter and page live in the address bar too, so Back
 * returns to the previous list: `publishUrl` writes them after each change of the user's, `orders.urlChanged` reads
 * them back.
 */
export const staffOrderListMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as StaffOrderListTag,
  },
  actors: {
    /** Client: `GET /api/staff/orders?…`. */
    loadOrders: fromPromise<StaffOrderListResponse, { query: StaffOrderListQuery }>(async () => {
      throw new Error('staffOrderList: loadOrders is not provided')
    }),
  },
  actions: {
    /** Client: the applied filter and page into the address bar (a new history entry). */
    publishUrl: (_, _params: { filter: StaffOrderFilter; page: number }) => {},
    setResult: assign((_, params: { result: StaffOrderListResponse }) => ({
      result: params.result,
      error: null,
    })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    setDraftField: assign(({ context }, params: { field: StaffOrderFilterField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
    })),
    applyDraft: assign(({ context }) => ({ applied: context.draft, page: 1 })),
    resetFilter: assign({ draft: EMPTY_STAFF_ORDER_FILTER, applied: EMPTY_STAFF_ORDER_FILTER, page: 1 }),
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    takeUrl: assign((_, params: { filter: StaffOrderFilter; page: number }) => ({
      draft: params.filter,
      applied: params.filter,
      page: params.page,
    })),
  },
  guards: {
    isValidDraft: ({ context }) => isOrderRangeValid(context.draft),
    isOtherPage: ({ context, event }) =>
      event.type === 'orders.goToPage' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= orderPageCountOf(context.result),
    isOtherUrl: ({ context, event }) =>
      event.type === 'orders.urlChanged' &&
      (event.page !== context.page || !sameFilter(event.filter, context.applied)),
    isEmpty: ({ context }) => context.result?.orders.length === 0,
  },
}).createMachine({
  id: 'staffOrderList',
  initial: 'loading',
  context: ({ input }) => ({
    draft: input.filter,
    applied: input.filter,
    page: input.page,
    result: null,
    error: null,
  }),
  on: {
    'orders.changeFilter': {
      actions: { type: 'setDraftField', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
    'orders.urlChanged': {
      guard: 'isOtherUrl',
      target: '.loading',
      reenter: true,
      actions: { type: 'takeUrl', params: ({ event }) => ({ filter: event.filter, page: event.page }) },
    },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: ({ context }) => ({ query: orderListQueryOf(context) }),
        onDone: {
          target: 'shown',
          actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'load-failed',
      on: { 'orders.reload': 'loading' },
    },
    shown: {
      initial: 'deciding',
      on: {
        'orders.apply': {
          guard: 'isValidDraft',
          target: 'loading',
          actions: [
            'applyDraft',
            { type: 'publishUrl', params: ({ context }) => ({ filter: context.draft, page: 1 }) },
          ],
        },
        'orders.reset': {
          target: 'loading',
          actions: [
            'resetFilter',
            { type: 'publishUrl', params: () => ({ filter: EMPTY_STAFF_ORDER_FILTER, page: 1 }) },
          ],
        },
        'orders.goToPage': {
          guard: 'isOtherPage',
          target: 'loading',
          actions: [
            { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
            {
              type: 'publishUrl',
              params: ({ context, event }) => ({ filter: context.applied, page: event.page }),
            },
          ],
        },
        'orders.reload': 'loading',
      },
      states: {
        deciding: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'list' }] },
        empty: { tags: 'empty' },
        list: { tags: 'list' },
      },
    },
  },
})
