/**
 * Benchmark of `POST /api/pricing/batch-calculations` against two reference endpoints of the same server, in one
 * run: `GET /api/health/live` (trivial: no database) and `GET /api/health` (one `SELECT 1`).
 *
 *   npx tsx tests/bench/pricing-bench.ts [--duration 30] [--connections 100] [--pricing-only] [--interleaved 20]
 *
 * Starts the server (pricing-bench-server.ts, bundled like the production server: production mode, logging off, a
 * fresh file-based PGlite in a temp DATA_DIR) as a child process, warms it up, then drives each endpoint with
 * autocannon from this process for `--duration` seconds at `--connections` connections: pricing first (one request,
 * repeated), then pricing with every request new (a quantity counter: never answered from the answer cache), then
 * liveness, then health. The pricing requests are the ones the shop's client sends (`pricingRequestOf` of the pricing machine, on the print
 * modes the server lists, with its language header): the selection, every print mode's default and every finish ×
 * colour of the selected print mode; the new ones take each catalogue configuration in turn as the selection. Prints
 * req/s, latency p50/p97.5/p99, non-2xx, errors, the server's CPU time per request, and the ratios against the
 * trivial endpoint. Not a timed test: it fails only on errors.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import { LANGUAGE_HEADER } from '#shared/domain/limits.ts'
import { BROWSER_ACCEPT_ENCODING } from '#tests/integration/helpers/browser-headers.ts'
import { clientRequestTemplates, withQuantity } from './bench-configurations.ts'
import { bundleBenchServer } from './bundled-bench-server.ts'
import { type LoadFigures, pacedLoad } from './paced-load.ts'
import { flagOption, numberOption } from './bench-args.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const duration = numberOption('duration', 30)
const connections = numberOption('connections', 100)
// `--pricing-only` skips the reference runs (for profiling the pricing path with BENCH_SERVER_NODE_ARGS).
const pricingOnly = flagOption('pricing-only')
/**
 * `--distinct-only` runs only the every-request-new pricing and its reference, `GET /api/health/live` (closed loop and
 * paced): the goal's pair, in a shorter run.
 */
const distinctOnly = flagOption('distinct-only')
/**
 * The goal names a rate and a latency together (≥ 5,000 req/s with p99 < 20 ms). The closed-loop runs measure the
 * latency at saturation, where it is queueing (100 connections / throughput); this extra pricing run offers
 * `--rate` requests per second, paced evenly over the same number of connections (paced-load.ts, open loop,
 * latencies counted from each request's due time), and gives the latency at the goal's rate. `--rate 0` skips it.
 */
const targetRate = numberOption('rate', 5_000)
/**
 * `--interleaved N` adds N rounds of 1 s slices, every request new and `GET /api/health/live` in turn (the order
 * swapped every round), and gives the ratio of their summed server CPU per request. This host's speed changes by up
 * to 2× within a minute (live took 38-80 µs in runs minutes apart), so two long runs one after the other compare
 * two different machines; slices a second apart meet the same one (session 16).
 */
const interleavedRounds = numberOption('interleaved', 0)

interface ServerInfo {
  port: number
  objectId: string
  configurations: { printModeId: string; surfaceFinishId: string; printModeColorId: string }[]
}

/** The encodings a browser accepts, on every request of the bench. */
const BROWSER_ENCODINGS = { 'accept-encoding': BROWSER_ACCEPT_ENCODING }

const dataDir = mkdtempSync(path.join(tmpdir(), 'schichtwerk-pricing-bench-'))
/**
 * The server runs with the Node flags of `npm run serve` (package.json, the one place they are set), so the
 * benchmark measures what production runs; BENCH_SERVER_NODE_ARGS adds more (e.g. "--cpu-prof
 * --cpu-prof-dir=tmp/prof" to profile the server process).
 */
