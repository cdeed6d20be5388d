import { type CmsPage } from '#shared/contracts/cms.contract.ts'
import { type ErrorCode, errorStatus } from '#shared/errors/error-codes.ts'

/**
 * A fetch for stories and DOM tests that answers the CMS page endpoint (`/api/cms/pages/…`) with a page or an error
 * and leaves every other call unanswered, like the stories' default fetch.
 */
export function cmsPagesFetch(answer: { page: CmsPage } | { error: ErrorCode }): typeof fetch {
  return (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!new URL(url, 'http://localhost').pathname.startsWith('/api/cms/pages/')) return new Promise(() => {})
    const [status, body] =
      'page' in answer
        ? [200, answer.page]
        : [
            errorStatus[answer.error],
            { error: { code: answer.error, status: errorStatus[answer.error], message: answer.error } },
          ]
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    )
  }
}
