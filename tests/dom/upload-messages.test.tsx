import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '#shared/domain/limits.ts'
import { UPLOAD_INPUT_ATTRIBUTE } from '#client/actors/file-picker.ts'
import { UploadHero } from '#client/features/upload/upload-hero.tsx'
import { type UploadStoryState } from '#client/testing/story-states.ts'
import { renderWithApp } from './render-app.tsx'

afterEach(cleanup)

const hero = async (upload: UploadStoryState = 'idle', locale: 'de' | 'en' = 'de') => {
  const rendered = await renderWithApp(<UploadHero />, { states: { upload }, locale })
  return { ...rendered, hero: within(await screen.findByRole('region')) }
}

/** A file of the given size without allocating it. */
const fileOfSize = (name: string, size: number) => {
  const file = new File(['x'], name)
  Object.defineProperty(file, 'size', { value: size })
  return file
}

const choose = async (file: File) => {
  const input = document.querySelector<HTMLInputElement>(`input[${UPLOAD_INPUT_ATTRIBUTE}]`)
  if (!input) throw new Error('no upload input')
  await userEvent.upload(input, file, { applyAccept: false })
}

describe('upload: client-side checks', () => {
  it('refuses a file over 100 MB with the limit', async () => {
    const { actors, edges } = await hero()
    await choose(fileOfSize('hull.stl', MAX_UPLOAD_BYTES + 1))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('hull.stl')).toBeTruthy()
    expect(within(alert).getByText('Die Datei ist größer als 100 MB.')).toBeTruthy()
    expect(actors.upload.get().getSnapshot().matches({ beforeUpload: 'rejected' })).toBe(true)
    expect(edges.uploads).toHaveLength(0)
  })

  it('accepts exactly 100 MB', async () => {
    const { edges } = await hero()
    await choose(fileOfSize('hull.STL', MAX_UPLOAD_BYTES))
    expect(await screen.findByText('Datei wird hochgeladen …')).toBeTruthy()
    expect(edges.uploads.map((request) => request.fileName)).toEqual(['hull.STL'])
  })

  it('refuses an unsupported type and lists the supported formats', async () => {
    await hero()
    await choose(fileOfSize('photo.jpg', 80_000))
    const alert = await screen.findByRole('alert')
    expect(
      within(alert).getByText(
        'Dieses Dateiformat wird nicht unterstützt. Erlaubt sind: PLY, STL, 3DS, 3MF, STEP, STP.',
      ),
    ).toBeTruthy()
  })

  it('the message can be closed, and another file chosen right away', async () => {
    const { actors } = await hero('rejected:unsupported_file_type')
    await userEvent.click(await screen.findByRole('button', { name: 'Meldung schließen' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(actors.upload.get().getSnapshot().matches({ beforeUpload: 'idle' })).toBe(true)
  })
})

describe('upload: failures and progress', () => {
  it.each([
    ['failed:payload_too_large', 'Die Datei ist zu groß.'],
    [
      'failed:unsupported_file_type',
      'Dieses Dateiformat wird nicht unterstützt. Erlaubt sind: PLY, STL, 3DS, 3MF, STEP, STP.',
    ],
    [
      'failed:analysis_timeout',
      'Die Analyse des 3D-Modells hat zu lange gedauert. Bitte versuchen Sie es erneut.',
    ],
    [
      'failed:analysis_too_complex',
      // The worker's cause (memory) names why; what to do follows in its own sentence.
      'Das 3D-Modell ist zu komplex, um es zu analysieren.',
    ],
  ] as const)('%s explains the failure', async (state, text) => {
    await hero(state)
    const alert = await screen.findByRole('alert')
    // One clean text: the code's own, once, without a generic sentence around it.
    expect(alert.textContent).toContain(text)
    expect(alert.textContent?.split(text)).toHaveLength(2)
    expect(alert.textContent).not.toContain('Hier scheint ein Fehler')
  })

  it.each([
    ['uploading:progress', 'Datei wird hochgeladen …', '40'],
    ['demo:waiting', 'Demo-Objekt wird analysiert …', '0'],
    ['analyzing:waiting:starting-analysis', 'Analyse wird gestartet', '30'],
    ['analyzing:fetchingFile:analysis-completed', 'Analyse abgeschlossen', '100'],
  ] as const)('%s shows "%s" and the progress', async (state, status, percent) => {
    const { hero: region } = await hero(state)
    expect(region.getByRole('status').textContent).toBe(status)
    const bar = region.getByRole('progressbar', { name: status })
    expect(bar.getAttribute('aria-valuenow')).toBe(percent)
    expect(bar.getAttribute('aria-valuetext')).toBe(`${percent} %`)
    expect(region.getByRole('button', { name: 'Abbrechen' })).toBeTruthy()
  })

  it('shows repairing as a warning', async () => {
    const { hero: region } = await hero('analyzing:waiting:repairing-file:repair')
    const steps = region.getByRole('list', { name: 'Analyseschritte' })
    expect(within(steps).getByText('Datei wird repariert').className).toBe(
      'upload-progress__message--warning',
    )
    expect(
      region.getByText('Ihre Datei wird gerade automatisch repariert. Das kann einen Moment dauern.'),
    ).toBeTruthy()
  })

  it('the close icon closes the upload and reloads the page', async () => {
    const { actors, edges } = await renderWithApp(<UploadHero />, { states: { orderProcess: 'upload' } })
    await userEvent.click(await screen.findByRole('button', { name: 'Upload schließen' }))
    expect(actors.orderProcess.getSnapshot().value).toBe('noOrderOngoing')
    expect(edges.reloads).toBe(1)
  })
})