function productionNodeFlags(): string[] {
  const packageJson = JSON.parse(readFileSync(path.join(here, '..', '..', 'package.json'), 'utf8')) as {
    scripts: { serve: string }
  }
  return packageJson.scripts.serve.split(' ').filter((token) => token.startsWith('--'))
}
const serverNodeArgs = [
  ...productionNodeFlags(),
  ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== ''),
]
// Bundled, as `npm run serve` runs the server (bundled-bench-server.ts).
const bundleDir = await bundleBenchServer()
const server = spawn(process.execPath, [...serverNodeArgs, path.join(bundleDir, 'pricing-bench-server.js')], {
  cwd: path.join(here, '..', '..'),
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
})

function stopServer(): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null) return resolve()
    server.once('exit', () => resolve())
    server.kill('SIGTERM')
  })
}

async function serverInfo(): Promise<ServerInfo> {
  const lines = createInterface({ input: server.stdout! })
  for await (const line of lines) {
    if (line.startsWith('{')) {
      // Whatever the server prints later (e.g. --trace-gc through BENCH_SERVER_NODE_ARGS) goes on to stderr, so a
      // full pipe never stalls it.
      server.stdout!.pipe(process.stderr)
      return JSON.parse(line) as ServerInfo
    }
  }
  throw new Error('the benchmark server exited before it was ready')
}

/**
 * CPU seconds the server process has used, user and system (from /proc at 100 ticks per second). Divided by the
 * requests it served this gives a cost per request that other load on the machine barely moves, unlike req/s. The
 * kernel's part (sockets) is about the same for every endpoint, so the user time is where a pricing request's extra
 * cost is (session 18: 103-106 µs user + 20-22 µs system for a new configuration, 30-31 + 12-14 µs for live).
 */
function serverTimes(): { user: number; system: number } {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // After the command name: state is field 0, utime field 11 and stime field 12.
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 }
}

interface Figures extends LoadFigures {
  name: string
  serverCpuMicrosPerRequest: number
  /** The system-time part of serverCpuMicrosPerRequest. */
  serverSystemMicrosPerRequest: number
}

async function runPaced(
  name: string,
  options: autocannon.Options,
  rate: number,
  seconds: number,
  bodyOf?: (sequence: number) => string,
): Promise<Figures> {
  const before = serverTimes()
  const result = await pacedLoad({
    url: options.url as string,
    method: options.method === 'POST' ? 'POST' : 'GET',
    headers: options.headers as Record<string, string>,
    body: options.body as string | undefined,
    bodyOf,
    rate,
    connections,
    durationS: seconds,
  })
  const after = serverTimes()
  const system = after.system - before.system
  const cpu = after.user - before.user + system
  const ms = (value: number) => Math.round(value * 10) / 10
  if (name !== 'warm-up')
    console.error(
      `${name}: the generator's own dispatch lag p99 ${ms(result.dispatchLagP99)} ms (included above)`,
    )
  return {
    name,
    requestsPerSecond: result.requestsPerSecond,
    p50: ms(result.p50),
    p975: ms(result.p975),
    p99: ms(result.p99),
    max: ms(result.max),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests: result.requests,
    serverCpuMicrosPerRequest: (cpu * 1e6) / Math.max(1, result.requests),
    serverSystemMicrosPerRequest: (system * 1e6) / Math.max(1, result.requests),
  }
}

async function run(name: string, options: autocannon.Options, seconds: number): Promise<Figures> {
  const before = serverTimes()
  const result = await autocannon({ connections, duration: seconds, ...options })
  const after = serverTimes()
  const system = after.system - before.system
  const cpu = after.user - before.user + system
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests: result.requests.total,
    serverCpuMicrosPerRequest: (cpu * 1e6) / Math.max(1, result.requests.total),
    serverSystemMicrosPerRequest: (system * 1e6) / Math.max(1, result.requests.total),
  }
}

interface SliceSums {
  cpuMicros: number
  systemMicros: number
  requests: number
  perSlice: number[]
}

