import { createFuzzFixture, fuzzApp } from '#tests/hostile/fuzz/fuzz-fixture.ts'
import { prototypeIsPolluted } from '#tests/hostile/fuzz/payloads.ts'
import { formatReport } from '#tests/hostile/fuzz/route-fuzz.ts'
import { httpSender } from '#tests/hostile/fuzz/senders.ts'
import { createTestApp } from '#tests/integration/helpers/test-app.ts'
import type { HostileCheck, HostileContext, HostileResult } from '../harness.ts'

/**
 * The full route fuzz over real HTTP: the app as the integration tests build it (on TEST_DATABASE_URL when set),
 * listening on a loopback port, every POST/PUT/PATCH route from its own route table with the full payload set
 * (10 MB bodies, every field with every wrong type), staff routes without and with a staff session.
 */
async function run(context: HostileContext): Promise<HostileResult> {
  // One address sends thousands of requests here: the shop-wide per-address limit is not what is under test.
  const t = await createTestApp({ rateLimitPerMinute: 10_000_000 })
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const fixture = await createFuzzFixture(t.app, t.db)
    const reports = await fuzzApp({
      app: t.app,
      send: httpSender(base),
      fixture,
      size: 'full',
      onReport: (report) => {
        context.log(formatReport(report))
        if (context.signal.aborted) throw new Error('aborted at the budget')
      },
    })
    const payloads = reports.reduce((sum, report) => sum + report.payloads, 0)
    const serverErrors = reports.flatMap((report) =>
      report.findings.filter((finding) => finding.status >= 500),
    )
    const findings = reports.flatMap((report) =>
      report.findings.map(
        (finding) =>
          `${report.method} ${report.url} [${report.session}] ${finding.kind} (${finding.label}) → ${finding.status}: ${finding.problem}`,
      ),
    )
    const notLive = reports.filter((report) => !report.healthyAfter).length
    const polluted = prototypeIsPolluted()
    const fewest = Math.min(...reports.map((report) => report.payloads))
    for (const finding of findings) context.log(`FINDING ${finding}`)
    return {
      ok: findings.length === 0 && notLive === 0 && !polluted && fewest >= 25,
      figures: [
        { label: 'routes × sessions', value: String(reports.length) },
        { label: 'payloads sent', value: String(payloads) },
        { label: 'fewest payloads on a route', value: String(fewest) },
        { label: '5xx answers', value: String(serverErrors.length) },
        {
          label: 'other findings (error shape, staff without session)',
          value: String(findings.length - serverErrors.length),
        },
        { label: 'not live after a route', value: String(notLive) },
        { label: 'Object.prototype polluted', value: polluted ? 'yes' : 'no' },
      ],
      summary:
        findings.length === 0
          ? `${reports.length} route runs, ${payloads} hostile payloads over HTTP: no 5xx, every error in the app's shape, live throughout.`
          : `${findings.length} findings, first: ${findings[0]}`,
    }
  } finally {
    await t.close()
  }
}

export const check: HostileCheck = {
  name: 'route-fuzz',
  title:
    'Fuzz of every POST/PUT/PATCH route over HTTP (full payload set, staff routes with and without session)',
  budgetMinutes: 10,
  run,
}
