import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import {
  color,
  COLOR_ID,
  gifFile,
  hugeFile,
  pngFile,
  SWATCH_PATH,
  unsupported,
  UPLOAD_PATH,
} from './staff-color-thumbnail.fixtures.ts'
import { staffColorThumbnailMachine } from './staff-color-thumbnail.machine.ts'

const start = (failUpload = false) => {
  const released: (string | null)[] = []
  const uploads: string[] = []
  const actor = createActor(
    staffColorThumbnailMachine.provide({
      actors: {
        uploadThumbnail: fromPromise(async ({ input }) => {
          uploads.push(input.name)
          if (failUpload) throw unsupported
          return color(UPLOAD_PATH)
        }),
        removeThumbnail: fromPromise(async () => color(SWATCH_PATH)),
      },
      actions: { releasePreview: (_, params) => released.push(params.previewUrl) },
    }),
    { input: { colorId: COLOR_ID, thumbnailPath: SWATCH_PATH } },
  ).start()
  return { actor, released, uploads }
}

describe('staffColorThumbnailMachine', () => {
  it('previews a picked picture, uploads it, shows the stored one and removes it again', async () => {
    const { actor, released, uploads } = start()
    expect(actor.getSnapshot().can({ type: 'thumb.remove' })).toBe(false)
    actor.send({ type: 'thumb.choose', file: pngFile, name: 'rot.png', previewUrl: 'blob:1' })
    expect(actor.getSnapshot().hasTag('previewing')).toBe(true)
    expect(actor.getSnapshot().context.chosen?.previewUrl).toBe('blob:1')
    actor.send({ type: 'thumb.upload' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('stored') && !snapshot.hasTag('busy'))
    expect(uploads).toEqual(['rot.png'])
    expect(actor.getSnapshot().context.thumbnailPath).toBe(UPLOAD_PATH)
    expect(released).toContain('blob:1')
    actor.send({ type: 'thumb.remove' })
    await waitFor(actor, (snapshot) => snapshot.context.thumbnailPath === SWATCH_PATH)
  })

  it('refuses a GIF and a file over 2 MB before sending, and keeps a refused upload to retry', async () => {
    const { actor, uploads } = start(true)
    actor.send({ type: 'thumb.choose', file: gifFile, name: 'rot.gif', previewUrl: 'blob:2' })
    expect(actor.getSnapshot().context.rejection).toBe('wrong_type')
    actor.send({ type: 'thumb.choose', file: hugeFile, name: 'riesig.jpg', previewUrl: 'blob:3' })
    expect(actor.getSnapshot().context.rejection).toBe('too_large')
    expect(actor.getSnapshot().hasTag('previewing')).toBe(false)
    actor.send({ type: 'thumb.choose', file: pngFile, name: 'rot.png', previewUrl: 'blob:4' })
    actor.send({ type: 'thumb.upload' })
    await waitFor(actor, (snapshot) => snapshot.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('unsupported_file_type')
    expect(actor.getSnapshot().context.chosen?.name).toBe('rot.png')
    expect(uploads).toEqual(['rot.png'])
  })
})
