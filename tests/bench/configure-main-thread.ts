/**
 * Issue 14, item 10: does a large model keep the configure form usable? In headless Chromium on the production build,
 * choose a generated 10 MB binary STL (200 704 triangles) and measure in the page, from the file input's `change`:
 * the configure form appearing (its heading), the 3D view appearing (its canvas, no longer marked busy), and every
 * main-thread long task (PerformanceObserver `longtask`, > 50 ms) until 3 s after the canvas. Prints one JSON line per
 * run and the medians. Each run's line also says where the time to the form goes: `calls` lists the page's API calls
 * (resource timing, ms after the file was chosen: the upload, the last of the task polls, the file, the print modes,
 * the 3D model) and `serverStages` the analysis' own stage timings from the server's log (read, repair and measure
 * are what a price needs; the wall thickness and the pictures are what the form waits for besides).
 *
 *   npm run build && npx tsx tests/bench/configure-main-thread.ts [--runs 3]
 *
 * `--clients dirA,dirB` compares builds (e.g. `CLIENT_DIR=tmp/before npm run build` before a change) in one run:
 * one server per build, the runs interleaved (A, B, A, B, …) so that both meet the same machine load.
 *
 * `--servers dirA,dirB` runs each build's own server from its bundle (`CLIENT_DIR=tmp/x npm run build` writes it to
 * `tmp/x-server`), as `npm run serve` does, paired with `--clients` by position; without it one server per client
 * runs from this checkout's sources (tsx). `--cold` starts every server afresh for each run and measures its first
 * upload (`cold`: the analysis child starts with it) and then a second one (`warm`), each after the previous
 * analysis has completed; the rows say which. Server changes need both (decision 0134):
 *
 *   npx tsx tests/bench/configure-main-thread.ts --runs 5 --cold --clients tmp/a,tmp/b --servers tmp/a-server,tmp/b-server
 *
 * `--trace dir` also records a Chromium performance trace of each run (file chosen until 3 s after the canvas) into
 * `dir` and prints what every main-thread task over 200 ms or 20 ms of CPU is made of: its slices by self time
 * (script, style, layout, compile, …) and the JavaScript functions the V8 sampler saw most in it. Function names
 * are readable with an unminified build (`CLIENT_DIR=tmp/x npx vite build --minify false`). `--analyse trace.json`
 * prints the same for a recorded trace.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from '@playwright/test'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import { startSpaAsVisitor } from './home-route.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)
const runsIndex = args.indexOf('--runs')
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 3
const clientsIndex = args.indexOf('--clients')
/** The client builds to compare; undefined: the server's default (dist/client or CLIENT_DIR). */
const clients: Array<string | undefined> =
  clientsIndex >= 0 ? (args[clientsIndex + 1] ?? '').split(',').map((dir) => path.resolve(dir)) : [undefined]
const serversIndex = args.indexOf('--servers')
/** The server bundles, one per client build; undefined: this checkout's sources under tsx. */
const serverDirs: Array<string | undefined> =
  serversIndex >= 0
    ? (args[serversIndex + 1] ?? '').split(',').map((dir) => path.resolve(dir))
    : clients.map(() => undefined)
if (serverDirs.length !== clients.length) throw new Error('--servers needs one bundle per --clients build')
/** A fresh server for each run: its first upload (cold analysis child) and a second one (warm). */
const cold = args.includes('--cold')
const traceIndex = args.indexOf('--trace')
/** Where to write the traces; undefined: no tracing (tracing itself slows the page a little). */
const traceDir = traceIndex >= 0 ? path.resolve(args[traceIndex + 1] ?? 'tmp/traces') : undefined
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

async function startServer(
  port: number,
  dataDir: string,
  clientDir: string | undefined,
  serverDir: string | undefined,
): Promise<ChildProcess> {
  const command: [string, string[]] =
    serverDir === undefined
      ? ['npx', ['tsx', 'src/server/main.ts']]
      : // as `npm run serve`
        [process.execPath, ['--max-semi-space-size=32', path.join(serverDir, 'main.js')]]
  const server = spawn(command[0], command[1], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(clientDir === undefined ? {} : { CLIENT_DIR: clientDir }),
    },
    // stdout: the server's log lines, read for the analysis' own stage timings (serverStages below).
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 120 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The stage timings (ms) of the last analysis a server logged ('analysis completed'), or null; and how many. */
type ServerStages = { last: Record<string, number> | null; completed: number }

/** Reads a server's log lines for its analysis stage timings. */
function watchStages(server: ChildProcess): ServerStages {
  const stages: ServerStages = { last: null, completed: 0 }
  if (server.stdout === null) return stages
  createInterface({ input: server.stdout }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; timingsMs?: Record<string, number> }
      if (entry.msg === 'analysis completed' && entry.timingsMs) {
        stages.last = entry.timingsMs
        stages.completed += 1
      }
    } catch {
      // Not a JSON log line.
    }
  })
  return stages
}

