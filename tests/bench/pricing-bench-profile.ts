/**
 * Sums a V8 CPU profile (`node --cpu-prof`, e.g. of the pricing bench's server via BENCH_SERVER_NODE_ARGS, or of
 * pricing-bench-inprocess.ts) by self time: the top functions and the top modules (package or source file), as
 * shares of the sampled time. Idle time is left out of the shares.
 *
 *   npx tsx tests/bench/pricing-bench-profile.ts tmp/prof/CPU.*.cpuprofile [--top 40] [--last 10]
 *
 * `--last` keeps only the samples of the profile's last N seconds (the measured runs, without the start-up).
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const args = process.argv.slice(2)
const option = (name: string): number | undefined => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? Number(args[index + 1]) : undefined
}
const top = option('top') ?? 40
const lastMicros = (option('last') ?? Infinity) * 1e6
const file = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'))
if (file === undefined)
  throw new Error('usage: pricing-bench-profile.ts <file.cpuprofile> [--top 40] [--last s]')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const selfMicros = new Map<number, number>()
const sampledMicros = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0)
let at = 0
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0
  at += delta
  if (sampledMicros - at < lastMicros) selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta)
})

/** A module: the package under node_modules, else the file's path from the repository's src or tests folder. */
function moduleOf(url: string): string {
  if (url === '') return '(native)'
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (packageMatch) return packageMatch[1]!
  if (url.startsWith('node:')) return url
  const source = /\/((?:src|tests)\/.*)$/.exec(url)
  return source ? source[1]! : url
}

const functions = new Map<string, number>()
const modules = new Map<string, number>()
let total = 0
for (const [id, micros] of selfMicros) {
  const node = byId.get(id)!
  const { functionName, url, lineNumber } = node.callFrame
  if (functionName === '(idle)') continue
  total += micros
  const name = `${functionName || '(anonymous)'} ${moduleOf(url)}${url ? `:${lineNumber + 1}` : ''}`
  functions.set(name, (functions.get(name) ?? 0) + micros)
  modules.set(moduleOf(url), (modules.get(moduleOf(url)) ?? 0) + micros)
}

const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`)
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
}
console.log(`${(total / 1e6).toFixed(2)} s sampled, idle excluded`)
print('self time by function', functions)
print('self time by module', modules)
