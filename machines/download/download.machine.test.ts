import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { downloadMachine, type DownloadedFile } from './download.machine.ts'
import { downloadedPdf } from './download.paths.ts'

/** A download link whose fetches answer with `answers` in turn (an Error rejects). */
function link(answers: (DownloadedFile | Error)[]) {
  const fetchFile = vi.fn(async (_: { input: { url: string } }): Promise<DownloadedFile> => {
    const answer = answers.shift()
    if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no answer left')
    return answer
  })
  const saveFile = vi.fn()
  const actor = createActor(
    downloadMachine.provide({
      actors: { fetchFile: fromPromise(fetchFile) },
      actions: { saveFile: (_, params) => saveFile(params) },
    }),
    { input: { url: '/api/checkout/order/o-1/document.pdf?access=abc' } },
  ).start()
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
  return { actor, fetchFile, saveFile, settled }
}

describe('downloadMachine', () => {
  it('fetches the link, then saves the file under the name the answer gave', async () => {
    const { actor, fetchFile, saveFile, settled } = link([downloadedPdf])
    actor.send({ type: 'download.start' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const snapshot = await settled()
    expect(fetchFile.mock.calls[0]?.[0].input).toEqual({
      url: '/api/checkout/order/o-1/document.pdf?access=abc',
    })
    expect(saveFile).toHaveBeenCalledExactlyOnceWith(expect.objectContaining(downloadedPdf))
    expect(snapshot.value).toBe('idle')
    expect(snapshot.context.error).toBeNull()
  })

  it('keeps the reason of a refused file and saves nothing', async () => {
    const { actor, saveFile, settled } = link([new AppError(ErrorCode.NotFound, 'gone')])
    actor.send({ type: 'download.start' })
    const snapshot = await settled()
    expect(snapshot.hasTag('failed')).toBe(true)
    expect(snapshot.context.error).toBe('not_found')
    expect(saveFile).not.toHaveBeenCalled()
  })

  it('says the server is unreachable when no answer came, and a later try that works clears the reason', async () => {
    const offline = new AppError(ErrorCode.ServiceUnavailable, 'no answer')
    const { actor, saveFile, settled } = link([offline, downloadedPdf])
    actor.send({ type: 'download.start' })
    expect((await settled()).context.error).toBe('service_unavailable')
    actor.send({ type: 'download.start' })
    // The reason stays beside the link while the next try runs.
    expect(actor.getSnapshot().context.error).toBe('service_unavailable')
    const snapshot = await settled()
    expect(snapshot.hasTag('failed')).toBe(false)
    expect(snapshot.context.error).toBeNull()
    expect(saveFile).toHaveBeenCalledTimes(1)
  })

  it('ignores a second click while the file is on its way', async () => {
    const { actor, fetchFile, settled } = link([downloadedPdf, downloadedPdf])
    actor.send({ type: 'download.start' })
    expect(actor.getSnapshot().can({ type: 'download.start' })).toBe(false)
    actor.send({ type: 'download.start' })
    await settled()
    expect(fetchFile).toHaveBeenCalledTimes(1)
  })
})