/** The stages that tell what the form waits for: read + repair + measure (what a price needs), the rest. */
function stagesSummary(timings: Record<string, number> | null): string {
  if (timings === null) return 'none logged'
  const ms = (key: string) => Math.round(timings[key] ?? 0)
  return [
    `read ${ms('read')}`,
    `repair ${ms('repair')}`,
    `measure ${ms('measure')}`,
    `internal format ${ms('internal_format')}`,
    `pictures ${ms('pictures')}`,
    `thickness ${ms('thickness')} (waited ${ms('thickness_wait')})`,
  ].join(', ')
}

type Figures = {
  chosen: number
  form: number
  canvas: number
  longTasks: Array<{ start: number; ms: number }>
  /** The API calls (resource timing): path, start and end, to tell where the time to the form goes. */
  calls: Array<{ path: string; start: number; end: number }>
}

/** Installed before the file is chosen: the marks and the long tasks, all in the page's own clock. */
function observeInPage(): void {
  const figures: Figures = { chosen: 0, form: 0, canvas: 0, longTasks: [], calls: [] }
  ;(window as unknown as { __figures: Figures }).__figures = figures
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      const url = new URL(entry.name)
      if (url.pathname.startsWith('/api/'))
        figures.calls.push({ path: url.pathname, start: entry.startTime, end: entry.responseEnd })
    }
  }).observe({ type: 'resource', buffered: false })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      figures.longTasks.push({ start: entry.startTime, ms: entry.duration })
  }).observe({ type: 'longtask', buffered: false })
  document
    .querySelector('input[data-upload-input]')
    ?.addEventListener('change', () => (figures.chosen = performance.now()), { capture: true })
  const observer = new MutationObserver(() => {
    if (!figures.form && document.querySelector('h1#configure-title')) figures.form = performance.now()
    // The worker-drawn view (decision 0110) has its canvas from the start and is busy until the first draw.
    if (!figures.canvas && document.querySelector('.model-preview:not([aria-busy="true"]) canvas'))
      figures.canvas = performance.now()
    if (figures.form && figures.canvas) observer.disconnect()
  })
  observer.observe(document.body, { childList: true, subtree: true })
}

type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** Thread (CPU) time of a slice: on a loaded machine a task's length is mostly waiting for a core. */
  tdur?: number
  id?: string
  cat?: string
  args?: {
    name?: string
    data?: {
      cpuProfile?: {
        nodes?: Array<{ id: number; callFrame: { functionName?: string; url?: string; lineNumber?: number } }>
        samples?: number[]
      }
      timeDeltas?: number[]
    }
  }
}

/**
 * What the renderer's main-thread tasks over 200 ms or 20 ms of CPU consist of, from a Chromium trace: per task its
 * start (relative to the first of them), its length and CPU time, its slices by self time and the functions the V8
 * sampler saw most in it.
 */
