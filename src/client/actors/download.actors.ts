import { fromPromise } from 'xstate'
import { downloadMachine } from '#machines/download/download.machine.ts'
import { type ApiClient } from './api-client.ts'

/** How long the saved file's object URL lives: the browser reads it after the click returns, not during it. */
const OBJECT_URL_LIFETIME_MS = 60_000

/** Hands a fetched file to the browser's downloads under `fileName` (the browser's own name when null). */
export function saveBlob(blob: Blob, fileName: string | null): void {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName ?? ''
  anchor.hidden = true
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS)
}

export type DownloadLogic = ReturnType<typeof createDownloadLogic>

/** The download links' machine (decision 0142): the API client's fetch under the session rule, the browser's save. */
export function createDownloadLogic(api: ApiClient, save: typeof saveBlob = saveBlob) {
  return downloadMachine.provide({
    actors: { fetchFile: fromPromise(({ input, signal }) => api.download(input.url, { signal })) },
    actions: { saveFile: (_, params) => save(params.blob, params.fileName) },
  })
}
