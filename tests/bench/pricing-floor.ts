/**
 * Where a new configuration's server CPU stands against the floor of its exchange, and against live at the same
 * request rate (issue 18, session 23). One bench server (pricing-bench-server.ts with the floor routes of
 * pricing-floor-routes.ts), two parts:
 *
 *   npx tsx tests/bench/pricing-floor.ts [--rounds 10] [--curve-rounds 8] [--seconds 1]
 *
 * 1. The floor, closed loop (100 connections), 1 s slices in turn for `--rounds` rounds, the order swapped every
 *    round: `GET /api/health/live`; the client's pricing request (a new quantity every time) answered with a
 *    recorded answer's text (`exchange`: the request's and the answer's bytes through every hook of the app); the
 *    same answered by `JSON.stringify` of the answer's object (`exchange-json`: and the answer's serialisation); and
 *    the pricing route itself (`new`). Each kind's server CPU per request, and its ratio to live.
 * 2. At equal rates: live, `exchange-json` and new configurations offered at 2,000 and 5,000 requests a second and
 *    at the rate new configurations reached in part 1 (paced, paced-load.ts), `--seconds` slices of the three in
 *    turn for `--curve-rounds` rounds at each rate. An endpoint's CPU per request falls as its rate rises (more
 *    requests per wake-up of the event loop and per socket read), so part 1's closed-loop ratio compares new
 *    configurations at their rate with live at about three times it; these are the ratios at the same rate.
 *
 * The server is bundled as the pricing bench bundles it (into dist/bench-server). Not a timed test.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { numberOption } from './bench-args.ts'
import { withQuantity } from './bench-configurations.ts'
import { bundleBenchServer, serverCpuMicros, startBundledBenchServer } from './bundled-bench-server.ts'
import { pacedLoad } from './paced-load.ts'
import { FLOOR_EXCHANGE_JSON_PATH, FLOOR_EXCHANGE_PATH } from './pricing-floor-routes.ts'
import { LIVE_PATH, newConfigurationBodies, postEach, PRICING_HEADERS, PRICING_PATH } from './pricing-load.ts'

const rounds = numberOption('rounds', 10)
const curveRounds = numberOption('curve-rounds', 8)
const curveSeconds = numberOption('seconds', 1)
const CONNECTIONS = 100
const PACED_RATES = [2_000, 5_000]

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.join(here, '..', '..')
// The same bundle as pricing-bench.ts's, so the server measured is the tree's code as it is now.
await bundleBenchServer()
const work = mkdtempSync(path.join(tmpdir(), 'schichtwerk-pricing-floor-'))
const answersFile = path.join(work, 'answers.json')
// The bench server reads it from its environment, which it inherits.
process.env.BENCH_FLOOR_ANSWERS = answersFile
const server = await startBundledBenchServer(root, {
  nodeArgs: ['--max-semi-space-size=32'],
  dataDir: path.join(work, 'data'),
})
const newBody = newConfigurationBodies()
const nextBody = () => newBody(server.templates)

/** A load of `path`: the client's pricing requests (each new) for a POST path, else GETs. */
interface Kind {
  name: string
  path: string
}
const isPost = (kind: Kind) => kind.path !== LIVE_PATH
const LIVE: Kind = { name: 'live', path: LIVE_PATH }
const NEW: Kind = { name: 'new', path: PRICING_PATH }
const EXCHANGE_JSON: Kind = { name: 'exchange-json', path: FLOOR_EXCHANGE_JSON_PATH }
const FLOOR_KINDS: Kind[] = [LIVE, { name: 'exchange', path: FLOOR_EXCHANGE_PATH }, EXCHANGE_JSON, NEW]

/** The real route's answers to one request per selection, for the floor routes. */
async function recordAnswers(): Promise<void> {
  const texts: string[] = []
  for (const [index, template] of server.templates.entries()) {
    const answer = await fetch(`${server.base}${PRICING_PATH}`, {
      method: 'POST',
      headers: PRICING_HEADERS,
      body: withQuantity(template, 5_000 + index),
    })
    if (!answer.ok) throw new Error(`recording answers: ${answer.status}`)
    texts.push(await answer.text())
  }
  writeFileSync(answersFile, JSON.stringify(texts))
}

