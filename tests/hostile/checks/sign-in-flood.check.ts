import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { LIVENESS_PATH } from '#shared/contracts/health.contract.ts'
import { THUMBNAILS_PATH } from '#shared/contracts/print-modes.contract.ts'
import { SIGN_IN_PATH } from '#shared/contracts/auth.contract.ts'
import { STAFF_USERNAME } from '#server/db/seed.ts'
import {
  disposeServerProcesses,
  memoryOf,
  type ServerProcess,
  serverDatabase,
  startServer,
} from '#tests/integration/helpers/server-process.ts'
import type { HostileCheck, HostileContext, HostileResult } from '../harness.ts'

/**
 * Issue 13, failure 3: wrong sign-ins must not freeze the shop. 100 wrong sign-ins from 20 addresses (5 each, inside
 * the per-address limit) arrive at once, half against the staff account and half against unknown names, while a
 * steady stream of static-file and liveness requests runs. Password hashing shares Node's libuv pool with file
 * reads, so an unbounded flood of hashes stalls the static files.
 */

const ADDRESSES = 20
const ATTEMPTS_PER_ADDRESS = 5
/** One static and one liveness request per tick: an open loop, so a stall shows as latency, not as fewer samples. */
const PROBE_INTERVAL_MS = 25
const BASELINE_MS = 3_000
/** The shop held when static files stay this fast during the flood. */
const STATIC_P99_GOAL_MS = 500
const RSS_GROWTH_GOAL_MB = 200

interface Probe {
  readonly kind: 'static' | 'live'
  readonly phase: 'before' | 'flood'
  readonly ms: number
  readonly ok: boolean
}

function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!
}

/** Probes come from their own addresses, so the shop-wide 1,000/min per address never limits them. */
async function timedGet(base: string, path: string, tick: number): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now()
  try {
    const response = await fetch(`${base}${path}`, {
      headers: { 'x-forwarded-for': `10.9.${Math.floor(tick / 200) % 250}.${(tick % 200) + 1}` },
    })
    await response.arrayBuffer()
    return { ms: performance.now() - started, ok: response.ok }
  } catch {
    return { ms: performance.now() - started, ok: false }
  }
}

/** Runs the probe stream until `stop` resolves; the phase is read at each tick. */
async function probeStream(
  server: ServerProcess,
  staticPath: string,
  phase: () => Probe['phase'],
  stop: Promise<void>,
): Promise<Probe[]> {
  const probes: Promise<Probe>[] = []
  let stopped = false
  void stop.then(() => (stopped = true))
  for (let tick = 0; !stopped; tick += 1) {
    const at = phase()
    probes.push(timedGet(server.base, staticPath, tick).then((r) => ({ kind: 'static', phase: at, ...r })))
    probes.push(timedGet(server.base, LIVENESS_PATH, tick).then((r) => ({ kind: 'live', phase: at, ...r })))
    await sleep(PROBE_INTERVAL_MS)
  }
  return Promise.all(probes)
}

async function wrongSignIn(base: string, address: number, attempt: number): Promise<string> {
  const username = attempt % 2 === 0 ? STAFF_USERNAME : `nobody-${address}-${attempt}`
  try {
    const response = await fetch(`${base}${SIGN_IN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${address + 1}` },
      body: JSON.stringify({ username, password: `wrong-password-${attempt}` }),
    })
    const body = (await response.json().catch(() => undefined)) as { error?: { code?: string } } | undefined
    return `${response.status} ${body?.error?.code ?? ''}`.trim()
  } catch {
    return 'no answer'
  }
}

function countBy(values: readonly string[]): string {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].map(([value, count]) => `${count}× ${value}`).join(', ')
}

async function flood(server: ServerProcess, context: HostileContext, staticPath: string) {
  let phase: Probe['phase'] = 'before'
  let endProbes!: () => void
  const probing = probeStream(
    server,
    staticPath,
    () => phase,
    new Promise<void>((resolve) => (endProbes = resolve)),
  )
  await sleep(BASELINE_MS)
  const rssBefore = memoryOf(server.pid).rssMb
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, memoryOf(server.pid).rssMb)), 100)
  phase = 'flood'
  const started = performance.now()
  const attempts = Array.from({ length: ADDRESSES * ATTEMPTS_PER_ADDRESS }, (_, index) =>
    wrongSignIn(server.base, index % ADDRESSES, Math.floor(index / ADDRESSES)),
  )
  const answers = await Promise.all(attempts)
  const floodMs = performance.now() - started
  clearInterval(sampler)
  endProbes()
  const probes = await probing
  context.log(`flood answered in ${Math.round(floodMs)} ms: ${countBy(answers)}`)
  return { probes, answers, floodMs, rssBefore, rssPeak }
}

function latencies(probes: readonly Probe[], kind: Probe['kind'], phase: Probe['phase']): number[] {
  return probes.filter((probe) => probe.kind === kind && probe.phase === phase).map((probe) => probe.ms)
}

const ms = (value: number) => `${Math.round(value)} ms`

export const check: HostileCheck = {
  name: 'sign-in-flood',
  title: '100 wrong sign-ins from 20 addresses while static files and liveness are probed',
  budgetMinutes: 6,
  async run(context): Promise<HostileResult> {
    const dataDir = join(context.workDir, 'data')
    const database = await serverDatabase(dataDir)
    const server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true', ...database.env })
    try {
      const thumbnail = readdirSync(join(dataDir, 'thumbnails'))[0]
      if (thumbnail === undefined) throw new Error('the seed wrote no thumbnail to serve')
      const run = await flood(server, context, `${THUMBNAILS_PATH}${thumbnail}`)
      const staticBefore = latencies(run.probes, 'static', 'before')
      const staticFlood = latencies(run.probes, 'static', 'flood')
      const liveFlood = latencies(run.probes, 'live', 'flood')
      const failedProbes = run.probes.filter((probe) => !probe.ok).length
      const rssGrowth = run.rssPeak - run.rssBefore
      const unexpected = run.answers.filter((answer) => !/^(401|429|503) /.test(answer)).length
      const ok =
        percentile(staticFlood, 0.99) <= STATIC_P99_GOAL_MS &&
        rssGrowth <= RSS_GROWTH_GOAL_MB &&
        failedProbes === 0 &&
        unexpected === 0
      return {
        ok,
        figures: [
          {
            label: 'static p99 / max before the flood',
            value: `${ms(percentile(staticBefore, 0.99))} / ${ms(Math.max(...staticBefore))}`,
          },
          {
            label: 'static p99 / max during the flood',
            value: `${ms(percentile(staticFlood, 0.99))} / ${ms(Math.max(...staticFlood))}`,
          },
          {
            label: 'liveness p99 / max during the flood',
            value: `${ms(percentile(liveFlood, 0.99))} / ${ms(Math.max(...liveFlood))}`,
          },
          { label: 'server RSS growth during the flood', value: `${Math.round(rssGrowth)} MB` },
          { label: 'all 100 sign-ins answered after', value: ms(run.floodMs) },
          { label: 'sign-in answers', value: countBy(run.answers) },
          { label: 'failed probes', value: String(failedProbes) },
        ],
        summary: ok
          ? `Static files stayed under ${STATIC_P99_GOAL_MS} ms p99 while 100 wrong sign-ins were answered.`
          : `Static p99 ${ms(percentile(staticFlood, 0.99))} (goal ${STATIC_P99_GOAL_MS} ms), RSS +${Math.round(rssGrowth)} MB, ${failedProbes} failed probes, ${unexpected} unexpected sign-in answers.`,
      }
    } finally {
      await server.stop()
      await disposeServerProcesses()
    }
  },
}
