import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { isApiPath } from '#server/http/api-path.ts'

type Headers = Readonly<Record<string, string>>

/**
 * The security headers helmet would set, computed once. @fastify/helmet builds a new helmet middleware (and
 * re-parses every CSP directive) on each request, which cost about 2 % of the pricing hot path; our policy has no
 * nonces and no per-request directives, so every response gets the same headers and they can be computed at start.
 */
function computeSecurityHeaders(options: HelmetOptions): Headers {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let failure: unknown
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error
  })
  if (failure !== undefined) throw failure
  return Object.freeze(headers)
}

/**
 * An API answer's policy: nothing may load or run in it and no page may frame it, should it ever be opened as a
 * document (what api.github.com sends; OWASP's REST Security Cheat Sheet asks for `frame-ancestors 'none'`).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * The headers of the page set that still mean something on an API answer (JSON, a download, an image): transport,
 * sniffing, framing, cross-origin reads and the referrer. The others act only in a rendered document (the page's own
 * policy, COOP, Origin-Agent-Cluster, DNS prefetch) or in browsers long gone (X-XSS-Protection, X-Download-Options,
 * Flash's cross-domain policies). Decision 0152.
 */
const API_HEADER_NAMES = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'referrer-policy',
] as const

export interface SecurityHeaderSets {
  /** Pages, the SPA's files and everything else outside /api. */
  document: Headers
  /** Every answer under /api. */
  api: Headers
}

export function securityHeaderSets(options: HelmetOptions): SecurityHeaderSets {
  const document = computeSecurityHeaders(options)
  const api: Record<string, string> = { 'content-security-policy': API_CONTENT_SECURITY_POLICY }
  for (const name of API_HEADER_NAMES) {
    const value = document[name]
    if (value !== undefined) api[name] = value
  }
  return { document, api: Object.freeze(api) }
}

/**
 * Adds the headers to every response, the API's set under /api (decision 0152: every header is work on every answer;
 * the page's 13 instead of these 6 cost 2-4 % of a new pricing request's CPU). A route may still override one
 * (downloads send `sandbox` CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { document, api } = securityHeaderSets(options)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : document)
    done()
  })
}