/** `--interleaved`: 1 s slices of each kind in turn; a slice's CPU per request, and the sums per kind. */
async function runInterleaved(
  kinds: { name: string; options: autocannon.Options }[],
  rounds: number,
): Promise<Map<string, SliceSums>> {
  const sums = new Map(
    kinds.map((kind) => [
      kind.name,
      { cpuMicros: 0, systemMicros: 0, requests: 0, perSlice: [] as number[] },
    ]),
  )
  for (let round = 0; round < rounds; round++) {
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) {
      const figures = await run(kind.name, kind.options, 1)
      if (figures.errors + figures.non2xx + figures.timeouts > 0) process.exitCode = 1
      const sum = sums.get(kind.name)!
      sum.cpuMicros += figures.serverCpuMicrosPerRequest * figures.requests
      sum.systemMicros += figures.serverSystemMicrosPerRequest * figures.requests
      sum.requests += figures.requests
      sum.perSlice.push(Math.round(figures.serverCpuMicrosPerRequest))
    }
  }
  return sums
}

function printInterleaved(sums: Map<string, SliceSums>): void {
  const perRequest = (name: string) => sums.get(name)!.cpuMicros / Math.max(1, sums.get(name)!.requests)
  for (const [name, sum] of sums)
    console.log(
      `interleaved ${name.padEnd(8)} server CPU ${perRequest(name).toFixed(1)} µs/request (system ${(sum.systemMicros / Math.max(1, sum.requests)).toFixed(1)}) over ${sum.requests} requests; slices ${sum.perSlice.join(' ')}`,
    )
  console.log(
    `interleaved distinct / live: ${(perRequest('distinct') / perRequest('live')).toFixed(2)}× the server CPU per request`,
  )
}