/** Server CPU µs and requests served of one run: closed loop (`rate` 0) or paced at `rate`. */
async function measure(kind: Kind, seconds: number, rate = 0): Promise<[number, number]> {
  const url = `${server.base}${kind.path}`
  const before = serverCpuMicros(server.child)
  const requests = rate === 0 ? await closedLoop(kind, url, seconds) : await paced(kind, url, seconds, rate)
  return [serverCpuMicros(server.child) - before, requests]
}

async function closedLoop(kind: Kind, url: string, seconds: number): Promise<number> {
  const options = isPost(kind) ? postEach(url, nextBody) : { url, headers: PRICING_HEADERS }
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: seconds })
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${kind.name}: failed requests`)
  return result.requests.total
}

async function paced(kind: Kind, url: string, seconds: number, rate: number): Promise<number> {
  const result = await pacedLoad({
    url,
    method: isPost(kind) ? 'POST' : 'GET',
    headers: PRICING_HEADERS,
    rate,
    connections: CONNECTIONS,
    durationS: seconds,
    ...(isPost(kind) ? { bodyOf: nextBody } : {}),
  })
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${kind.name}: failed requests`)
  return result.requests
}

/** Sums of CPU and requests per label. */
class Sums {
  private readonly sums = new Map<string, [number, number]>()
  add(label: string, [cpu, requests]: [number, number]): void {
    const [sumCpu, sumRequests] = this.sums.get(label) ?? [0, 0]
    this.sums.set(label, [sumCpu + cpu, sumRequests + requests])
  }
  perRequest(label: string): number {
    const [cpu, requests] = this.sums.get(label) ?? [0, 0]
    return cpu / Math.max(1, requests)
  }
  requests(label: string): number {
    return this.sums.get(label)?.[1] ?? 0
  }
}

/** Part 1; returns the rate new configurations reached closed loop. */
async function floor(): Promise<number> {
  const sums = new Sums()
  for (const kind of FLOOR_KINDS) await measure(kind, 2)
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? FLOOR_KINDS : [...FLOOR_KINDS].reverse()
    for (const kind of order) sums.add(kind.name, await measure(kind, 1))
  }
  const live = sums.perRequest(LIVE.name)
  console.log(`The floor: closed loop, 1 s slices, rounds: ${rounds} (server CPU per request)`)
  for (const kind of FLOOR_KINDS) {
    const micros = sums.perRequest(kind.name)
    const rate = sums.requests(kind.name) / rounds
    console.log(
      `  ${kind.name.padEnd(14)} ${micros.toFixed(1).padStart(6)} µs  ${(micros / live).toFixed(2)}× live  (${rate.toFixed(0)} req/s)`,
    )
  }
  const json = sums.perRequest(EXCHANGE_JSON.name)
  console.log(`  new configuration / exchange-json: ${(sums.perRequest(NEW.name) / json).toFixed(2)}×`)
  return Math.round(sums.requests(NEW.name) / rounds / 100) * 100
}

/** Part 2: at each rate, 1 s paced slices of each kind in turn, `curveRounds` rounds. */
async function curve(newRate: number): Promise<void> {
  // New configurations' closed-loop rate, unless it is one of the others already.
  const rates = [...new Set([...PACED_RATES, newRate])]
  const kinds = [LIVE, EXCHANGE_JSON, NEW]
  const sums = new Sums()
  for (const rate of rates) {
    for (let round = 0; round < curveRounds; round++) {
      const order = round % 2 === 0 ? kinds : [...kinds].reverse()
      for (const kind of order) sums.add(`${kind.name}@${rate}`, await measure(kind, curveSeconds, rate))
    }
  }
  console.log(
    `At equal rates: ${curveSeconds} s paced slices, rounds: ${curveRounds} (server CPU per request)`,
  )
  for (const rate of rates) {
    const [live, json, fresh] = kinds.map((kind) => sums.perRequest(`${kind.name}@${rate}`)) as [
      number,
      number,
      number,
    ]
    const what = rate === newRate ? " (new configurations' closed-loop rate)" : ''
    console.log(
      `  ${rate} req/s${what}: new ${fresh.toFixed(1)} µs ${(fresh / live).toFixed(2)}× live, exchange-json ${json.toFixed(1)} µs ${(json / live).toFixed(2)}×, live ${live.toFixed(1)} µs`,
    )
  }
}

try {
  await recordAnswers()
  await curve(await floor())
} finally {
  server.child.kill('SIGTERM')
  await new Promise((resolve) => server.child.once('exit', resolve))
  rmSync(work, { recursive: true, force: true })
}
