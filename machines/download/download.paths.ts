import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { downloadMachine } from './download.machine.ts'

/** A file as the client's API layer hands it over. */
export const downloadedPdf = { blob: new Blob(['%PDF-1.4']), fileName: 'SW-2026-00017.pdf' }
/** The file is gone (a removed attachment) or the link's access does not fit: the API's 404. */
export const fileNotFound = { status: 404, code: 'not_found' } as const
/** No answer came (offline, the server restarting). */
export const serverUnreachable = { status: null, code: 'service_unavailable' } as const

/** Path model of a download link: fetched and saved, refused, tried again. */
export const downloadPathModel = definePathModel({
  machine: downloadMachine,
  input: { url: '/api/checkout/order/o-1/document.pdf' },
  events: [
    { type: 'download.start' },
    doneEvent('fetchFile', downloadedPdf),
    errorEvent('fetchFile', fileNotFound),
    errorEvent('fetchFile', serverUnreachable),
  ],
})
