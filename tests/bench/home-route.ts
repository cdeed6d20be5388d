/**
 * The home route as a first-time visitor's browser loads it (issue 18): the production server on a fresh DATA_DIR
 * with a given client build, and Chromium (Debian's, through playwright-core) opening `/` with empty storage until
 * the network is idle, then until the SPA took it over after a mouse move. Counts the scripts actually requested
 * (their gzip sizes from the built files, zlib level 9, kB = 1000 bytes as in Vite's report) and the API calls made. Used by `npm run bench:web` and by the size guard that
 * `npm test` runs after the build (tests/build/home-route-js.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium, type Page } from 'playwright-core'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** The budget of issue 18: the scripts `/` loads before the visitor acts (gzip). */
export const HOME_JS_BUDGET_BYTES = 100_000

/** The client build the server serves: CLIENT_DIR as the server reads it, else dist/client. */
export const clientDirOf = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CLIENT_DIR === undefined ? path.join(root, 'dist/client') : path.resolve(env.CLIENT_DIR)

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

export type ShopServer = { base: string; stop: () => Promise<void> }

/** `npm run serve` on a free port: NODE_ENV=production, the given DATA_DIR and client build. */
export async function startShopServer(options: { dataDir: string; clientDir: string }): Promise<ShopServer> {
  if (!existsSync(path.join(options.clientDir, 'index.html')))
    throw new Error(`${options.clientDir} has no index.html: build first (npm run build)`)
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--max-semi-space-size=32', 'src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        CLIENT_DIR: options.clientDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  const deadline = Date.now() + 180_000
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop }
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error('the server did not answer /api/health within 180 s')
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
}

type Scripts = { scripts: { file: string; gzipBytes: number }[]; gzipBytes: number }

export type HomeRoute = Scripts & {
  /** What the page loads before the visitor acts (the SPA starts on the first sign of use, decision 0128). */
  firstLoad: Scripts
  /** Every `/api/` call of the visit, as `METHOD /path`. */
  apiCalls: string[]
}

const gzipBytesOf = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length

function weigh(clientDir: string, scripts: Set<string>): Scripts {
  const files = [...scripts]
    .sort()
    .map((file) => ({ file, gzipBytes: gzipBytesOf(path.join(clientDir, file)) }))
  return { scripts: files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) }
}

/** Lets the network go quiet, and idle callbacks (preloads scheduled for idle time) start and finish theirs. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1500)
  await page.waitForLoadState('networkidle')
}

/**
 * Starts the SPA over a prerendered page as a visitor does, by moving the mouse (decision 0128), and waits until it
 * took the page over (it removes the embedded answers then).
 */
export async function startSpaAsVisitor(page: Page, timeoutMs: number): Promise<void> {
  // Two positions: a move to where the mouse already is may not be reported to the page.
  await page.mouse.move(3, 3)
  await page.mouse.move(5, 5)
  await page.locator('#prerender-data').waitFor({ state: 'detached', timeout: timeoutMs })
}

/**
 * Opens `path` (default `/`) in a fresh context (empty cache and storage): records the scripts until the network is
 * idle (`firstLoad`), then moves the mouse as a visitor would and records until the SPA took the page over and the
 * network is idle again (the totals).
 */
export async function measureRoute(
  browser: Browser,
  options: { base: string; clientDir: string; path?: string },
): Promise<HomeRoute> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const scripts = new Set<string>()
  const apiCalls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`)
    if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/'))
      scripts.add(url.pathname.slice(1))
  })
  await page.goto(`${options.base}${options.path ?? '/'}`, { waitUntil: 'networkidle', timeout: 120_000 })
  await settle(page)
  const firstLoad = weigh(options.clientDir, scripts)
  await startSpaAsVisitor(page, 120_000)
  await settle(page)
  await context.close()
  return { ...weigh(options.clientDir, scripts), firstLoad, apiCalls }
}

export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`
