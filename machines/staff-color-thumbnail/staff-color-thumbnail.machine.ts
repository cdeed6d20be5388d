import { assign, fromPromise, setup } from 'xstate'
import { COLOR_THUMBNAIL_MAX_BYTES, type StaffColor } from '#shared/contracts/staff-catalogue.contract.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type Input = { colorId: string; thumbnailPath: string }

/** A picture picked and previewed, not sent yet. `previewUrl` is the view's object URL of the file. */
export type ChosenFile = { file: Blob; name: string; previewUrl: string }
/** Why a picked file is refused before sending: the contract's type and size rules (the server sniffs again). */
export type Rejection = 'wrong_type' | 'too_large'

export type Context = {
  colorId: string
  /** The stored thumbnail under the thumbnails folder: an upload, or the generated swatch. */
  thumbnailPath: string
  chosen: ChosenFile | null
  rejection: Rejection | null
  /** Why the last upload or removal failed. */
  error: ErrorCode | null
}

export type Event =
  | { type: 'thumb.choose'; file: Blob; name: string; previewUrl: string }
  | { type: 'thumb.cancel' }
  | { type: 'thumb.upload' }
  | { type: 'thumb.remove' }

export const STAFF_COLOR_THUMBNAIL_TAGS = ['stored', 'previewing', 'busy'] as const
export type StaffColorThumbnailTag = (typeof STAFF_COLOR_THUMBNAIL_TAGS)[number]

/** The picture types the upload takes (decision 0106), by the type the browser reports. */
export const THUMBNAIL_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const

export function rejectionOf(file: Blob): Rejection | null {
  if (!THUMBNAIL_MIME_TYPES.some((type) => type === file.type)) return 'wrong_type'
  return file.size > COLOR_THUMBNAIL_MAX_BYTES ? 'too_large' : null
}

/** An uploaded picture (not the generated swatch), which staff may remove. */
export const isUploadedThumbnail = (path: string): boolean => path.startsWith('colors/uploads/')

/**
 * A colour's thumbnail (issue 17, decision 0106): pick a picture and see it before sending, upload it and see the
 * stored one, or remove an upload to get the generated swatch back.
 */
export const staffColorThumbnailMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as StaffColorThumbnailTag,
  },
  actors: {
    /** Client: `POST /api/staff/colors/{id}/thumbnail` (multipart `file`); the colour as stored. */
    uploadThumbnail: fromPromise<StaffColor, { colorId: string; file: Blob; name: string }>(async () => {
      throw new Error('staffColorThumbnail: uploadThumbnail is not provided')
    }),
    /** Client: `DELETE /api/staff/colors/{id}/thumbnail`; the colour with its swatch. */
    removeThumbnail: fromPromise<StaffColor, { colorId: string }>(async () => {
      throw new Error('staffColorThumbnail: removeThumbnail is not provided')
    }),
  },
  actions: {
    /** Client: frees the preview's object URL. */
    releasePreview: (_, _params: { previewUrl: string | null }) => {},
    choose: assign((_, params: ChosenFile) => ({ chosen: params, rejection: null, error: null })),
    reject: assign((_, params: { rejection: Rejection }) => ({ chosen: null, rejection: params.rejection })),
    clearChosen: assign({ chosen: null }),
    setStored: assign((_, params: { color: StaffColor }) => ({
      thumbnailPath: params.color.thumbnailPath,
      chosen: null,
      error: null,
    })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
  },
  guards: {
    isAcceptable: ({ event }) => event.type === 'thumb.choose' && rejectionOf(event.file) === null,
    hasUpload: ({ context }) => isUploadedThumbnail(context.thumbnailPath),
  },
}).createMachine({
  id: 'staffColorThumbnail',
  initial: 'stored',
  context: ({ input }) => ({
    colorId: input.colorId,
    thumbnailPath: input.thumbnailPath,
    chosen: null,
    rejection: null,
    error: null,
  }),
  on: {
    'thumb.choose': [
      {
        guard: 'isAcceptable',
        target: '.previewing',
        actions: [
          {
            type: 'releasePreview',
            params: ({ context }) => ({ previewUrl: context.chosen?.previewUrl ?? null }),
          },
          {
            type: 'choose',
            params: ({ event }) => ({ file: event.file, name: event.name, previewUrl: event.previewUrl }),
          },
        ],
      },
      {
        target: '.stored',
        actions: [
          {
            type: 'releasePreview',
            params: ({ context }) => ({ previewUrl: context.chosen?.previewUrl ?? null }),
          },
          // The refused file's own preview is never shown.
          { type: 'releasePreview', params: ({ event }) => ({ previewUrl: event.previewUrl }) },
          { type: 'reject', params: ({ event }) => ({ rejection: rejectionOf(event.file) ?? 'wrong_type' }) },
        ],
      },
    ],
  },
  states: {
    stored: {
      tags: 'stored',
      on: { 'thumb.remove': { guard: 'hasUpload', target: 'removing' } },
    },
    previewing: {
      tags: 'previewing',
      on: {
        'thumb.upload': 'uploading',
        'thumb.cancel': {
          target: 'stored',
          actions: [
            {
              type: 'releasePreview',
              params: ({ context }) => ({ previewUrl: context.chosen?.previewUrl ?? null }),
            },
            'clearChosen',
          ],
        },
      },
    },
    uploading: {
      tags: ['previewing', 'busy'],
      invoke: {
        id: 'uploadThumbnail',
        src: 'uploadThumbnail',
        input: ({ context }) => ({
          colorId: context.colorId,
          file: context.chosen?.file ?? new Blob(),
          name: context.chosen?.name ?? '',
        }),
        onDone: {
          target: 'stored',
          actions: [
            {
              type: 'releasePreview',
              params: ({ context }) => ({ previewUrl: context.chosen?.previewUrl ?? null }),
            },
            { type: 'setStored', params: ({ event }) => ({ color: event.output }) },
          ],
        },
        // The picked picture stays, so staff can send it again.
        onError: {
          target: 'previewing',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    removing: {
      tags: ['stored', 'busy'],
      invoke: {
        id: 'removeThumbnail',
        src: 'removeThumbnail',
        input: ({ context }) => ({ colorId: context.colorId }),
        onDone: {
          target: 'stored',
          actions: { type: 'setStored', params: ({ event }) => ({ color: event.output }) },
        },
        onError: {
          target: 'stored',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
  },
})
