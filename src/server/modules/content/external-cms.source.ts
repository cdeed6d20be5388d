import { type CmsPage, CmsPageSchema } from '#shared/contracts/cms.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { sanitizeCmsPage } from '#server/modules/content/sanitize-html.ts'

/**
 * An external CMS (CMS_URL) as the page source: `GET ${baseUrl}/{lang}/{slug}` answering the contract's page JSON.
 * Nothing from it is trusted: the answer is size-limited, validated with CmsPageSchema (links and media URLs
 * included) and its HTML sanitised. The slug was validated before (no dots, so no path tricks), and the request
 * carries no user input besides language and slug.
 */

export interface ExternalCmsOptions {
  /** CMS_URL without a trailing slash. */
  baseUrl: string
  timeoutMs?: number
  /** The largest answer read, in bytes. */
  maxBytes?: number
  fetch?: typeof globalThis.fetch
}

export const EXTERNAL_CMS_TIMEOUT_MS = 5_000
export const EXTERNAL_CMS_MAX_BYTES = 2_000_000

const unavailable = (message: string, cause?: unknown) =>
  new AppError(
    ErrorCode.ServiceUnavailable,
    message,
    cause === undefined ? undefined : { details: { cause: String(cause) } },
  )

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) throw unavailable('The CMS answer is too large')
  const reader = response.body?.getReader()
  if (reader === undefined) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw unavailable('The CMS answer is too large')
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function createExternalCmsSource(options: ExternalCmsOptions) {
  const doFetch = options.fetch ?? globalThis.fetch
  const timeoutMs = options.timeoutMs ?? EXTERNAL_CMS_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? EXTERNAL_CMS_MAX_BYTES
  const base = options.baseUrl.replace(/\/+$/, '')

  return {
    /** The page, or null when the CMS answers 404; a timeout, another status or an invalid page is unavailable. */
    async getPage(lang: Locale, slug: string): Promise<CmsPage | null> {
      const url = `${base}/${lang}/${slug.split('/').map(encodeURIComponent).join('/')}`
      let response: Response
      try {
        response = await doFetch(url, {
          headers: { accept: 'application/json' },
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        throw unavailable(
          error instanceof DOMException && error.name === 'TimeoutError'
            ? 'The CMS timed out'
            : 'The CMS did not answer',
        )
      }
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      if (!response.ok) {
        await response.body?.cancel()
        throw unavailable(`The CMS answered ${response.status}`)
      }
      let body: unknown
      try {
        body = JSON.parse(await readLimited(response, maxBytes))
      } catch (error) {
        if (error instanceof AppError) throw error
        throw unavailable('The CMS answer is not JSON')
      }
      // The page is the one asked for, whatever the CMS says about its language and slug.
      const parsed = CmsPageSchema.safeParse(
        typeof body === 'object' && body !== null ? { ...body, lang, slug } : body,
      )
      if (!parsed.success) throw unavailable('The CMS answer does not match the page contract')
      return sanitizeCmsPage(parsed.data)
    },
  }
}
export type ExternalCmsSource = ReturnType<typeof createExternalCmsSource>
