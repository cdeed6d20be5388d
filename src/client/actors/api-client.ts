import { type z } from 'zod'
import {
  API_KEY_HEADER,
  LANGUAGE_HEADER,
  LANGUAGE_HEADER_VALUES,
  type Locale,
} from '#shared/domain/limits.ts'
import { ErrorBodySchema, ErrorCode, type ErrorIssue } from '#shared/errors/error-codes.ts'
import { fileNameOfDisposition } from '#shared/contracts/content-disposition.ts'
import { type DownloadedFile } from '#machines/download/download.machine.ts'

/**
 * The client's side of `/api`: every call carries the language header (and the API key when the build has one),
 * runs under the session rule (403 → refresh → retry → login, see `api-session.ts`) and parses its answer with the
 * contract's zod schema. Failures reject with an {@link ApiRequestError}, which the machines read like an AppError
 * (`code`, `status`).
 */

/** A failed API call: the API's error code and the HTTP status (null when no answer came). */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError'
  readonly code: ErrorCode
  readonly status: number | null
  /** A 400's field issues (`path`, `code`, `message` a form issue code), for forms that show them at the fields. */
  readonly issues: ErrorIssue[] | undefined

  constructor(code: ErrorCode, status: number | null, message?: string, issues?: ErrorIssue[]) {
    super(message ?? code)
    this.code = code
    this.status = status
    this.issues = issues
  }
}

/** The rejection of an aborted call (the user aborted, or the actor that made it stopped). */
export function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError')
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** A multipart POST with upload progress (XHR in the browser, a fake in stories and tests). */
export type UploadRequest = {
  url: string
  headers: Record<string, string>
  /** The multipart field name (`file`). */
  field: string
  file: Blob
  fileName: string
  /** Percent of the body sent, 0–100. */
  onProgress?: ((percent: number) => void) | undefined
  signal?: AbortSignal | undefined
}
/** What the transport hands back: the status and the raw body. */
export type RawResponse = { status: number; body: string }
export type UploadTransport = (request: UploadRequest) => Promise<RawResponse>

/** Runs a request (given its own abort signal) under the session rule; see `createSessionGuard`. */
export type SessionRunner = <T>(
  request: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
) => Promise<T>

export type ApiClientDeps = {
  fetch: typeof fetch
  upload: UploadTransport
  /** The active locale, for the language header. */
  locale: () => Locale
  /** The white label's API key; without one the API serves the default white label. */
  apiKey?: string | undefined
  /** Default: run the request once, without the session rule. */
  withSession?: SessionRunner
}

export type CallOptions = {
  signal?: AbortSignal | undefined
  /** Extra request headers (the checkout's Idempotency-Key). */
  headers?: Record<string, string> | undefined
}

