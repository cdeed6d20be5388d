import type autocannon from 'autocannon'
import { BROWSER_ACCEPT_ENCODING } from '#tests/integration/helpers/browser-headers.ts'
import { withQuantity } from './bench-configurations.ts'

/** The loads of the pricing bench tools that drive the bundled bench server (pricing-ab, pricing-perf, pricing-floor). */

export const PRICING_PATH = '/api/pricing/batch-calculations'
export const LIVE_PATH = '/api/health/live'

/** The headers of the client's pricing requests: JSON, and the encodings a browser accepts (decision 0146). */
export const PRICING_HEADERS = {
  'content-type': 'application/json',
  'accept-encoding': BROWSER_ACCEPT_ENCODING,
}

/**
 * A source of new configurations: each call gives the next selection's request (of the `templates` passed) with a
 * quantity never sent before, so no request is answered from the answer cache. One source can feed several servers.
 */
export function newConfigurationBodies(): (templates: readonly [string, string][]) => string {
  let quantity = 1_000
  return (templates) => withQuantity(templates[quantity % templates.length]!, quantity++)
}

/** autocannon options: POSTs of the client's pricing request to `url`, each with the body `nextBody` gives. */
export function postEach(url: string, nextBody: () => string): autocannon.Options {
  return {
    url,
    method: 'POST',
    headers: PRICING_HEADERS,
    requests: [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }],
  }
}

/** autocannon options: `GET /api/health/live` of the server at `base`, as a browser asks. */
export function liveLoad(base: string): autocannon.Options {
  return { url: `${base}${LIVE_PATH}`, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }
}
