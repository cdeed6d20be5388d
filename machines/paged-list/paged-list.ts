import { assign, fromPromise, setup } from 'xstate'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

/**
 * The paged, filtered list of the staff workspace (decision 0127): one machine definition that the order list and
 * the audit log build with their own filter, request and answer, so paging, filtering, loading, retry and dropping
 * stale answers behave the same in both and are tested once in shape.
 */

/** A filter as the form holds it: every field a string, empty meaning "any". */
export type ListFilter = Record<string, string>

/** Where the list starts: the filter (applied and in the form) and the page (from 1). */
export type PagedListInput<TFilter extends ListFilter> = { filter: TFilter; page: number }

export type PagedListContext<TFilter extends ListFilter, TResult> = {
  /** What the form shows; applied only on `list.apply`. */
  draft: TFilter
  /** The filter of the page on screen (and, for lists that follow the address bar, in the address bar). */
  applied: TFilter
  page: number
  result: TResult | null
  error: ErrorCode | null
}

export type PagedListEvent<TFilter extends ListFilter> =
  | { type: 'list.changeFilter'; field: keyof TFilter & string; value: string }
  | { type: 'list.apply' }
  | { type: 'list.reset' }
  | { type: 'list.goToPage'; page: number }
  | { type: 'list.reload' }
  /** The address bar changed (Back, Forward, a pasted link): its filter and page are the list's. */
  | { type: 'list.urlChanged'; filter: TFilter; page: number }

export const PAGED_LIST_TAGS = ['loading', 'load-failed', 'list', 'empty'] as const
export type PagedListTag = (typeof PAGED_LIST_TAGS)[number]

/** What one list is made of; everything else (states, events, guards) is the same for every list. */
export type PagedListOptions<TFilter extends ListFilter, TQuery, TResult> = {
  id: string
  emptyFilter: TFilter
  /** The request of one page: the applied filter without its empty fields, and the page (from 1). */
  queryOf: (filter: TFilter, page: number) => TQuery
  /** The number of pages of an answer (at least 1): `list.goToPage` stays within them. */
  pageCountOf: (result: TResult) => number
  isEmpty: (result: TResult) => boolean
  /** Whether the form's filter may be applied (a reversed date range finds nothing: refused). */
  isValidFilter: (filter: TFilter) => boolean
  /**
   * The list's filter and page live in the address bar: `list.urlChanged` loads what it names. Lists without it
   * ignore that event; `publishUrl` stays a no-op unless the client provides it.
   */
  followsAddressBar: boolean
}

/** A date range whose end lies before its start finds nothing; an open end is always valid. */
export const isDateRangeValid = (filter: { from: string; to: string }): boolean =>
  filter.from === '' || filter.to === '' || filter.from <= filter.to

const sameFilter = <TFilter extends ListFilter>(a: TFilter, b: TFilter): boolean =>
  Object.keys(a).every((field) => a[field] === b[field])

