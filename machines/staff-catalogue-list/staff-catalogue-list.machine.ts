import { assign, fromPromise, setup } from 'xstate'
import { type StaffResource } from '#shared/contracts/staff-catalogue.contract.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { type CatalogueItem } from '#machines/staff-catalogue-form/catalogue-draft.ts'

export type Input = { resource: StaffResource }

export type Context = {
  resource: StaffResource
  /** Everything the API lists, archived entities too (marked in the view). */
  items: readonly CatalogueItem[]
  /** Why loading failed. */
  error: ErrorCode | null
  /** The entity being archived (true) or restored (false). */
  change: { id: string; archived: boolean } | null
  /** Why the last archive or restore failed (409: the default white label cannot be archived). */
  changeError: ErrorCode | null
}

export type Event =
  { type: 'list.reload' } | { type: 'list.archive'; id: string } | { type: 'list.restore'; id: string }

export const STAFF_CATALOGUE_LIST_TAGS = ['loading', 'load-failed', 'list', 'empty', 'changing'] as const
export type StaffCatalogueListTag = (typeof STAFF_CATALOGUE_LIST_TAGS)[number]

const itemOf = (context: Context, id: string) => context.items.find((item) => item.id === id)

/**
 * The list of one staff catalogue resource (issue 17 print-mode editor, decision 0108): everything with the
 * archived entities marked, archive and restore (nothing is deleted: orders may name it), one change at a time.
 */
export const staffCatalogueListMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as StaffCatalogueListTag,
  },
  actors: {
    /** Client: `GET /api/staff/{resource}`. */
    loadItems: fromPromise<readonly CatalogueItem[], { resource: StaffResource }>(async () => {
      throw new Error('staffCatalogueList: loadItems is not provided')
    }),
    /** Client: `POST /api/staff/{resource}/{id}/archive` or `/restore` (204). */
    setArchived: fromPromise<void, { resource: StaffResource; id: string; archived: boolean }>(async () => {
      throw new Error('staffCatalogueList: setArchived is not provided')
    }),
  },
  actions: {
    setItems: assign((_, params: { items: readonly CatalogueItem[] }) => ({
      items: params.items,
      error: null,
    })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    startChange: assign((_, params: { id: string; archived: boolean }) => ({
      change: params,
      changeError: null,
    })),
    applyChange: assign(({ context }) => ({
      items: context.items.map((item) =>
        item.id === context.change?.id ? { ...item, archived: context.change.archived } : item,
      ),
      change: null,
    })),
    setChangeError: assign((_, params: { error: ErrorCode }) => ({
      change: null,
      changeError: params.error,
    })),
  },
  guards: {
    isEmpty: ({ context }) => context.items.length === 0,
    isActive: ({ context, event }) =>
      (event.type === 'list.archive' || event.type === 'list.restore') &&
      itemOf(context, event.id)?.archived === false,
    isArchived: ({ context, event }) =>
      (event.type === 'list.archive' || event.type === 'list.restore') &&
      itemOf(context, event.id)?.archived === true,
  },
}).createMachine({
  id: 'staffCatalogueList',
  initial: 'loading',
  context: ({ input }) => ({
    resource: input.resource,
    items: [],
    error: null,
    change: null,
    changeError: null,
  }),
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadItems',
        src: 'loadItems',
        input: ({ context }) => ({ resource: context.resource }),
        onDone: {
          target: 'shown',
          actions: { type: 'setItems', params: ({ event }) => ({ items: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'load-failed',
      on: { 'list.reload': 'loading' },
    },
    shown: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'list' }] },
        empty: { tags: 'empty', on: { 'list.reload': '#staffCatalogueList.loading' } },
        list: {
          tags: 'list',
          on: {
            'list.reload': '#staffCatalogueList.loading',
            'list.archive': {
              guard: 'isActive',
              target: 'changing',
              actions: { type: 'startChange', params: ({ event }) => ({ id: event.id, archived: true }) },
            },
            'list.restore': {
              guard: 'isArchived',
              target: 'changing',
              actions: { type: 'startChange', params: ({ event }) => ({ id: event.id, archived: false }) },
            },
          },
        },
        changing: {
          tags: ['list', 'changing'],
          invoke: {
            id: 'setArchived',
            src: 'setArchived',
            input: ({ context }) => ({
              resource: context.resource,
              id: context.change?.id ?? '',
              archived: context.change?.archived ?? false,
            }),
            onDone: { target: 'list', actions: 'applyChange' },
            onError: {
              target: 'list',
              actions: {
                type: 'setChangeError',
                params: ({ event }) => ({ error: errorCodeOf(event.error) }),
              },
            },
          },
        },
      },
    },
  },
})