/** The status an error code stands for when the answer had no readable error body. */
function codeOfStatus(status: number): ErrorCode {
  if (status === 400) return ErrorCode.ValidationFailed
  if (status === 401) return ErrorCode.Unauthorized
  if (status === 403) return ErrorCode.Forbidden
  if (status === 404) return ErrorCode.NotFound
  if (status === 409) return ErrorCode.Conflict
  if (status === 413) return ErrorCode.PayloadTooLarge
  if (status === 415) return ErrorCode.UnsupportedFileType
  if (status === 429) return ErrorCode.RateLimited
  if (status === 502 || status === 503 || status === 504) return ErrorCode.ServiceUnavailable
  return ErrorCode.Internal
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** Reads an answer: the parsed body of a 2xx, or an ApiRequestError with the API's code. */
export function readAnswer<T>(status: number, text: string, schema: z.ZodType<T>, what: string): T {
  const body = parseJson(text)
  if (status < 200 || status >= 300) {
    const error = ErrorBodySchema.safeParse(body)
    throw error.success
      ? new ApiRequestError(error.data.error.code, status, error.data.error.message, error.data.error.issues)
      : new ApiRequestError(codeOfStatus(status), status, `${what} answered ${status}`)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new ApiRequestError(
      ErrorCode.Internal,
      status,
      `${what}: unexpected answer (${parsed.error.message})`,
    )
  }
  return parsed.data
}

/** A GET of a file: the answer of a 2xx, else the API's error (ApiRequestError). */
async function fetchFile(
  fetchImpl: typeof fetch,
  path: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response
  try {
    response = await fetchImpl(path, { headers, credentials: 'same-origin', signal })
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw abortError()
    throw new ApiRequestError(ErrorCode.ServiceUnavailable, null, `GET ${path}: no answer`)
  }
  if (!response.ok) readAnswer(response.status, await response.text(), ErrorBodySchema, `GET ${path}`)
  return response
}

export type ApiClient = ReturnType<typeof createApiClient>

export function createApiClient(deps: ApiClientDeps) {
  const withSession: SessionRunner =
    deps.withSession ?? ((request, signal) => request(signal ?? new AbortController().signal))

  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    [LANGUAGE_HEADER]: LANGUAGE_HEADER_VALUES[deps.locale()],
    ...(deps.apiKey ? { [API_KEY_HEADER]: deps.apiKey } : {}),
    ...extra,
  })

  async function send(
    method: string,
    path: string,
    body: unknown,
    signal: AbortSignal,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; text: string }> {
    let response: Response
    try {
      response = await deps.fetch(path, {
        method,
        headers: headers({ ...extra, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        credentials: 'same-origin',
        signal,
      })
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw abortError()
      throw new ApiRequestError(ErrorCode.ServiceUnavailable, null, `${method} ${path}: no answer`)
    }
    return { status: response.status, text: await response.text() }
  }

  function json<T>(method: string, path: string, body: unknown, schema: z.ZodType<T>, options: CallOptions) {
    return withSession(async (signal) => {
      const { status, text } = await send(method, path, body, signal, options.headers)
      return readAnswer(status, text, schema, `${method} ${path}`)
    }, options.signal)
  }

  return {
    get: <T>(path: string, schema: z.ZodType<T>, options: CallOptions = {}) =>
      json('GET', path, undefined, schema, options),
    post: <T>(path: string, body: unknown, schema: z.ZodType<T>, options: CallOptions = {}) =>
      json('POST', path, body, schema, options),
    patch: <T>(path: string, body: unknown, schema: z.ZodType<T>, options: CallOptions = {}) =>
      json('PATCH', path, body, schema, options),
    put: <T>(path: string, body: unknown, schema: z.ZodType<T>, options: CallOptions = {}) =>
      json('PUT', path, body, schema, options),
    delete: <T>(path: string, schema: z.ZodType<T>, options: CallOptions = {}) =>
      json('DELETE', path, undefined, schema, options),

    /** A multipart upload of one file in the field `file`, with progress. */
    upload: <T>(
      path: string,
      file: Blob,
      fileName: string,
      schema: z.ZodType<T>,
      options: CallOptions & { onProgress?: (percent: number) => void } = {},
    ) =>
      withSession(async (signal) => {
        const { status, body } = await deps.upload({
          url: path,
          headers: headers(),
          field: 'file',
          file,
          fileName,
          onProgress: options.onProgress,
          signal,
        })
        return readAnswer(status, body, schema, `POST ${path}`)
      }, options.signal),

    /** A binary file (the 3MF of the 3D preview). */
    binary: (path: string, options: CallOptions = {}) =>
      withSession(
        async (signal) => (await fetchFile(deps.fetch, path, headers(), signal)).arrayBuffer(),
        options.signal,
      ),

    /** A file to save (a download link's target), with the name its Content-Disposition gives. */
    download: (path: string, options: CallOptions = {}) =>
      withSession(async (signal): Promise<DownloadedFile> => {
        const response = await fetchFile(deps.fetch, path, headers(), signal)
        const fileName = fileNameOfDisposition(response.headers.get('content-disposition'))
        return { blob: await response.blob(), fileName }
      }, options.signal),
  }
}
