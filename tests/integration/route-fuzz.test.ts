import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFuzzFixture, fuzzApp } from '#tests/hostile/fuzz/fuzz-fixture.ts'
import { prototypeIsPolluted } from '#tests/hostile/fuzz/payloads.ts'
import { formatReport, type RouteFuzzReport } from '#tests/hostile/fuzz/route-fuzz.ts'
import { bodyRoutes } from '#tests/hostile/fuzz/route-table.ts'
import { injectSender } from '#tests/hostile/fuzz/senders.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * The fast part of the hostile route fuzz (issue 13): every POST, PUT and PATCH route the app registers gets the
 * fast payload set (every kind: malformed JSON, wrong types, 2 MB and 10,000-deep bodies, __proto__, NUL and lone
 * surrogates, huge numbers, SQL-like text, wrong content types, broken multipart) in-process. No answer may be a
 * 5xx, every error has the app's error shape, staff routes answer nothing but errors without a session, the app is
 * live after each route and Object.prototype is untouched. The full set over real HTTP is
 * `npm run test:hostile -- --only route-fuzz`.
 */

let t: TestApp
let reports: RouteFuzzReport[]

beforeAll(async () => {
  // The fuzz sends a few thousand requests from one address: the shop-wide per-address limit is not under test.
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 })
  const fixture = await createFuzzFixture(t.app, t.db)
  reports = await fuzzApp({ app: t.app, send: injectSender(t.app), fixture, size: 'fast' })
  // About 12 s on a quiet machine; generous for a CI machine busy with the other projects.
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('route fuzz (fast set, in-process)', () => {
  it('reaches every body-taking route, with at least 25 payloads of at least 25 kinds each', () => {
    const routes = bodyRoutes(t.app)
    expect(routes.length).toBeGreaterThan(20)
    for (const route of routes) {
      expect(reports.some((report) => report.method === route.method && report.url === route.url)).toBe(true)
    }
    for (const report of reports) {
      expect(report.payloads, formatReport(report)).toBeGreaterThanOrEqual(25)
      expect(report.kinds, formatReport(report)).toBeGreaterThanOrEqual(25)
    }
  })

  it('answers no payload with a 5xx or an error outside the error shape, and stays live', () => {
    const broken = reports.filter((report) => report.findings.length > 0 || !report.healthyAfter)
    const detail = broken.flatMap((report) => [
      formatReport(report),
      ...report.findings.map(
        (finding) => `  ${finding.kind} (${finding.label}) → ${finding.status}: ${finding.problem}`,
      ),
    ])
    expect(detail).toEqual([])
  })

  it('answers staff routes without a session with 401 once the body is read', () => {
    const anonymousStaff = reports.filter(
      (report) => report.session === 'none' && report.url.startsWith('/api/staff/'),
    )
    expect(anonymousStaff.length).toBeGreaterThan(0)
    for (const report of anonymousStaff)
      expect(report.statuses[401] ?? 0, formatReport(report)).toBeGreaterThan(0)
  })

  it('leaves Object.prototype unpolluted', () => {
    expect(prototypeIsPolluted()).toBe(false)
  })
})
