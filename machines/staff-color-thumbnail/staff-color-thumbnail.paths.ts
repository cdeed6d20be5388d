import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import {
  color,
  COLOR_ID,
  gifFile,
  hugeFile,
  PNG_DATA_URL,
  pngFile,
  SWATCH_PATH,
  unsupported,
  UPLOAD_PATH,
} from './staff-color-thumbnail.fixtures.ts'
import { type Context, staffColorThumbnailMachine } from './staff-color-thumbnail.machine.ts'

/** The picked file counts by its name only: Blobs do not compare by value. */
const serializeContext = (context: Context) => ({
  ...context,
  chosen: context.chosen?.name ?? null,
})

/** Pick (refused type and size), preview, cancel, upload (refused, then stored), remove the upload. */
export const staffColorThumbnailPathModel = definePathModel({
  machine: staffColorThumbnailMachine,
  input: { colorId: COLOR_ID, thumbnailPath: SWATCH_PATH },
  serializeContext,
  events: [
    { type: 'thumb.choose', file: pngFile, name: 'rot.png', previewUrl: PNG_DATA_URL },
    { type: 'thumb.choose', file: gifFile, name: 'rot.gif', previewUrl: 'blob:gif' },
    { type: 'thumb.choose', file: hugeFile, name: 'riesig.jpg', previewUrl: 'blob:huge' },
    { type: 'thumb.cancel' },
    { type: 'thumb.upload' },
    { type: 'thumb.remove' },
    doneEvent('uploadThumbnail', color(UPLOAD_PATH)),
    errorEvent('uploadThumbnail', unsupported),
    doneEvent('removeThumbnail', color(SWATCH_PATH)),
    errorEvent('removeThumbnail'),
  ],
  limit: 3_000,
})
