import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { type FuzzPayload, type FuzzSeed, type FuzzSize, fuzzPayloads } from './payloads.ts'
import type { RouteEntry } from './route-table.ts'

/**
 * Sends every hostile payload to one route and judges each answer: never a 5xx, an error in the app's one error
 * shape (ErrorBodySchema), and the server still live (`/api/health/live`) after the route. The transport is
 * pluggable: `app.inject` in CI (tests/integration/route-fuzz.test.ts), real HTTP in the hostile suite.
 */

export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  body: Buffer | undefined
}

export interface FuzzAnswer {
  status: number
  body: string
}

export type FuzzSend = (request: FuzzRequest) => Promise<FuzzAnswer>

export type SessionKind = 'none' | 'staff'

export interface FuzzFinding {
  kind: string
  label: string
  status: number
  /** What was wrong with the answer. */
  problem: string
}

export interface RouteFuzzReport {
  method: string
  url: string
  session: SessionKind
  payloads: number
  kinds: number
  statuses: Record<number, number>
  /** Answers that broke a rule: a 5xx, a wrong error shape, a 2xx without a session on a staff route. */
  findings: FuzzFinding[]
  healthyAfter: boolean
}

export interface RouteFuzzOptions {
  send: FuzzSend
  route: RouteEntry
  /** The URL with its parameters filled in with real ids (so the body is reached, not a 404 on the id). */
  url: string
  seed: FuzzSeed
  size: FuzzSize
  session: SessionKind
  /** The Cookie header of the staff session, for `session: 'staff'`. */
  cookie?: string
}

/** A browser page of the shop itself: the same-origin guard lets these through, so the body handling is reached. */
const SAME_ORIGIN_HEADERS = { 'sec-fetch-site': 'same-origin' }

export function requestFor(options: RouteFuzzOptions, payload: FuzzPayload): FuzzRequest {
  const headers: Record<string, string> = { ...SAME_ORIGIN_HEADERS }
  if (payload.contentType !== undefined) headers['content-type'] = payload.contentType
  if (options.session === 'staff' && options.cookie !== undefined) headers.cookie = options.cookie
  return { method: options.route.method, url: options.url, headers, body: payload.body }
}

/** The rule an answer broke, or undefined when it is fine. */
export function judge(
  answer: FuzzAnswer,
  options: Pick<RouteFuzzOptions, 'session' | 'route'>,
): string | undefined {
  if (answer.status >= 500) return `server error: ${answer.body.slice(0, 200)}`
  if (options.session === 'none' && isStaffRoute(options.route.url) && answer.status < 400)
    return 'a staff route answered without a session'
  if (answer.status < 400) return undefined
  return errorShapeProblem(answer.body)
}

function errorShapeProblem(body: string): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return `error body is not JSON: ${body.slice(0, 120)}`
  }
  const result = ErrorBodySchema.safeParse(parsed)
  return result.success ? undefined : `error body is not the app's error shape: ${body.slice(0, 120)}`
}

export function isStaffRoute(url: string): boolean {
  return url.startsWith('/api/staff/') || url.includes('/price-spreadsheet')
}

async function isLive(send: FuzzSend): Promise<boolean> {
  try {
    const answer = await send({ method: 'GET', url: '/api/health/live', headers: {}, body: undefined })
    return answer.status === 200
  } catch {
    return false
  }
}

export async function fuzzRoute(options: RouteFuzzOptions): Promise<RouteFuzzReport> {
  const payloads = fuzzPayloads(options.seed, options.size)
  const statuses: Record<number, number> = {}
  const findings: FuzzFinding[] = []
  for (const payload of payloads) {
    let answer: FuzzAnswer
    try {
      answer = await options.send(requestFor(options, payload))
    } catch (error) {
      // A reset connection is fine for a body the server refused mid-way (a 413 closes it); a dead server is not.
      // Counted as status 0: the payload was sent, the answer was a closed connection.
      if (await isLive(options.send)) {
        statuses[0] = (statuses[0] ?? 0) + 1
        continue
      }
      answer = { status: 599, body: `no answer: ${error instanceof Error ? error.message : String(error)}` }
    }
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
    const problem = judge(answer, options)
    if (problem !== undefined)
      findings.push({ kind: payload.kind, label: payload.label, status: answer.status, problem })
  }
  return {
    method: options.route.method,
    url: options.route.url,
    session: options.session,
    payloads: payloads.length,
    kinds: new Set(payloads.map((payload) => payload.kind)).size,
    statuses,
    findings,
    healthyAfter: await isLive(options.send),
  }
}

export function formatReport(report: RouteFuzzReport): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')
  const serverErrors = report.findings.filter((finding) => finding.status >= 500).length
  return (
    `${report.method} ${report.url} [${report.session}]: ${report.payloads} payloads (${report.kinds} kinds), ` +
    `${serverErrors} 5xx, ${report.findings.length} findings; ${statuses}${report.healthyAfter ? '' : ' — NOT LIVE'}`
  )
}
