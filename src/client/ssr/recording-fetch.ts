import { CMS_NAVIGATION_PATH, CMS_PAGES_PATH } from '#shared/contracts/cms.contract.ts'
import { type PrerenderResponses } from '#shared/prerender/prerender-entry.ts'

/** The reads a server render waits for; the server's fetch answers only these (others never settle). */
const isContentRead = (path: string) =>
  path.startsWith(`${CMS_PAGES_PATH}/`) || path.startsWith(`${CMS_NAVIGATION_PATH}/`)

/**
 * The fetch of one server render: it passes calls on, keeps the JSON of every successful GET (the SPA's first
 * render reuses them, see `take-over.ts`) and tells when no call is in flight any more.
 */
export function createRecordingFetch(inner: typeof fetch) {
  const recorded: PrerenderResponses = {}
  let inFlight = 0

  const recordingFetch: typeof fetch = async (resource, init) => {
    const url =
      typeof resource === 'string' ? resource : resource instanceof URL ? resource.href : resource.url
    const method = (init?.method ?? (resource instanceof Request ? resource.method : 'GET')).toUpperCase()
    const counted = isContentRead(pathOf(url))
    if (counted) inFlight += 1
    try {
      const response = await inner(resource, init)
      if (method === 'GET' && response.ok) {
        const body: unknown = await response.clone().json()
        recorded[pathOf(url)] = body
      }
      return response
    } finally {
      if (counted) inFlight -= 1
    }
  }

  return {
    fetch: recordingFetch,
    responses: (): PrerenderResponses => ({ ...recorded }),
    /**
     * Resolves once the calls the actors made have answered and the actors have taken the answers in (a few turns of
     * the event loop without a content read in flight). Other calls never settle on the server and are not counted.
     */
    async settled(maxTurns = 200): Promise<void> {
      let quiet = 0
      for (let turn = 0; turn < maxTurns && quiet < 3; turn += 1) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        quiet = inFlight === 0 ? quiet + 1 : 0
      }
    },
  }
}

/** The path and search of a URL, relative or absolute: the key the SPA looks its answers up by. */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://prerender.invalid')
  return `${parsed.pathname}${parsed.search}`
}
