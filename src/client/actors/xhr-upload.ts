import { ErrorCode } from '#shared/errors/error-codes.ts'
import { abortError, ApiRequestError, type UploadTransport } from './api-client.ts'

/**
 * The browser's multipart upload: `fetch` cannot report upload progress, XMLHttpRequest can. The request is aborted
 * when the signal aborts (the user pressed abort, or the upload actor stopped).
 */
export function createXhrUpload(
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): UploadTransport {
  return (request) =>
    new Promise((resolve, reject) => {
      if (request.signal?.aborted) {
        reject(abortError())
        return
      }
      if (!(request.file instanceof Blob)) {
        reject(new ApiRequestError(ErrorCode.ValidationFailed, null, 'only a file can be uploaded'))
        return
      }
      const xhr = createXhr()
      const onAbort = () => xhr.abort()
      const done = () => request.signal?.removeEventListener('abort', onAbort)
      xhr.open('POST', request.url)
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value)
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) {
          request.onProgress?.(Math.round((event.loaded / event.total) * 100))
        }
      })
      xhr.addEventListener('load', () => {
        done()
        resolve({ status: xhr.status, body: xhr.responseText })
      })
      xhr.addEventListener('error', () => {
        done()
        reject(new ApiRequestError(ErrorCode.ServiceUnavailable, null, `POST ${request.url}: no answer`))
      })
      xhr.addEventListener('abort', () => {
        done()
        reject(abortError())
      })
      request.signal?.addEventListener('abort', onAbort, { once: true })
      const form = new FormData()
      form.append(request.field, request.file, request.fileName)
      xhr.send(form)
    })
}
