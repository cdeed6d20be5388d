/**
 * Idle server memory (issue 18, decision 0117): starts the server as production does, on a fresh DATA_DIR (first
 * start: initdb, migrations, seed), waits for /api/health/live and then 10 s, reads the RSS of the main process and
 * of every descendant process (analysis workers, tsx's esbuild service) from /proc, stops it with SIGTERM, and does
 * the same again on the same DATA_DIR (the restart). The goal (≤ 300 MB) holds for both: since decision 0123 a first
 * start on PGlite does its initdb, migrations and seed in a child process that exits before the server opens the
 * data dir, so the first start idles like a restart.
 *
 *   npm run build && npx tsx tests/bench/idle-memory.ts                 # every variant, 1 round
 *   npx tsx tests/bench/idle-memory.ts --variants bundle --rounds 3     # alternating rounds of some variants
 *   npx tsx tests/bench/idle-memory.ts --server tmp/other-build/server  # another bundle
 *   npx tsx tests/bench/idle-memory.ts --server tmp/before,dist/server --variants bundle-semi32 --rounds 2
 *                                       # bundles side by side (a build before a change: the reference of the run)
 *
 * Variants: `bundle` (node dist/server/main.js), `bundle-semi32` (the same with --max-semi-space-size=32), `tsx-semi32`
 * (the sources through tsx with that flag: `npm run serve` before decision 0117).
 * Worker threads live in their process, so their memory is in its RSS.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'

const repoRoot = resolve(import.meta.dirname, '../..')
const { values: args } = parseArgs({
  options: {
    variants: { type: 'string', default: 'bundle,bundle-semi32,tsx-semi32' },
    rounds: { type: 'string', default: '1' },
    server: { type: 'string', default: join(repoRoot, 'dist/server') },
    'settle-ms': { type: 'string', default: '10000' },
  },
})
const serverDirs = args.server.split(',').map((dir) => resolve(dir))
const settleMs = Number(args['settle-ms'])

const SEMI_SPACE_32 = '--max-semi-space-size=32'
/** A bundle variant runs once per `--server` folder, named after the folder when there are several. */
const bundleVariants = (name: string, flags: string[]): [string, string[]][] =>
  serverDirs.map((dir) => [
    serverDirs.length === 1 ? name : `${name} (${relative(repoRoot, dir)})`,
    [...flags, join(dir, 'main.js')],
  ])
const variantsByName: Record<string, [string, string[]][]> = {
  bundle: bundleVariants('bundle', []),
  'bundle-semi32': bundleVariants('bundle-semi32', [SEMI_SPACE_32]),
  'tsx-semi32': [['tsx-semi32', ['--import', 'tsx', SEMI_SPACE_32, join(repoRoot, 'src/server/main.ts')]]],
}

interface Sample {
  mainMb: number
  anonMb: number
  fileMb: number
  childrenMb: number
  children: number
}

const kb = (status: string, field: string): number =>
  Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)

function childPids(pid: number): number[] {
  const tasks = `/proc/${pid}/task`
  if (!existsSync(tasks)) return []
  return readdirSync(tasks).flatMap((tid) =>
    readFileSync(`${tasks}/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  )
}

function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)])
}

function sample(pid: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const others = descendants(pid)
  const childrenKb = others.reduce((sum, child) => {
    try {
      return sum + kb(readFileSync(`/proc/${child}/status`, 'utf8'), 'VmRSS')
    } catch {
      return sum // gone meanwhile
    }
  }, 0)
  return {
    mainMb: kb(status, 'VmRSS') / 1024,
    anonMb: kb(status, 'RssAnon') / 1024,
    fileMb: kb(status, 'RssFile') / 1024,
    childrenMb: childrenKb / 1024,
    children: others.length,
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? done(address.port) : fail()))
    })
  })
}

async function waitLive(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error('server not live within 300 s')
}

async function measureStart(argv: string[], dataDir: string): Promise<Sample & { startMs: number }> {
  const port = await freePort()
  const startedAt = Date.now()
  const child = spawn(process.execPath, argv, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((done) => child.once('exit', done))
  try {
    await waitLive(child, port)
    const startMs = Date.now() - startedAt
    await new Promise((done) => setTimeout(done, settleMs))
    return { ...sample(child.pid!), startMs }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

const mb = (value: number) => `${Math.round(value)} MB`
const row = (cells: string[]) => `| ${cells.join(' | ')} |`

const chosen = args.variants.split(',').filter(Boolean)
for (const name of chosen) if (variantsByName[name] === undefined) throw new Error(`unknown variant ${name}`)
if (chosen.some((name) => name.startsWith('bundle')))
  for (const dir of serverDirs)
    if (!existsSync(join(dir, 'main.js'))) throw new Error(`no bundle in ${dir}: run npm run build first`)

console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; RSS ${settleMs / 1000} s after live`,
)
console.log(row(['variant', 'start', 'live after', 'main RSS (anon + file)', 'child processes', 'total']))
console.log(row(['---', '---', '---', '---', '---', '---']))
for (let round = 0; round < Number(args.rounds); round += 1) {
  for (const [name, argv] of chosen.flatMap((chosenName) => variantsByName[chosenName]!)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'schichtwerk-idle-memory-'))
    try {
      for (const start of ['first', 'restart']) {
        const figures = await measureStart(argv, dataDir)
        console.log(
          row([
            name,
            start,
            `${(figures.startMs / 1000).toFixed(1)} s`,
            `${mb(figures.mainMb)} (${mb(figures.anonMb)} + ${mb(figures.fileMb)})`,
            `${figures.children}: ${mb(figures.childrenMb)}`,
            mb(figures.mainMb + figures.childrenMb),
          ]),
        )
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