export function longTasksOfTrace(file: string): string[] {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  )
  const onMain = (event: TraceEvent) => mainThreads.has(`${event.pid}:${event.tid}`)
  const slices = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && onMain(event))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  // Over the goal, or heavy enough in CPU to pass it on a loaded machine (a task waits for a core several times over).
  const tasks = slices.filter(
    (event) => event.name === 'RunTask' && ((event.dur ?? 0) > 200_000 || (event.tdur ?? 0) > 20_000),
  )
  // The sampler's ticks on the main thread: time and leaf function.
  const samples: Array<{ ts: number; frame: string }> = []
  const frames = new Map<string, string>()
  const profileThreads = new Map<string, number>()
  for (const event of events) {
    if (event.name === 'Profile' && onMain(event)) profileThreads.set(`${event.pid}:${event.id}`, event.ts)
  }
  for (const event of events) {
    if (event.name !== 'ProfileChunk') continue
    const key = `${event.pid}:${event.id}`
    if (!profileThreads.has(key)) continue
    const profile = event.args?.data?.cpuProfile
    for (const node of profile?.nodes ?? []) {
      const { functionName, url, lineNumber } = node.callFrame
      frames.set(
        `${key}:${node.id}`,
        `${functionName || '(anonymous)'} ${(url ?? '').split('/').pop() ?? ''}:${lineNumber ?? ''}`,
      )
    }
    let ts = profileThreads.get(key) ?? 0
    for (const [index, sample] of (profile?.samples ?? []).entries()) {
      ts += event.args?.data?.timeDeltas?.[index] ?? 0
      samples.push({ ts, frame: `${key}:${sample}` })
    }
    profileThreads.set(key, ts)
  }
  const first = tasks[0]?.ts ?? 0
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0)
    const inside = slices.filter((event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end)
    // Self time: a slice's length minus its direct children's (slices nest properly on one thread).
    const self = new Map<string, number>()
    const stack: TraceEvent[] = []
    for (const event of inside) {
      while (stack.length > 0 && event.ts >= stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0)) stack.pop()
      const parent = stack.at(-1)
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0))
      self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0))
      stack.push(event)
    }
    const bySelf = [...self]
      .filter(([, us]) => us >= 5_000)
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => `${name} ${Math.round(us / 1000)}`)
    const counts = new Map<string, number>()
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue
      const frame = frames.get(sample.frame) ?? '?'
      counts.set(frame, (counts.get(frame) ?? 0) + 1)
    }
    const top = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([frame, count]) => `${frame} ×${count}`)
    const ms = (us: number | undefined) => Math.round((us ?? 0) / 1000)
    return [
      `task +${ms(task.ts - first)} ms, ${ms(task.dur)} ms (CPU ${ms(task.tdur)} ms)`,
      `  slices (self ms): ${bySelf.join(', ')}`,
      `  sampled: ${top.join(' | ')}`,
    ].join('\n')
  })
}

/** The API calls after the file was chosen, as `path start→end` (ms after `chosen`), ids replaced by `:id`. */
function phases(figures: Figures): string {
  const at = (ms: number) => Math.round(ms - figures.chosen)
  const calls = figures.calls
    .filter((call) => call.start >= figures.chosen)
    .sort((a, b) => a.start - b.start)
    .map((call) => ({ ...call, path: call.path.replace(/\/[\w-]{22}(?=\/|$)/g, '/:id') }))
  const polls = calls.filter((call) => call.path.includes('/task/'))
  const shown = calls.filter((call) => !call.path.includes('/task/') || call === polls.at(-1))
  return [
    `polls ${polls.length}`,
    ...shown.map((call) => `${call.path.replace('/api/', '')} ${at(call.start)}→${at(call.end)}`),
  ].join(', ')
}

async function measure(browser: Browser, base: string, stl: string, trace?: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } })
  await context.addInitScript(() =>
    localStorage.setItem(
      'cookies',
      JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
    ),
  )
  const page = await context.newPage()
  // Generous: at a load of 20 and more on two cores the first load has taken over 30 s.
  await page.goto('/', { timeout: 180_000 })
  const input = page.locator('input[data-upload-input]')
  await input.waitFor({ state: 'attached', timeout: 180_000 })
  // The prerendered page's input is inert until the SPA has taken over.
  await startSpaAsVisitor(page, 180_000)
  await page.evaluate(observeInPage)
  if (trace !== undefined)
    await browser.startTracing(page, {
      path: trace,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8.execute',
        'blink.user_timing',
        'disabled-by-default-v8.cpu_profiler',
      ],
    })
  await input.setInputFiles(stl)
  await page.locator('.model-preview:not([aria-busy="true"]) canvas').waitFor({ timeout: 180_000 })
  await page.waitForTimeout(3000)
  if (trace !== undefined) await browser.stopTracing()
  const figures = await page.evaluate(() => (window as unknown as { __figures: Figures }).__figures)
  await context.close()
  const after = figures.longTasks.filter((task) => task.start >= figures.chosen)
  const afterForm = after.filter((task) => task.start + task.ms >= figures.form)
  return {
    fileChosenToFormMs: Math.round(figures.form - figures.chosen),
    fileChosenTo3dMs: Math.round(figures.canvas - figures.chosen),
    longestTaskMs: Math.round(Math.max(0, ...after.map((task) => task.ms))),
    longestTaskAfterFormMs: Math.round(Math.max(0, ...afterForm.map((task) => task.ms))),
    longTasksOver200Ms: after.filter((task) => task.ms > 200).length,
    /** Where the long tasks lie: start after the file was chosen, and length (ms). */
    tasksOver200Ms: after
      .filter((task) => task.ms > 200)
      .map((task) => `${Math.round(task.start - figures.chosen)}+${Math.round(task.ms)}`)
      .join(' '),
    formAtMs: Math.round(figures.form - figures.chosen),
    /**
     * Phases (ms after the file was chosen): each API call as `path start→end`, ids shortened; the task polls are
     * counted, only the last is shown.
     */
    calls: phases(figures),
  }
}

