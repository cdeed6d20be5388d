import { PRERENDER_DATA_ELEMENT_ID, type PrerenderResponses } from '#shared/prerender/prerender-entry.ts'
import { pathOf } from './recording-fetch.ts'

/**
 * The SPA's side of a prerendered page (decision 0109): the server put the page's markup into `#root` and the CMS
 * answers it was made from into a JSON element. The SPA's first render takes those answers instead of asking again,
 * so its first frame is the same page, and replaces the markup with it in one commit (no loading state between).
 */

/**
 * The answers the server embedded, or null when the page came without (the plain SPA). The element stays until
 * `markTakenOver`: its removal tells tests (and anything else watching) that the SPA's markup is in place.
 */
export function readPrerenderedResponses(doc: Document): PrerenderResponses | null {
  const element = doc.getElementById(PRERENDER_DATA_ELEMENT_ID)
  if (element === null) return null
  try {
    const value: unknown = JSON.parse(element.textContent ?? '')
    return typeof value === 'object' && value !== null ? (value as PrerenderResponses) : null
  } catch {
    return null
  }
}

/**
 * Called after the SPA's first commit replaced the prerendered markup: removes the embedded answers. Removing them
 * earlier, while the route still loaded, let a test set a file on the server's file input, which the commit then
 * replaced (the file was lost; a shopper cannot act that early, the server's buttons need the script).
 */
export function markTakenOver(doc: Document): void {
  doc.getElementById(PRERENDER_DATA_ELEMENT_ID)?.remove()
}

/**
 * A fetch that answers each embedded GET once from the page (the first loads of the CMS page and navigation) and
 * passes everything else, and later reads of the same path, to the network. `settled` resolves once the embedded
 * answers were handed out and taken in (or after `timeoutMs`, should a route not ask for them).
 */
export function withPrerenderedResponses(inner: typeof fetch, responses: PrerenderResponses) {
  const pending = new Map(Object.entries(responses))
  const prerenderedFetch: typeof fetch = (resource, init) => {
    const url =
      typeof resource === 'string' ? resource : resource instanceof URL ? resource.href : resource.url
    const method = (init?.method ?? (resource instanceof Request ? resource.method : 'GET')).toUpperCase()
    const path = pathOf(url)
    if (method === 'GET' && pending.has(path)) {
      const body = pending.get(path)
      pending.delete(path)
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      )
    }
    return inner(resource, init)
  }
  return {
    fetch: prerenderedFetch,
    async settled(timeoutMs = 1_000): Promise<void> {
      const deadline = Date.now() + timeoutMs
      while (pending.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 0))
      // A few more turns: the actors take the answers in (parse, transition) before the first render.
      for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0))
    },
  }
}
