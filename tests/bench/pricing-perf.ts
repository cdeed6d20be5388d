/**
 * Where a new configuration's server CPU goes that live's does not, from `perf` (Linux's sampling profiler, on-CPU
 * samples only) instead of V8's CPU profile. V8's profiler samples wall time: a sample that lands while the server is
 * descheduled in a system call (the socket write waking the load generator on this two-core host) counts as that
 * call's, so its profile gave `writev` 17-40 % of a new configuration. perf counts only the samples where the server
 * was running, its own kernel work included, and names JIT code through `--perf-basic-prof` (session 22).
 *
 *   npx tsx tests/bench/pricing-perf.ts [--tree .] [--seconds 8] [--top 40]
 *
 * Starts the tree's bundled bench server (`dist/bench-server`, as pricing-ab.ts: run the pricing bench once first),
 * loads it with live and then with new configurations (100 connections each, a warm-up first), records each load
 * with `perf record -F 1999` and prints per symbol the µs per request of each kind and their difference, biggest
 * first. `perf` must be installed (`apt-get install -y linux-perf`) and allowed to attach (root, or
 * `kernel.perf_event_paranoid` ≤ 1).
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { numberOption, textOption } from './bench-args.ts'
import { startBundledBenchServer, type BundledBenchServer } from './bundled-bench-server.ts'
import { liveLoad, newConfigurationBodies, postEach, PRICING_PATH } from './pricing-load.ts'

const tree = path.resolve(textOption('tree') ?? '.')
const seconds = numberOption('seconds', 8)
const top = numberOption('top', 40)
const SAMPLES_PER_SECOND = 1_999

const work = mkdtempSync(path.join(tmpdir(), 'schichtwerk-pricing-perf-'))

/** Starts the bundled bench server with a perf map of its JIT code. */
function start(): Promise<BundledBenchServer> {
  const nodeArgs = ['--perf-basic-prof', '--max-semi-space-size=32']
  return startBundledBenchServer(tree, { nodeArgs, dataDir: path.join(work, 'data') })
}

/** Self samples per symbol of a perf recording, and their sum. */
function samplesBySymbol(file: string): { bySymbol: Map<string, number>; total: number } {
  const report = execFileSync(
    'perf',
    ['report', '-i', file, '--no-children', '--sort', 'sym', '--stdio', '-n'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
  const bySymbol = new Map<string, number>()
  let total = 0
  for (const line of report.split('\n')) {
    // "    2.82%          451  [.] v8::internal::JsonStringifier::SerializeString"
    const match = /^\s*[\d.]+%\s+(\d+)\s+\[.\]\s+(.*)$/.exec(line)
    if (match === null) continue
    // JIT names carry the bundle's file and line: keep the function and the file's base name.
    const symbol = match[2]!.replace(/file:\/\/\S*\/([^/\s]+)/, '$1').trim()
    const samples = Number(match[1])
    bySymbol.set(symbol, (bySymbol.get(symbol) ?? 0) + samples)
    total += samples
  }
  return { bySymbol, total }
}

/** Loads the server with `options` for `seconds` while perf records it; µs of CPU per request by symbol. */
async function record(pid: number, name: string, options: autocannon.Options): Promise<Map<string, number>> {
  const file = path.join(work, `${name}.data`)
  const perf = spawn('perf', ['record', '-F', String(SAMPLES_PER_SECOND), '-p', String(pid), '-o', file], {
    stdio: 'ignore',
  })
  const result = await autocannon({ ...options, connections: 100, duration: seconds })
  perf.kill('SIGINT')
  await new Promise((resolve) => perf.once('exit', resolve))
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${name}: failed requests`)
  const { bySymbol, total } = samplesBySymbol(file)
  const micros = (samples: number) => (samples / SAMPLES_PER_SECOND / result.requests.total) * 1e6
  console.log(`${name}: ${result.requests.total} requests, ${micros(total).toFixed(1)} µs of CPU per request`)
  return new Map([...bySymbol].map(([symbol, samples]) => [symbol, micros(samples)]))
}

const server = await start()
try {
  const live = liveLoad(server.base)
  const nextBody = newConfigurationBodies()
  const newConfigurations = postEach(`${server.base}${PRICING_PATH}`, () => nextBody(server.templates))
  // Warm-up: JIT and caches, as the other pricing benches.
  await autocannon({ ...newConfigurations, connections: 100, duration: 3 })
  await autocannon({ ...live, connections: 100, duration: 2 })
  const liveMicros = await record(server.child.pid!, 'live', live)
  const newMicros = await record(server.child.pid!, 'new', newConfigurations)
  const rows = [...new Set([...liveMicros.keys(), ...newMicros.keys()])]
    .map((symbol) => ({ symbol, fresh: newMicros.get(symbol) ?? 0, live: liveMicros.get(symbol) ?? 0 }))
    .sort((a, b) => b.fresh - b.live - (a.fresh - a.live))
  console.log('    new    live    diff  (µs per request, on-CPU samples)')
  for (const row of rows.slice(0, top)) {
    const cells = [row.fresh, row.live, row.fresh - row.live].map((value) => value.toFixed(2).padStart(7))
    console.log(`${cells.join(' ')}  ${row.symbol.slice(0, 110)}`)
  }
} finally {
  server.child.kill('SIGTERM')
  await new Promise((resolve) => server.child.once('exit', resolve))
  rmSync(work, { recursive: true, force: true })
}
