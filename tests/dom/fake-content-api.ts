import { type CmsNavigation, type CmsPage } from '#shared/contracts/cms.contract.ts'
import { type ErrorCode, errorStatus } from '#shared/errors/error-codes.ts'

/**
 * A stand-in for the content endpoints (`GET /api/cms/pages/{lang}/{slug}`, `GET /api/cms/navigation/{lang}`,
 * `POST /api/contact`) per their contracts; every other call stays unanswered, as in the fake app actors. It records
 * each request for the tests.
 */
export type ContentRequest = { method: string; path: string; body: unknown }

export function createFakeContentApi(options: {
  /** Pages by `{lang}/{slug}`; any other page answers 404, or `pageError` when given. */
  pages?: Record<string, CmsPage>
  pageError?: ErrorCode
  navigation?: (lang: string) => CmsNavigation
  /** `POST /api/contact` fails with this code (default: it works). */
  contactError?: ErrorCode
  /** Hold the contact answer until `release()` (to see the form while it sends). */
  holdContact?: boolean
}) {
  const requests: ContentRequest[] = []
  const held: Array<() => void> = []
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const error = (code: ErrorCode) =>
    json(errorStatus[code], { error: { code, status: errorStatus[code], message: code } })

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    )
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const path = url.pathname
    if (!path.startsWith('/api/cms/') && path !== '/api/contact') return new Promise<Response>(() => {})
    requests.push({ method, path, body })
    // Let the caller's state settle first, as a network round trip would.
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (method === 'GET' && path.startsWith('/api/cms/pages/')) {
      const page = options.pages?.[path.slice('/api/cms/pages/'.length)]
      if (page) return json(200, page)
      return error(options.pageError ?? 'not_found')
    }
    if (method === 'GET' && path.startsWith('/api/cms/navigation/') && options.navigation) {
      return json(200, options.navigation(path.slice('/api/cms/navigation/'.length)))
    }
    if (method === 'POST' && path === '/api/contact') {
      if (options.holdContact) await new Promise<void>((resolve) => held.push(resolve))
      if (options.contactError) return error(options.contactError)
      return json(201, { ok: true, id: 'submission-00000000001' })
    }
    return error('route_not_found')
  }

  return {
    fetch,
    requests,
    /** Answers the held contact requests. */
    release: () => held.splice(0).forEach((resolve) => resolve()),
    calls: () => requests.map((request) => `${request.method} ${request.path}`),
  }
}