type Server = { client: string; base: string; server: ChildProcess; stages: ServerStages }
type Result = Awaited<ReturnType<typeof measure>>

async function launch(index: number, work: string): Promise<Server> {
  const client = clients[index]
  const port = await freePort()
  const server = await startServer(port, path.join(work, `data-${index}`), client, serverDirs[index])
  return {
    client: client ?? 'default',
    base: `http://127.0.0.1:${port}`,
    server,
    stages: watchStages(server),
  }
}

async function stop({ server }: Server): Promise<void> {
  if (server.pid === undefined || server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  process.kill(-server.pid, 'SIGTERM')
  await exited
}

/** Waits until the server has logged `count` completed analyses (the previous run's thickness and pictures). */
async function analysesCompleted(stages: ServerStages, count: number): Promise<void> {
  const deadline = Date.now() + 180_000
  while (stages.completed < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250))
}

/** One measurement on a server, printed as a JSON line and kept under `label`. */
async function measureOn(
  browser: Browser,
  target: Server,
  label: string,
  run: number,
  stl: string,
  results: Map<string, Result[]>,
): Promise<void> {
  let trace: string | undefined
  if (traceDir !== undefined) {
    mkdirSync(traceDir, { recursive: true })
    trace = path.join(traceDir, `${path.basename(target.client)}-${label.split(' ').pop()}-${run}.json`)
  }
  target.stages.last = null
  const result = await measure(browser, target.base, stl, trace)
  results.set(label, [...(results.get(label) ?? []), result])
  const load = loadavg()[0]!.toFixed(2)
  console.log(
    JSON.stringify({ client: label, run, load, ...result, serverStages: stagesSummary(target.stages.last) }),
  )
  if (trace !== undefined) console.log(longTasksOfTrace(trace).join('\n'))
}

/** `--cold`: per run and build a fresh server, its first upload and a second one, then the server stops. */
async function coldRuns(browser: Browser, work: string, stl: string, results: Map<string, Result[]>) {
  // The first start of a data folder creates the database: done once before the measured starts.
  for (const index of clients.keys()) await stop(await launch(index, work))
  for (let run = 1; run <= runs; run += 1) {
    for (const index of clients.keys()) {
      const target = await launch(index, work)
      try {
        await measureOn(browser, target, `${target.client} cold`, run, stl, results)
        await analysesCompleted(target.stages, 1)
        await measureOn(browser, target, `${target.client} warm`, run, stl, results)
        await analysesCompleted(target.stages, 2)
      } finally {
        await stop(target)
      }
    }
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'schichtwerk-configure-bench-'))
  const stl = path.join(work, 'torus-10mb.stl')
  writeFileSync(stl, binaryStl(torusSoup(40, 15, 448, 224)))
  const loadBefore = loadavg()
  const servers: Server[] = []
  if (!cold) for (const index of clients.keys()) servers.push(await launch(index, work))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  try {
    const results = new Map<string, Result[]>()
    if (cold) await coldRuns(browser, work, stl, results)
    for (let run = 1; !cold && run <= runs; run += 1) {
      for (const target of servers) await measureOn(browser, target, target.client, run, stl, results)
    }
    for (const [client, list] of results) {
      const keys = (Object.keys(list[0]!) as Array<keyof (typeof list)[number]>).filter(
        (key) => key !== 'tasksOver200Ms' && key !== 'calls',
      )
      const medians = Object.fromEntries(
        keys.map((key) => [key, median(list.map((result) => Number(result[key])))]),
      )
      console.log(
        JSON.stringify(
          { client, date: new Date().toISOString(), load: [loadBefore, loadavg()], runs, medians },
          null,
          2,
        ),
      )
    }
  } finally {
    await browser.close()
    for (const target of servers) await stop(target)
    rmSync(work, { recursive: true, force: true })
  }
}

const analyseIndex = args.indexOf('--analyse')
// `--analyse trace.json`: only print what the long tasks of a recorded trace consist of.
if (analyseIndex >= 0) console.log(longTasksOfTrace(path.resolve(args[analyseIndex + 1] ?? '')).join('\n'))
else await main()
