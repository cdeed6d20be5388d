import { assign, fromPromise, setup } from 'xstate'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type Input = {
  /** The file's address on the API (the link's href). */
  url: string
}

/** A fetched file and the name its answer gives (null: the browser names it). */
export type DownloadedFile = { blob: Blob; fileName: string | null }

export type Context = {
  url: string
  /** Why the last try failed: the API's error code, shown in the visitor's language beside the link. */
  error: ErrorCode | null
}

export type Event = { type: 'download.start' }

export const DOWNLOAD_TAGS = ['busy', 'failed'] as const
export type DownloadTag = (typeof DOWNLOAD_TAGS)[number]

/**
 * A download link (part 1 §7's repaired file and a cart item's attachments, the order pages' PDF of part 2 §2, the
 * staff's line files): the file is fetched first and saved only when it came, so a refused or vanished file is said
 * in the visitor's language beside the link instead of a browser page of raw JSON or a silently failed download
 * (decision 0142).
 */
export const downloadMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as DownloadTag,
  },
  actors: {
    /** Client: `GET url` under the session rule; the file, or a rejection with the API's error. */
    fetchFile: fromPromise<DownloadedFile, { url: string }>(async () => {
      throw new Error('download: fetchFile is not provided')
    }),
  },
  actions: {
    /** Client: hands the file to the browser's downloads under its name. */
    saveFile: (_, _params: DownloadedFile) => {},
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'download',
  initial: 'idle',
  context: ({ input }) => ({ url: input.url, error: null }),
  states: {
    idle: {
      on: { 'download.start': 'fetching' },
    },
    fetching: {
      tags: 'busy',
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ context }) => ({ url: context.url }),
        onDone: {
          target: 'idle',
          actions: ['clearError', { type: 'saveFile', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    // The reason stays beside the link until the next try ends.
    failed: {
      tags: 'failed',
      on: { 'download.start': 'fetching' },
    },
  },
})
