/**
 * The story test (`npm run test:stories`): builds Storybook, serves `storybook-static` on a free localhost port, opens
 * every story's iframe in Debian Chromium and fails a story on a render error, a page error, a console error or a
 * serious/critical axe-core violation. Prints one line per story and a closing `N passed, N failed`; writes
 * `{ passed, failed, stories }` to `$STORIES_REPORT` when set (tests/run-all.ts reads it).
 *
 * Options (environment): SKIP_STORYBOOK_BUILD=1 reuses an existing build; STORIES_FILTER=text runs only stories whose
 * id contains the text; CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import axe from 'axe-core'
import { chromium, type Browser, type Page } from 'playwright-core'
import { DEFAULT_STORY_VIEWPORT, isStoryViewport, STORY_VIEWPORTS } from '#client/testing/story-viewports.ts'

const root = join(import.meta.dirname, '..', '..')
const staticDir = join(root, 'storybook-static')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const filter = process.env.STORIES_FILTER ?? ''
const RENDER_TIMEOUT_MS = 15_000
/** axe impacts that fail a story. */
const FAILING_IMPACTS = new Set(['serious', 'critical'])

type IndexEntry = { type: 'story' | 'docs'; id: string; title: string; name: string; tags?: string[] }
type StoryResult = { id: string; ok: boolean; problems: string[]; ms: number }

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

function buildStorybook(): void {
  if (process.env.SKIP_STORYBOOK_BUILD === '1' && existsSync(join(staticDir, 'index.json'))) return
  console.log('Building Storybook …')
  const result = spawnSync('npm', ['run', '--silent', 'build-storybook'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`build-storybook failed with exit code ${result.status}`)
}

/** A static file server for storybook-static on 127.0.0.1 and a free port. */
async function serveStatic(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '')
    const file = join(staticDir, relative === '' ? 'index.html' : relative)
    if (!file.startsWith(staticDir + sep) && file !== staticDir) {
      response.writeHead(403).end()
      return
    }
    readFile(file)
      .then((body) => {
        response.writeHead(200, { 'content-type': MIME_TYPES[extname(file)] ?? 'application/octet-stream' })
        response.end(body)
      })
      .catch(() => response.writeHead(404).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, origin: `http://127.0.0.1:${port}` }
}

async function readStories(): Promise<IndexEntry[]> {
  const index = JSON.parse(await readFile(join(staticDir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>
  }
  return Object.values(index.entries).filter((entry) => entry.type === 'story' && entry.id.includes(filter))
}

const firstLine = (text: string): string => (text.split('\n')[0] ?? '').slice(0, 300)

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown }> }

async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axe.source })
  return page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof axe }).axe
    const results = await runner.run(document, { resultTypes: ['violations'] })
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target })),
    }))
  })
}

async function checkStory(browser: Browser, origin: string, entry: IndexEntry): Promise<StoryResult> {
  const started = Date.now()
  const problems: string[] = []
  const context = await browser.newContext({
    viewport: {
      width: STORY_VIEWPORTS[DEFAULT_STORY_VIEWPORT].width,
      height: STORY_VIEWPORTS[DEFAULT_STORY_VIEWPORT].height,
    },
  })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${firstLine(message.text())}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${firstLine(error.message)}`))
  // Stories run on fakes: any request leaving localhost is a bug (and would hang offline).
  await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
    problems.push(`request to ${route.request().url()}`)
    return route.abort()
  })
  try {
    await page.goto(`${origin}/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=story`)
    const shown = await page.waitForFunction(
      () => {
        const classes = document.body.classList
        if (classes.contains('sb-show-errordisplay')) return 'error'
        if (classes.contains('sb-show-nopreview')) return 'nopreview'
        return classes.contains('sb-show-main') ? 'main' : false
      },
      undefined,
      { timeout: RENDER_TIMEOUT_MS },
    )
    const outcome = await shown.jsonValue()
    if (outcome !== 'main') {
      const message = await page
        .locator('#error-message, .sb-errordisplay')
        .first()
        .innerText()
        .catch(() => '')
      problems.push(`render ${outcome}: ${message.trim().split('\n')[0] ?? ''}`)
    } else {
      // Lazy route chunks and catalogs: wait until the network is quiet.
      await page.waitForLoadState('networkidle')
      const viewport = await page.evaluate(() => document.documentElement.dataset.storyViewport)
      if (isStoryViewport(viewport) && viewport !== DEFAULT_STORY_VIEWPORT) {
        await page.setViewportSize({
          width: STORY_VIEWPORTS[viewport].width,
          height: STORY_VIEWPORTS[viewport].height,
        })
        await page.waitForTimeout(50)
      }
      const rootHtml = await page.locator('#storybook-root').innerHTML()
      if (rootHtml.includes('data-tsr-error') || rootHtml.includes('Something went wrong!')) {
        problems.push('the router rendered its error component')
      }
      for (const violation of await runAxe(page)) {
        if (!FAILING_IMPACTS.has(violation.impact ?? '')) continue
        const targets = violation.nodes
          .map((node) => JSON.stringify(node.target))
          .slice(0, 3)
          .join(', ')
        problems.push(`axe ${violation.impact} ${violation.id}: ${violation.help} (${targets})`)
      }
    }
  } catch (error) {
    problems.push(`runner: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
  } finally {
    await context.close()
  }
  return { id: entry.id, ok: problems.length === 0, problems, ms: Date.now() - started }
}

async function main(): Promise<number> {
  buildStorybook()
  const stories = await readStories()
  if (stories.length === 0) throw new Error(`no stories found${filter ? ` for filter '${filter}'` : ''}`)
  const { server, origin } = await serveStatic()
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  const results: StoryResult[] = []
  try {
    // Two stories at a time: one per core.
    const queue = [...stories]
    const worker = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const result = await checkStory(browser, origin, entry)
        results.push(result)
        const mark = result.ok ? '✓' : '✗'
        console.log(`${mark} ${entry.title} › ${entry.name} (${result.ms} ms)`)
        for (const problem of result.problems) console.log(`    ${problem}`)
      }
    }
    await Promise.all([worker(), worker()])
  } finally {
    await browser.close()
    server.close()
  }
  const passed = results.filter((result) => result.ok).length
  const failed = results.length - passed
  if (process.env.STORIES_REPORT) {
    await writeFile(process.env.STORIES_REPORT, JSON.stringify({ passed, failed, stories: results }, null, 2))
  }
  console.log(`\n${passed} passed, ${failed} failed`)
  return failed === 0 ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    console.log('\n0 passed, 1 failed')
    process.exit(1)
  },
)
