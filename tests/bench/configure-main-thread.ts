/**
 * Issue 14, item 10: does a large model keep the configure form usable? In headless Chromium on the production build,
 * choose a generated 10 MB binary STL (200 704 triangles) and measure in the page, from the file input's `change`:
 * the configure form appearing (its heading), the 3D view appearing (its canvas, no longer marked busy), and every
 * main-thread long task (PerformanceObserver `longtask`, > 50 ms) until 3 s after the canvas. Prints one JSON line per
 * run and the medians.
 *
 *   npm run build && npx tsx tests/bench/configure-main-thread.ts [--runs 3]
 *
 * `--clients dirA,dirB` compares builds (e.g. `CLIENT_DIR=tmp/before npm run build` before a change) in one run:
 * one server per build, the runs interleaved (A, B, A, B, …) so that both meet the same machine load.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from '@playwright/test'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)
const runsIndex = args.indexOf('--runs')
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 3
const clientsIndex = args.indexOf('--clients')
/** The client builds to compare; undefined: the server's default (dist/client or CLIENT_DIR). */
const clients: Array<string | undefined> =
  clientsIndex >= 0 ? (args[clientsIndex + 1] ?? '').split(',').map((dir) => path.resolve(dir)) : [undefined]
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
): Promise<ChildProcess> {
  const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(clientDir === undefined ? {} : { CLIENT_DIR: clientDir }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
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

type Figures = {
  chosen: number
  form: number
  canvas: number
  longTasks: Array<{ start: number; ms: number }>
}

/** Installed before the file is chosen: the marks and the long tasks, all in the page's own clock. */
function observeInPage(): void {
  const figures: Figures = { chosen: 0, form: 0, canvas: 0, longTasks: [] }
  ;(window as unknown as { __figures: Figures }).__figures = figures
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

async function measure(browser: Browser, base: string, stl: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } })
  await context.addInitScript(() =>
    localStorage.setItem(
      'cookies',
      JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
    ),
  )
  const page = await context.newPage()
  await page.goto('/')
  const input = page.locator('input[data-upload-input]')
  await input.waitFor({ state: 'attached' })
  await page.evaluate(observeInPage)
  await input.setInputFiles(stl)
  await page.locator('.model-preview:not([aria-busy="true"]) canvas').waitFor({ timeout: 180_000 })
  await page.waitForTimeout(3000)
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
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'schichtwerk-configure-bench-'))
  const stl = path.join(work, 'torus-10mb.stl')
  writeFileSync(stl, binaryStl(torusSoup(40, 15, 448, 224)))
  const loadBefore = loadavg()
  const servers: Array<{ client: string; base: string; server: ChildProcess }> = []
  for (const [index, client] of clients.entries()) {
    const port = await freePort()
    const server = await startServer(port, path.join(work, `data-${index}`), client)
    servers.push({ client: client ?? 'default', base: `http://127.0.0.1:${port}`, server })
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  try {
    const results = new Map<string, Array<Awaited<ReturnType<typeof measure>>>>()
    for (let run = 1; run <= runs; run += 1) {
      for (const { client, base } of servers) {
        const result = await measure(browser, base, stl)
        results.set(client, [...(results.get(client) ?? []), result])
        console.log(JSON.stringify({ client, run, ...result }))
      }
    }
    for (const [client, list] of results) {
      const keys = (Object.keys(list[0]!) as Array<keyof (typeof list)[number]>).filter(
        (key) => key !== 'tasksOver200Ms',
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
    for (const { server } of servers) {
      if (server.pid !== undefined && server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve))
        process.kill(-server.pid, 'SIGTERM')
        await exited
      }
    }
    rmSync(work, { recursive: true, force: true })
  }
}

await main()
