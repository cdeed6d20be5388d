/**
 * Two versions of the server side by side: the pricing bench's server bundled from two trees (two checkouts, e.g. a
 * `git worktree` of the commit before a change), both started at once, and 1 s slices in turn on each, new
 * configurations and `GET /api/health/live`. This host's speed changes 2-3× within minutes, so two bench runs one
 * after the other compare two machines; slices a second apart on both servers meet the same one (session 21).
 *
 *   npx tsx tests/bench/pricing-ab.ts --trees /work/before,/work/main [--rounds 30]
 *
 * Each tree must hold `dist/bench-server/pricing-bench-server.js`: run `npx tsx tests/bench/pricing-bench.ts
 * --distinct-only --duration 1 --rate 0` in it once (it bundles there). Prints each round's slices, then per tree the
 * server CPU per request of each kind and their ratio. The order of the trees is swapped every round.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { numberOption, textOption } from './bench-args.ts'
import { serverCpuMicros, startBundledBenchServer } from './bundled-bench-server.ts'
import { liveLoad, newConfigurationBodies, postEach, PRICING_PATH } from './pricing-load.ts'

const trees = (textOption('trees') ?? '').split(',').filter((tree) => tree !== '')
const rounds = numberOption('rounds', 30)
if (trees.length !== 2) throw new Error('usage: pricing-ab.ts --trees <treeA>,<treeB> [--rounds 30]')

interface Server {
  readonly name: string
  readonly child: ChildProcess
  readonly base: string
  readonly templates: [string, string][]
  readonly dataDir: string
}

/** Starts a tree's bundled bench server (the flags of `npm run serve` that matter here). */
async function start(tree: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'schichtwerk-pricing-ab-'))
  const server = await startBundledBenchServer(tree, { nodeArgs: ['--max-semi-space-size=32'], dataDir })
  return { name: path.basename(tree), ...server, dataDir }
}

const cpuMicros = (server: Server): number => serverCpuMicros(server.child)

// One source of new configurations for both servers: every request is a configuration neither has priced.
const nextBody = newConfigurationBodies()
const newConfigurations = (server: Server): autocannon.Options =>
  postEach(`${server.base}${PRICING_PATH}`, () => nextBody(server.templates))
const live = (server: Server): autocannon.Options => liveLoad(server.base)

/** One slice: CPU µs and requests. */
async function slice(server: Server, options: autocannon.Options, seconds = 1): Promise<[number, number]> {
  const before = cpuMicros(server)
  const result = await autocannon({ ...options, connections: 100, duration: seconds })
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${server.name}: failed requests`)
  return [cpuMicros(server) - before, result.requests.total]
}

const servers = [await start(trees[0]!), await start(trees[1]!)]
try {
  for (const server of servers) {
    await slice(server, newConfigurations(server), 3)
    await slice(server, live(server), 2)
  }
  const sums = new Map<string, [number, number]>()
  const add = (key: string, [cpu, requests]: [number, number]): number => {
    const [sumCpu, sumRequests] = sums.get(key) ?? [0, 0]
    sums.set(key, [sumCpu + cpu, sumRequests + requests])
    return cpu / Math.max(1, requests)
  }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse()
    const line: string[] = []
    for (const server of order)
      line.push(
        `${server.name} new ${add(`${server.name} new`, await slice(server, newConfigurations(server))).toFixed(0)}`,
      )
    for (const server of order)
      line.push(
        `${server.name} live ${add(`${server.name} live`, await slice(server, live(server))).toFixed(0)}`,
      )
    console.log(line.join('   '))
  }
  for (const server of servers) {
    const perRequest = (kind: string) => {
      const [cpu, requests] = sums.get(`${server.name} ${kind}`)!
      return cpu / Math.max(1, requests)
    }
    console.log(
      `${server.name}: new configuration ${perRequest('new').toFixed(1)} µs, live ${perRequest('live').toFixed(1)} µs, ${(perRequest('new') / perRequest('live')).toFixed(2)}× (server CPU per request)`,
    )
  }
} finally {
  for (const server of servers) {
    server.child.kill('SIGTERM')
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}
