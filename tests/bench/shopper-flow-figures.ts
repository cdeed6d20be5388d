/**
 * The closing figures of the shopper flow (issue 5): the JavaScript the home route loads (gzip), the 3D chunk
 * (gzip), and the time from choosing a 10 MB binary STL to the configure view.
 *
 *   npm run build && npx tsx tests/bench/shopper-flow-figures.ts [--runs 3]
 *
 * Starts the production server (`NODE_ENV=production`, a fresh embedded database, a free port) on the current
 * `dist/client`, opens `/` in Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) and records every script the
 * page loads until the network is idle; their gzip sizes (zlib level 9, kB = 1000 bytes as in Vite's report) come
 * from the files in dist/client. The 3D chunk is the `model-preview-*.js` file; the script checks that `/` does not load it. Then per
 * run, in a fresh browser context (empty cache): choose a generated 10 MB binary STL (a torus of 200 704 triangles
 * in a temp dir), and measure in the page from the file input's `change` event to the configure heading appearing
 * (upload, analysis, file fetch and the configure chunk). Prints one JSON line per run and a summary with the
 * median.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium } from '@playwright/test'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const assetsDir = path.join(root, 'dist/client/assets')
const args = process.argv.slice(2)
const runsIndex = args.indexOf('--runs')
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 3

const kb = (bytes: number): number => Math.round(bytes / 10) / 100
const gzipBytes = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length
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

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
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

async function newPage(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } })
  await context.addInitScript(() =>
    localStorage.setItem(
      'cookies',
      JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
    ),
  )
  return { context, page: await context.newPage() }
}

async function homeRouteScripts(browser: Browser, base: string) {
  const { context, page } = await newPage(browser, base)
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (response.request().resourceType() === 'script' && url.pathname.startsWith('/assets/'))
      scripts.add(path.basename(url.pathname))
  })
  await page.goto('/', { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Demo-Objekt ausprobieren' }).waitFor()
  await context.close()
  return [...scripts].sort().map((file) => ({ file, gzipBytes: gzipBytes(path.join(assetsDir, file)) }))
}

async function timeToConfigure(browser: Browser, base: string, stl: string): Promise<number> {
  const { context, page } = await newPage(browser, base)
  await page.goto('/')
  const input = page.locator('input[data-upload-input]')
  await input.waitFor({ state: 'attached' })
  // Both instants are taken in the page (performance.now()), not by the test's polling.
  await page.evaluate(() => {
    const marks: Record<string, number> = {}
    ;(window as unknown as { __figures: Record<string, number> }).__figures = marks
    document
      .querySelector('input[data-upload-input]')
      ?.addEventListener('change', () => (marks.chosen = performance.now()), { capture: true })
    const observer = new MutationObserver(() => {
      if (document.querySelector('h1#configure-title')) {
        marks.configure = performance.now()
        observer.disconnect()
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  await input.setInputFiles(stl)
  await page.locator('h1#configure-title').waitFor({ timeout: 180_000 })
  const marks = await page.evaluate(
    () => (window as unknown as { __figures: { chosen: number; configure: number } }).__figures,
  )
  await context.close()
  return Math.round(marks.configure - marks.chosen)
}

async function main(): Promise<void> {
  const assets = readdirSync(assetsDir)
  const previewChunk = assets.find((file) => /^model-preview-.*\.js$/.test(file))
  if (!previewChunk) throw new Error('dist/client has no model-preview chunk: run `npm run build` first')

  const work = mkdtempSync(path.join(tmpdir(), 'schichtwerk-figures-'))
  const stl = path.join(work, 'torus-10mb.stl')
  // 2 × 448 × 224 = 200 704 triangles: 84 + 50 × 200 704 = 10 035 284 bytes.
  writeFileSync(stl, binaryStl(torusSoup(40, 15, 448, 224)))
  const stlBytes = readFileSync(stl).length

  const loadBefore = loadavg()
  const port = await freePort()
  const server = await startServer(port, path.join(work, 'data'))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  try {
    const base = `http://127.0.0.1:${port}`
    const scripts = await homeRouteScripts(browser, base)
    const times: number[] = []
    for (let run = 1; run <= runs; run += 1) {
      const ms = await timeToConfigure(browser, base, stl)
      times.push(ms)
      console.log(JSON.stringify({ run, stlBytes, fileChosenToConfigureMs: ms }))
    }
    console.log(
      JSON.stringify(
        {
          date: new Date().toISOString(),
          loadAverage: {
            before: loadBefore.map((l) => l.toFixed(2)),
            after: loadavg().map((l) => l.toFixed(2)),
          },
          homeRoute: {
            scripts,
            gzipKb: kb(scripts.reduce((sum, script) => sum + script.gzipBytes, 0)),
            loads3dChunk: scripts.some((script) => script.file === previewChunk),
          },
          chunk3d: { file: previewChunk, gzipKb: kb(gzipBytes(path.join(assetsDir, previewChunk))) },
          fileChosenToConfigure: { stlBytes, runsMs: times, medianMs: median(times) },
        },
        null,
        2,
      ),
    )
  } finally {
    await browser.close()
    if (server.pid !== undefined && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      process.kill(-server.pid, 'SIGTERM')
      await exited
    }
    rmSync(work, { recursive: true, force: true })
  }
}

await main()
