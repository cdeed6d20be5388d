import { assign, fromPromise, setup } from 'xstate'
import type {
  StaffUpload,
  StaffUploadListQuery,
  StaffUploadListResponse,
} from '#shared/contracts/staff-sheet.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type Context = {
  /** The file-name filter as typed. */
  query: string
  offset: number
  uploads: StaffUpload[]
  total: number
  error: ErrorCode | null
}

export type Event =
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'picker.search'; query: string }
  | { type: 'picker.next' }
  | { type: 'picker.previous' }
  | { type: 'picker.retry' }

export const UPLOAD_PICKER_TAGS = ['open', 'loading', 'list', 'empty', 'load-failed'] as const
export type UploadPickerTag = (typeof UPLOAD_PICKER_TAGS)[number]

/** Uploads a page of the picker shows: enough to find a recent one, short enough to read. */
export const UPLOAD_PICKER_PAGE_SIZE = 8

/** The request of the page to load. */
export function uploadQueryOf(context: Pick<Context, 'query' | 'offset'>): StaffUploadListQuery {
  return { query: context.query.trim(), limit: UPLOAD_PICKER_PAGE_SIZE, offset: context.offset }
}

/**
 * The sheet editor's object picker (issue 17 "against any real uploaded object picked from a list", decision 0114):
 * recently analysed uploads, searched by file name (debounced), a page at a time. Picking is the editor's event
 * (`sheet.pickObject` with the upload's measures); this machine only finds the upload.
 */
export const staffUploadPickerMachine = setup({
  types: { context: {} as Context, events: {} as Event, tags: {} as UploadPickerTag },
  actors: {
    /** Client: `GET /api/staff/uploads?…`. */
    listUploads: fromPromise<StaffUploadListResponse, StaffUploadListQuery>(async () => {
      throw new Error('staffUploadPicker: listUploads is not provided')
    }),
  },
  actions: {
    setResult: assign((_, params: { result: StaffUploadListResponse }) => ({
      uploads: params.result.uploads,
      total: params.result.total,
      error: null,
    })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    setQuery: assign((_, params: { query: string }) => ({ query: params.query, offset: 0 })),
    nextPage: assign(({ context }) => ({ offset: context.offset + UPLOAD_PICKER_PAGE_SIZE })),
    previousPage: assign(({ context }) => ({
      offset: Math.max(0, context.offset - UPLOAD_PICKER_PAGE_SIZE),
    })),
  },
  guards: {
    isEmpty: ({ context }) => context.uploads.length === 0,
    hasNext: ({ context }) => context.offset + UPLOAD_PICKER_PAGE_SIZE < context.total,
    hasPrevious: ({ context }) => context.offset > 0,
  },
  delays: {
    /** A search waits for a pause in typing. */
    searchDelay: 300,
  },
}).createMachine({
  id: 'staffUploadPicker',
  initial: 'closed',
  context: { query: '', offset: 0, uploads: [], total: 0, error: null },
  states: {
    closed: {
      on: { 'picker.open': 'open' },
    },
    open: {
      tags: 'open',
      initial: 'loading',
      on: {
        'picker.close': 'closed',
        'picker.search': {
          target: '.waiting',
          actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) },
        },
      },
      states: {
        waiting: {
          tags: 'loading',
          after: { searchDelay: 'loading' },
        },
        loading: {
          tags: 'loading',
          invoke: {
            id: 'listUploads',
            src: 'listUploads',
            input: ({ context }) => uploadQueryOf(context),
            onDone: {
              target: 'shown',
              actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
            },
          },
        },
        failed: {
          tags: 'load-failed',
          on: { 'picker.retry': 'loading' },
        },
        shown: {
          initial: 'deciding',
          on: {
            'picker.next': { guard: 'hasNext', target: 'loading', actions: 'nextPage' },
            'picker.previous': { guard: 'hasPrevious', target: 'loading', actions: 'previousPage' },
          },
          states: {
            deciding: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'list' }] },
            empty: { tags: 'empty' },
            list: { tags: 'list' },
          },
        },
      },
    },
  },
})
