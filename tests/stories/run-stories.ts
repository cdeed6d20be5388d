/**
 * The story test (`npm run test:stories`): builds Storybook, serves `storybook-static` on a free localhost port, opens
 * every story in Debian Chromium and fails a story on a render error, a page error, a console error, a request
 * leaving localhost, the router's error page or a serious/critical axe-core violation. Prints one line per story and
 * a closing `N passed, N failed`; writes `{ passed, failed, stories }` to `$STORIES_REPORT` when set
 * (tests/run-all.ts reads it).
 *
 * Speed (see `preview-page.ts`): each page loads `iframe.html` once and then switches stories through Storybook's
 * channel instead of loading the preview bundle again per story; two pages run side by side (one per core). A story
 * that fails on a page that had shown other stories is checked again on a fresh page and that verdict counts, so no
 * story passes or fails because of what an earlier story left behind. 268 stories: about 14 min before, under 5 min
 * after on the same 2-core machine (it was shared with other work while measuring).
 *
 * Options (environment): SKIP_STORYBOOK_BUILD=1 reuses an existing build; STORIES_FILTER=text runs only stories whose
 * id contains the text; STORIES_PAGES=n pages in parallel (2); STORIES_PER_PAGE=n stories before a page is replaced
 * by a fresh one (60; 1 gives every story a fresh page, as before); CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { launchOptions, PreviewPage, type StoryEntry } from './preview-page.ts'

const root = join(import.meta.dirname, '..', '..')
// STORYBOOK_DIR: a build of one's own, so parallel work does not serve another's half-written build.
const staticDir = process.env.STORYBOOK_DIR ?? join(root, 'storybook-static')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const filter = process.env.STORIES_FILTER ?? ''
/** Stories per page before the runner starts a new one (bounds what a long-lived page accumulates). */
const STORIES_PER_PAGE = Number(process.env.STORIES_PER_PAGE ?? 60)
/** Pages checking stories at the same time. */
const PAGES = Number(process.env.STORIES_PAGES ?? 2)

type IndexEntry = StoryEntry & { type: 'story' | 'docs'; tags?: string[] }
type StoryResult = { id: string; ok: boolean; problems: string[]; ms: number; note?: string }

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
  const result = spawnSync('npx', ['storybook', 'build', '-o', staticDir, '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  })
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

/**
 * Checks the stories on one page after the other. A story that fails on a page that has shown other stories is
 * checked again on a fresh page, and only that verdict counts: a fresh page is what each story got before the
 * runner switched stories in place, so state left behind by an earlier story can neither fail nor pass a story.
 */
async function checkStories(browser: Browser, origin: string, queue: IndexEntry[], results: StoryResult[]) {
  let page = await PreviewPage.open(browser)
  try {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const started = Date.now()
      if (page.shown >= STORIES_PER_PAGE) page = await reopen(browser, page)
      const switched = page.shown > 0
      let problems = await page.check(origin, entry)
      let note: string | undefined
      if (problems.length > 0) {
        // A failed story may leave the page broken: the next story starts on a new one.
        page = await reopen(browser, page)
        if (switched) {
          note = `on a page that had shown other stories: ${problems.join('; ')}`
          problems = await page.check(origin, entry)
          if (problems.length > 0) page = await reopen(browser, page)
        }
      }
      const result = { id: entry.id, ok: problems.length === 0, problems, ms: Date.now() - started, note }
      results.push(result)
      report(entry, result)
    }
  } finally {
    await page.close()
  }
}

async function reopen(browser: Browser, page: PreviewPage): Promise<PreviewPage> {
  await page.close()
  return PreviewPage.open(browser)
}

function report(entry: IndexEntry, result: StoryResult): void {
  console.log(`${result.ok ? '✓' : '✗'} ${entry.title} › ${entry.name} (${result.ms} ms)`)
  for (const problem of result.problems) console.log(`    ${problem}`)
  if (result.ok && result.note) console.log(`    passed on a fresh page; ${result.note}`)
}

async function main(): Promise<number> {
  buildStorybook()
  const stories = await readStories()
  if (stories.length === 0) throw new Error(`no stories found${filter ? ` for filter '${filter}'` : ''}`)
  const { server, origin } = await serveStatic()
  const browser = await chromium.launch(launchOptions(chromiumPath))
  const results: StoryResult[] = []
  const started = Date.now()
  try {
    const queue = [...stories]
    await Promise.all(Array.from({ length: PAGES }, () => checkStories(browser, origin, queue, results)))
  } finally {
    await browser.close()
    server.close()
  }
  const passed = results.filter((result) => result.ok).length
  const failed = results.length - passed
  if (process.env.STORIES_REPORT) {
    await writeFile(process.env.STORIES_REPORT, JSON.stringify({ passed, failed, stories: results }, null, 2))
  }
  console.log(`\n${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return failed === 0 && results.length === stories.length ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    console.log('\n0 passed, 1 failed')
    process.exit(1)
  },
)