try {
  const info = await serverInfo()
  const base = `http://127.0.0.1:${info.port}`
  // The client's requests: on the print modes the server lists, for each catalogue configuration as the selection,
  // with the encodings a browser accepts (Chromium's header): an answer over the compression threshold is then
  // compressed as it would be for a shopper (decision 0146), not sent plain because the load generator asks for that.
  const headers = { 'content-type': 'application/json', [LANGUAGE_HEADER]: 'DE', ...BROWSER_ENCODINGS }
  const catalogue = await fetch(`${base}${PRINT_MODES_PATH}`, { headers })
  const { printModes } = GetPrintModesResponseSchema.parse(await catalogue.json())
  const templates = clientRequestTemplates(info.objectId, info.configurations, printModes)
  const body = withQuantity(templates[0]!, 3)
  const meanBodyBytes =
    templates.reduce((sum, parts) => sum + Buffer.byteLength(withQuantity(parts, 3)), 0) / templates.length
  const pricing: autocannon.Options = {
    url: `${base}/api/pricing/batch-calculations`,
    method: 'POST',
    headers,
    body,
  }
  /**
   * The next selection with a quantity never asked before (a counter), so no request is answered from the answer
   * cache (decision 0072): what a stream of new configurations costs, cache upkeep included.
   */
  let quantity = 1_000
  const distinctBody = (): string => withQuantity(templates[quantity % templates.length]!, quantity++)
  const pricingDistinct: autocannon.Options = {
    ...pricing,
    body: undefined,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: distinctBody(),
        }),
      },
    ],
  }
  const live: autocannon.Options = { url: `${base}/api/health/live`, headers: BROWSER_ENCODINGS }
  const health: autocannon.Options = { url: `${base}/api/health`, headers: BROWSER_ENCODINGS }

  // One request to check the answer, then a short warm-up of each (JIT, caches).
  const probe = await fetch(pricing.url as string, { method: 'POST', headers, body })
  if (probe.status !== 200) throw new Error(`pricing answered ${probe.status}: ${await probe.text()}`)
  const answerBytes = (await probe.arrayBuffer()).byteLength
  const withLive = !pricingOnly
  const withHealth = !pricingOnly && !distinctOnly
  if (!distinctOnly) await run('warm-up', pricing, 3)
  await run('warm-up', pricingDistinct, 3)
  if (withLive) await run('warm-up', live, 2)
  if (withHealth) await run('warm-up', health, 2)

  const figures: Figures[] = []
  if (!distinctOnly) figures.push(await run('pricing', pricing, duration))
  figures.push(await run('distinct', pricingDistinct, duration))
  if (withLive) figures.push(await run('live', live, duration))
  if (withHealth) figures.push(await run('health', health, duration))
  /**
   * At the offered rate: the repeated request, then every request new (the goal names new configurations), then
   * the trivial endpoint at the same rate as the reference. A paced warm-up first: going from back-to-back to
   * spaced requests costs a few seconds of re-tuning (JIT, GC).
   */
  const paced: Figures[] = []
  if (targetRate > 0) {
    await runPaced('warm-up', pricing, targetRate, 3, distinctBody)
    if (!distinctOnly) paced.push(await runPaced(`pricing@${targetRate}`, pricing, targetRate, duration))
    paced.push(await runPaced(`distinct@${targetRate}`, pricing, targetRate, duration, distinctBody))
    if (withLive) paced.push(await runPaced(`live@${targetRate}`, live, targetRate, duration))
  }

  const interleaved =
    interleavedRounds > 0
      ? await runInterleaved(
          [
            { name: 'distinct', options: pricingDistinct },
            { name: 'live', options: live },
          ],
          interleavedRounds,
        )
      : undefined

  const referenceFigures = figures.filter((f) => f.name === 'live' || f.name === 'health')
  const line = (f: Figures) =>
    `${f.name.padEnd(8)} ${f.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${f.p50} ms   p97.5 ${f.p975} ms   p99 ${f.p99} ms   max ${f.max} ms   requests ${f.requests}   non-2xx ${f.non2xx}   errors ${f.errors}   timeouts ${f.timeouts}   server CPU ${f.serverCpuMicrosPerRequest.toFixed(0)} µs/request (system ${f.serverSystemMicrosPerRequest.toFixed(0)})`
  console.log(
    `\nNode ${process.version}, server flags ${serverNodeArgs.join(' ') || 'none'}, ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(
        ' ',
      )}; ${connections} connections, ${duration} s each; the client's requests for ${templates.length} selections, ${meanBodyBytes.toFixed(0)} bytes on average; the first selection's answer ${answerBytes} bytes\n`,
  )
  for (const f of [...figures, ...paced]) console.log(line(f))
  const priced = figures.filter((f) => f.name === 'pricing' || f.name === 'distinct')
  const pacedLive = paced.find((f) => f.name.startsWith('live'))
  for (const f of [...priced, ...paced.filter((p) => p !== pacedLive)]) {
    for (const r of f.name.includes('@') ? (pacedLive === undefined ? [] : [pacedLive]) : referenceFigures) {
      console.log(
        `${f.name} / ${r.name}: ${(f.requestsPerSecond / r.requestsPerSecond).toFixed(2)}× the req/s, ${(
          f.serverCpuMicrosPerRequest / r.serverCpuMicrosPerRequest
        ).toFixed(2)}× the server CPU per request`,
      )
    }
  }
  for (const f of priced) {
    const goal = f.requestsPerSecond >= 5_000 && f.p99 < 20 && f.errors + f.non2xx + f.timeouts === 0
    console.log(
      `goal (≥ 5000 req/s, p99 < 20 ms, 0 errors) at saturation, ${f.name === 'pricing' ? 'one repeated request' : 'every request new'}: ${goal ? 'met' : 'not met'}`,
    )
  }
  for (const atRate of paced.filter((f) => !f.name.startsWith('live'))) {
    const held = atRate.requestsPerSecond >= targetRate * 0.98
    const goalAtRate = held && atRate.p99 < 20 && atRate.errors + atRate.non2xx + atRate.timeouts === 0
    console.log(
      `goal for ${atRate.name} (rate held: ${held ? 'yes' : 'no'}, p99 < 20 ms, 0 errors): ${goalAtRate ? 'met' : 'not met'}`,
    )
  }
  if (interleaved !== undefined) printInterleaved(interleaved)
  if ([...figures, ...paced].some((f) => f.errors + f.non2xx + f.timeouts > 0)) process.exitCode = 1
} finally {
  await stopServer()
  rmSync(dataDir, { recursive: true, force: true })
}
