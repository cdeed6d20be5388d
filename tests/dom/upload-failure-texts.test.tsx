import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { type AnalysisTask } from '#shared/contracts/analysis.contract.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { UPLOAD_INPUT_ATTRIBUTE } from '#client/actors/file-picker.ts'
import { createFakeApi, TASK_ID } from './fake-api.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

const FAST_UPLOAD = { maxPolls: 5, pollIntervalMs: 5, createNewDelayMs: 5, demoDelayMs: 5 }

const failedTask = (details: Record<string, string>): AnalysisTask => ({
  taskId: TASK_ID,
  state: 'failed',
  progress: 30,
  messages: ['converting-to-stl', 'starting-analysis'],
  error: { code: ErrorCode.AnalysisFailed, details },
})

async function upload(api: ReturnType<typeof createFakeApi>, name = 'trimesh__empty.stl') {
  const rendered = await renderApp({
    path: '/',
    fetch: api.fetch,
    upload: api.upload,
    uploadInput: FAST_UPLOAD,
  })
  const input = document.querySelector<HTMLInputElement>(`input[${UPLOAD_INPUT_ATTRIBUTE}]`)
  if (!input) throw new Error('no upload input')
  await userEvent.upload(input, new File([new Uint8Array(26)], name, { type: 'model/stl' }))
  const alert = await screen.findByRole('alert', {}, { timeout: 15_000 })
  return { ...rendered, alert }
}

// The first render transforms the app's chunks: leave room on a busy machine.
describe('upload failures say why and what to do, once (issue 14, item 8)', { timeout: 30_000 }, () => {
  it('a file without triangles says so and asks for a new export, without a snackbar on top', async () => {
    const { alert, actors } = await upload(
      createFakeApi({ tasks: [failedTask({ engineCode: 'no_triangles' })] }),
    )
    expect(within(alert).getByText('trimesh__empty.stl')).toBeTruthy()
    expect(alert.textContent).toContain('Die Datei enthält keine Dreiecke')
    expect(alert.textContent).toContain('Bitte exportieren Sie das Modell als geschlossenen Körper')
    // A file that can never analyse is not asked to be tried later.
    expect(alert.textContent).not.toContain('späteren Zeitpunkt')
    expect(actors.notifications.getSnapshot().hasTag('visible')).toBe(false)
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it.each([
    ['empty_file', 'Die Datei ist leer.'],
    ['stl_not_stl', 'Die Datei ist kein 3D-Modell in dem Format, das ihre Endung angibt.'],
    ['limit_exceeded', 'Das 3D-Modell ist zu komplex, um es zu analysieren.'],
    ['truncated_file', 'Die Datei ist unvollständig oder beschädigt.'],
  ])('%s: "%s"', async (engineCode, why) => {
    const { alert } = await upload(createFakeApi({ tasks: [failedTask({ engineCode })] }))
    expect(alert.textContent).toContain(why)
  })

  it('a failed upload request shows one clean text, not one nested in another', async () => {
    const api = createFakeApi({
      failures: [{ method: 'POST', path: '/api/analytx/file', code: ErrorCode.Internal }],
    })
    const { alert, actors } = await upload(api, 'bracket.stl')
    const text =
      'Hier scheint ein Fehler aufgetreten zu sein. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.'
    expect(within(alert).getByText(text)).toBeTruthy()
    expect(alert.textContent?.split('Hier scheint')).toHaveLength(2)
    expect(alert.textContent).not.toContain('bracket.stl:')
    expect(actors.notifications.getSnapshot().hasTag('visible')).toBe(false)
  })
})
