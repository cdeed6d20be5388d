import { CMS_NAVIGATION_PATH, CMS_PAGES_PATH } from '#shared/contracts/cms.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { toErrorBody } from '#server/http/error-handler.ts'
import type { ContentModule } from '#server/modules/content/content.module.ts'

export type ContentReads = Pick<ContentModule['service'], 'getPage' | 'getNavigation'>

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })

/**
 * The CMS reads of a server render, answered by the content service in this process (the same answers as
 * `GET /api/cms/pages/…` and `/api/cms/navigation/…`, without a loopback request or the per-address rate limit).
 * Returns undefined for any other path.
 */
export async function readContent(content: ContentReads, path: string): Promise<Response | undefined> {
  const pages = `${CMS_PAGES_PATH}/`
  const navigation = `${CMS_NAVIGATION_PATH}/`
  try {
    if (path.startsWith(pages)) {
      const [lang = '', ...slug] = path.slice(pages.length).split('/')
      return json(200, await content.getPage(lang, slug.join('/')))
    }
    if (path.startsWith(navigation)) {
      return json(200, await content.getNavigation(path.slice(navigation.length)))
    }
  } catch (error) {
    return json(error instanceof AppError ? error.status : 500, toErrorBody(error).body)
  }
  return undefined
}

/**
 * The fetch handed to the SSR bundle: content reads are answered, every other call (cart, session, catalogue)
 * never settles, so those parts render in the loading state the SPA's own first frame has, and nothing personal
 * ends up in a page that is cached and shared.
 */
export function createContentFetch(content: ContentReads): typeof fetch {
  return async (resource, init) => {
    const url =
      typeof resource === 'string' ? resource : resource instanceof URL ? resource.href : resource.url
    const parsed = new URL(url, 'http://prerender.invalid')
    const method = (init?.method ?? 'GET').toUpperCase()
    const answer = method === 'GET' ? await readContent(content, parsed.pathname) : undefined
    if (answer !== undefined) return answer
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true })
    })
  }
}