/** The types, the actor, the actions and the guards of a paged list, bound to one list's options. */
function pagedListSetup<TFilter extends ListFilter, TQuery, TResult>(
  options: PagedListOptions<TFilter, TQuery, TResult>,
) {
  const pagesOf = (result: TResult | null) => (result === null ? 1 : options.pageCountOf(result))
  return setup({
    types: {
      context: {} as PagedListContext<TFilter, TResult>,
      events: {} as PagedListEvent<TFilter>,
      input: {} as PagedListInput<TFilter>,
      tags: {} as PagedListTag,
    },
    actors: {
      /** Client: the API call of one page. */
      loadPage: fromPromise<TResult, { query: TQuery }>(async () => {
        throw new Error(`${options.id}: loadPage is not provided`)
      }),
    },
    actions: {
      /** Client: the applied filter and page into the address bar (a new history entry); called after they change. */
      publishUrl: (_, _params: { filter: TFilter; page: number }) => {},
      setResult: assign((_, params: { result: TResult }) => ({ result: params.result, error: null })),
      setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
      setDraftField: assign(({ context }, params: { field: keyof TFilter & string; value: string }) => ({
        draft: { ...context.draft, [params.field]: params.value },
      })),
      applyDraft: assign(({ context }) => ({ applied: context.draft, page: 1 })),
      resetFilter: assign({ draft: options.emptyFilter, applied: options.emptyFilter, page: 1 }),
      setPage: assign((_, params: { page: number }) => ({ page: params.page })),
      takeUrl: assign((_, params: { filter: TFilter; page: number }) => ({
        draft: params.filter,
        applied: params.filter,
        page: params.page,
      })),
    },
    guards: {
      isValidDraft: ({ context }) => options.isValidFilter(context.draft),
      isOtherPage: ({ context, event }) =>
        event.type === 'list.goToPage' &&
        event.page !== context.page &&
        event.page >= 1 &&
        event.page <= pagesOf(context.result),
      isOtherUrl: ({ context, event }) =>
        event.type === 'list.urlChanged' &&
        (event.page !== context.page || !sameFilter(event.filter, context.applied)),
      isEmpty: ({ context }) => context.result !== null && options.isEmpty(context.result),
    },
  })
}

/** The list before its first answer: the input's filter in the form and applied. */
const contextOf = <TFilter extends ListFilter, TResult>(
  input: PagedListInput<TFilter>,
): PagedListContext<TFilter, TResult> => ({
  draft: input.filter,
  applied: input.filter,
  page: input.page,
  result: null,
  error: null,
})

/** `list.urlChanged` of a list that follows the address bar: another filter or page there loads it afresh. */
const addressBarTransitions = <TFilter extends ListFilter>() =>
  ({
    'list.urlChanged': {
      guard: 'isOtherUrl',
      target: '.loading',
      reenter: true,
      actions: {
        type: 'takeUrl',
        params: ({ event }: { event: { filter: TFilter; page: number } }) => ({
          filter: event.filter,
          page: event.page,
        }),
      },
    },
  }) as const

/**
 * Builds a paged list machine: it loads the page of the applied filter (`loadPage`), shows it as a list or as
 * empty, offers a retry when the load fails; a filter applies only on `list.apply` and always from page 1, paging
 * stays within the answer's pages. Each change leaves `loading` and re-enters it, so XState stops the running
 * `loadPage` and its late answer is dropped: the screen always shows the answer to the last request.
 */
export function pagedListMachine<TFilter extends ListFilter, TQuery, TResult>(
  options: PagedListOptions<TFilter, TQuery, TResult>,
) {
  return pagedListSetup(options).createMachine({
    id: options.id,
    initial: 'loading',
    context: ({ input }) => contextOf<TFilter, TResult>(input),
    on: {
      'list.changeFilter': { actions: { type: 'setDraftField', params: ({ event }) => event } },
      ...(options.followsAddressBar ? addressBarTransitions<TFilter>() : {}),
    },
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({ query: options.queryOf(context.applied, context.page) }),
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
      loadFailed: { tags: 'load-failed', on: { 'list.reload': 'loading' } },
      shown: {
        initial: 'deciding',
        on: {
          'list.apply': {
            guard: 'isValidDraft',
            target: 'loading',
            actions: [
              'applyDraft',
              {
                type: 'publishUrl',
                params: ({ context }) => ({ filter: context.applied, page: context.page }),
              },
            ],
          },
          'list.reset': {
            target: 'loading',
            actions: [
              'resetFilter',
              {
                type: 'publishUrl',
                params: ({ context }) => ({ filter: context.applied, page: context.page }),
              },
            ],
          },
          'list.goToPage': {
            guard: 'isOtherPage',
            target: 'loading',
            actions: [
              { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
              {
                type: 'publishUrl',
                params: ({ context }) => ({ filter: context.applied, page: context.page }),
              },
            ],
          },
          'list.reload': 'loading',
        },
        states: {
          deciding: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'list' }] },
          empty: { tags: 'empty' },
          list: { tags: 'list' },
        },
      },
    },
  })
}
