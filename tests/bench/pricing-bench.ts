/**
 * Benchmark of `POST /api/pricing/batch-calculations` against `GET /api/health` of the same server, in one run.
 *
 *   npx tsx tests/bench/pricing-bench.ts [--duration 30] [--connections 100] [--configurations 30]
 *
 * Starts the server (pricing-bench-server.ts: production mode, logging off, a fresh file-based PGlite in a temp
 * DATA_DIR) as a child process, warms it up, then drives each endpoint with autocannon from this process for
 * `--duration` seconds at `--connections` connections: pricing first (every request prices `--configurations`
 * print mode × finish × colour combinations of one stored analysed object), then health. Prints req/s, latency
 * p50/p97.5/p99, non-2xx and errors, and the pricing/health ratio. Not a timed test: it fails only on errors.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const here = path.dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const option = (name: string, fallback: number): number => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? Number(args[index + 1]) : fallback
}
const duration = option('duration', 30)
const connections = option('connections', 100)
const configurationCount = option('configurations', 30)

interface ServerInfo {
  port: number
  objectId: string
  configurations: { printModeId: string; surfaceFinishId: string; printModeColorId: string }[]
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'schichtwerk-pricing-bench-'))
const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'pricing-bench-server.ts')], {
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
    if (line.startsWith('{')) return JSON.parse(line) as ServerInfo
  }
  throw new Error('the benchmark server exited before it was ready')
}

interface Figures {
  name: string
  requestsPerSecond: number
  p50: number
  p975: number
  p99: number
  max: number
  non2xx: number
  errors: number
  timeouts: number
  requests: number
}

async function run(name: string, options: autocannon.Options, seconds: number): Promise<Figures> {
  const result = await autocannon({ connections, duration: seconds, ...options })
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
  }
}

try {
  const info = await serverInfo()
  const base = `http://127.0.0.1:${info.port}`
  const params = Array.from(
    { length: configurationCount },
    (_, index) => info.configurations[index % info.configurations.length]!,
  )
  const body = JSON.stringify({
    objectId: info.objectId,
    objectScale: 1.25,
    objectUnitLength: 'mm',
    objectQuantity: 3,
    params,
  })
  const pricing: autocannon.Options = {
    url: `${base}/api/pricing/batch-calculations`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  }
  const health: autocannon.Options = { url: `${base}/api/health` }

  // One request to check the answer, then a short warm-up of each (JIT, caches).
  const probe = await fetch(pricing.url as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  if (probe.status !== 200) throw new Error(`pricing answered ${probe.status}: ${await probe.text()}`)
  const sample = (await probe.json()) as { prices: { linePrice: { totalPrice: number } }[] }
  await run('warm-up', pricing, 3)
  await run('warm-up', health, 2)

  const figures = [await run('pricing', pricing, duration), await run('health', health, duration)]

  const [p, h] = figures as [Figures, Figures]
  const line = (f: Figures) =>
    `${f.name.padEnd(8)} ${f.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${f.p50} ms   p97.5 ${f.p975} ms   p99 ${f.p99} ms   max ${f.max} ms   requests ${f.requests}   non-2xx ${f.non2xx}   errors ${f.errors}   timeouts ${f.timeouts}`
  console.log(
    `\nNode ${process.version}, ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(
        ' ',
      )}; ${connections} connections, ${duration} s each; ${params.length} configurations per pricing request (${JSON.stringify(body).length} bytes), first line total ${sample.prices[0]?.linePrice.totalPrice} cents\n`,
  )
  console.log(line(p))
  console.log(line(h))
  console.log(`pricing / health: ${(p.requestsPerSecond / h.requestsPerSecond).toFixed(2)}× the req/s`)
  const goal = p.requestsPerSecond >= 5_000 && p.p99 < 20 && p.errors + p.non2xx + p.timeouts === 0
  console.log(`goal (≥ 5000 req/s, p99 < 20 ms, 0 errors): ${goal ? 'met' : 'not met'}`)
  if (figures.some((f) => f.errors + f.non2xx + f.timeouts > 0)) process.exitCode = 1
} finally {
  await stopServer()
  rmSync(dataDir, { recursive: true, force: true })
}
