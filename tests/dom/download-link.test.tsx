import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '#client/actors/api-client.ts'
import { createDownloadLogic } from '#client/actors/download.actors.ts'
import { DownloadLink } from '#client/common/download-link.tsx'
import { renderWithApp } from './render-app.tsx'

afterEach(cleanup)

const PDF_URL = '/api/checkout/order/o-1/document.pdf?access=abc'

/** A download link on a fake API that answers `answer` (pending until `release` when it is a promise). */
async function renderLink(answer: () => Promise<Response>, locale: 'de' | 'en' = 'de') {
  const fetch = vi.fn((_path: RequestInfo | URL, _init?: RequestInit) => answer())
  const save = vi.fn()
  const api = createApiClient({ fetch, upload: () => new Promise(() => {}), locale: () => locale })
  await renderWithApp(
    <DownloadLink className="button" href={PDF_URL} logic={createDownloadLogic(api, save)}>
      PDF
    </DownloadLink>,
    { locale },
  )
  return { fetch, save, link: screen.getByRole('link', { name: 'PDF' }) }
}

describe('a download link (decision 0142)', () => {
  it('keeps the plain link for a new tab and a browser without JavaScript', async () => {
    const { link } = await renderLink(async () => new Response('x'))
    expect(link.getAttribute('href')).toBe(PDF_URL)
    expect(link.hasAttribute('download')).toBe(true)
  })

  it('says in German why a refused file did not come, and saves nothing', async () => {
    const gone = { error: { code: 'not_found', status: 404, message: 'Not found' } }
    const { link, save } = await renderLink(async () => Response.json(gone, { status: 404 }))
    fireEvent.click(link)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'Die Datei konnte nicht heruntergeladen werden. Das Gesuchte wurde nicht gefunden.',
    )
    expect(save).not.toHaveBeenCalled()
  })

  it('shows that the file is on its way, then saves it under the name the server gave', async () => {
    let release: (response: Response) => void = () => {}
    const { link, save, fetch } = await renderLink(
      () => new Promise<Response>((resolve) => (release = resolve)),
      'en',
    )
    fireEvent.click(link)
    expect((await screen.findByRole('status')).textContent).toBe('Downloading …')
    expect(link.getAttribute('aria-busy')).toBe('true')
    release(
      new Response('%PDF-1.4', {
        headers: { 'content-disposition': `attachment; filename="SW-1.pdf"; filename*=UTF-8''SW-1.pdf` },
      }),
    )
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save.mock.calls[0]?.[1]).toBe('SW-1.pdf')
    expect(await (save.mock.calls[0]?.[0] as Blob).text()).toBe('%PDF-1.4')
    expect(fetch.mock.calls[0]?.[0]).toBe(PDF_URL)
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('leaves a click with a modifier (open in a new tab) to the browser', async () => {
    const { link, fetch } = await renderLink(async () => new Response('x'))
    const followed = !fireEvent.click(link, { ctrlKey: true })
    expect(followed).toBe(false)
    expect(fetch).not.toHaveBeenCalled()
  })
})
