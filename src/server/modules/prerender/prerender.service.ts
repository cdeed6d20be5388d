import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { FastifyBaseLogger } from 'fastify'
import { PRERENDER_ENTRY_FILE, type PrerenderEntry } from '#shared/prerender/prerender-entry.ts'
import { type ContentReads, createContentFetch, readContent } from './content-fetch.ts'
import { type ClientManifest, pageHtml } from './page-html.ts'

export interface PrerenderServiceDeps {
  /** The built SPA (its index.html and `.vite/manifest.json`). */
  clientDir: string
  /** The built SSR bundle (`vite build --ssr`, decision 0109). */
  ssrDir: string
  content: ContentReads
  /** The shop's public origin (absolute `og:image`). */
  publicUrl: string
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
  /** How many rendered pages are kept (path and search → HTML); the oldest used goes first. */
  cacheSize?: number
}

type Loaded = { entry: PrerenderEntry; template: string; manifest: ClientManifest }

/** A page's HTML, plain and compressed once per render (the SPA's assets are precompressed at build alike). */
export type PageHtml = { html: string; br: Buffer; gzip: Buffer }

/** A rendered page and the version of each content read it was made from. */
type CachedPage = { page: PageHtml; versions: Map<string, string> }

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function compressed(html: string): Promise<PageHtml> {
  const [br, gz] = await Promise.all([
    brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(html, { level: 9 }),
  ])
  return { html, br, gzip: gz }
}

export const PRERENDER_CACHE_SIZE = 64

const versionOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('base64url')

function isPrerenderEntry(value: unknown): value is PrerenderEntry {
  return typeof (value as { renderPage?: unknown } | null)?.renderPage === 'function'
}

/**
 * The HTML of content pages with their content in it (decision 0109). A page is rendered once per content version:
 * each request re-reads the CMS answers the cached page was made from (cheap reads through the content service) and
 * renders again when any changed, so an edit in the CMS shows at once and nothing stale is served.
 */
export function createPrerenderService(deps: PrerenderServiceDeps) {
  const cacheSize = deps.cacheSize ?? PRERENDER_CACHE_SIZE
  const cache = new Map<string, CachedPage>()
  const contentFetch = createContentFetch(deps.content)
  let loading: Promise<Loaded | null> | undefined

  async function load(): Promise<Loaded | null> {
    const entryPath = join(deps.ssrDir, PRERENDER_ENTRY_FILE)
    const manifestPath = join(deps.clientDir, '.vite', 'manifest.json')
    const templatePath = join(deps.clientDir, 'index.html')
    if (![entryPath, manifestPath, templatePath].every((path) => existsSync(path))) {
      deps.log.warn({ ssrDir: deps.ssrDir }, 'no SSR bundle built: pages are served without prerendered HTML')
      return null
    }
    const module = (await import(pathToFileURL(entryPath).href)) as { default?: unknown }
    if (!isPrerenderEntry(module.default)) throw new Error(`${entryPath} exports no renderPage`)
    return {
      entry: module.default,
      template: readFileSync(templatePath, 'utf8'),
      manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest,
    }
  }

  async function isCurrent(page: CachedPage): Promise<boolean> {
    for (const [path, version] of page.versions) {
      const answer = await readContent(deps.content, path)
      if (answer === undefined || !answer.ok || versionOf(await answer.json()) !== version) return false
    }
    return true
  }

  function remember(url: string, page: CachedPage): void {
    cache.delete(url)
    cache.set(url, page)
    while (cache.size > cacheSize) cache.delete(cache.keys().next().value!)
  }

  return {
    /** The page's HTML, or null: no content page at this path, or no SSR bundle (the plain SPA then). */
    async renderPage(url: string): Promise<PageHtml | null> {
      loading ??= load()
      const loaded = await loading
      if (loaded === null) return null
      const cached = cache.get(url)
      if (cached !== undefined && (await isCurrent(cached))) {
        remember(url, cached)
        return cached.page
      }
      try {
        const page = await loaded.entry.renderPage({ url, baseUrl: deps.publicUrl, fetch: contentFetch })
        if (page === null) {
          cache.delete(url)
          return null
        }
        const html = await compressed(pageHtml(loaded.template, page, loaded.manifest))
        const versions = new Map(
          Object.entries(page.responses).map(([path, body]) => [path, versionOf(body)]),
        )
        remember(url, { page: html, versions })
        return html
      } catch (error) {
        // The SPA still works without the prerendered HTML: serve it and keep the failure visible in the log.
        deps.log.error({ err: error, url }, 'prerendering failed')
        return null
      }
    },
  }
}

export type PrerenderService = ReturnType<typeof createPrerenderService>
