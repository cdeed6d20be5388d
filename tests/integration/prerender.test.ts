import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRERENDER_DATA_ELEMENT_ID } from '#shared/prerender/prerender-entry.ts'
import { createContentService } from '#server/modules/content/content.service.ts'
import { buildSeedContent } from '#server/modules/content/seed/seed-content.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * Issue 18 (decision 0109): content pages come as HTML with their content, title, description and language, made by
 * the real SSR bundle (built here with `vite build --ssr`, as `npm run build` does) from the CMS pages in the
 * database; an edit in the CMS shows in the next answer.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

// The built index.html's shape: what the server fills in.
const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Schichtwerk – 3D-Druck online bestellen: Modell hochladen, konfigurieren, Preis sehen." />
    <title>Schichtwerk – 3D-Druck online</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

const MANIFEST = {
  'main.tsx': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
  'router/cms-routes.tsx': {
    file: 'assets/cms-routes-1.js',
    css: ['assets/forms-1.css'],
    imports: ['main.tsx'],
  },
}

/** The text of the first element with this tag (attributes allowed), without markup. */
const textOf = (html: string, tag: string) =>
  new RegExp(`<${tag}[^>]*>(.*?)</${tag}>`, 's').exec(html)?.[1]?.replace(/<[^>]+>/g, '')

const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]

describe('prerendered content pages', () => {
  let t: TestApp
  let buildDir: string
  let clientDir: string

  beforeAll(async () => {
    // Inside the repository: the bundle imports React and the router from node_modules, like dist/client-ssr does.
    mkdirSync(join(repoRoot, 'tmp'), { recursive: true })
    buildDir = mkdtempSync(join(repoRoot, 'tmp', 'prerender-test-'))
    clientDir = join(buildDir, 'client')
    mkdirSync(join(clientDir, '.vite'), { recursive: true })
    writeFileSync(join(clientDir, 'index.html'), TEMPLATE)
    writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
    execFileSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules/vite/bin/vite.js'),
        'build',
        '--ssr',
        'ssr/entry-server.tsx',
        '--logLevel',
        'error',
      ],
      { cwd: repoRoot, env: { ...process.env, CLIENT_DIR: clientDir }, stdio: 'pipe', timeout: 600_000 },
    )
    t = await createTestApp({ clientDir })
  }, 900_000)

  afterAll(async () => {
    await t?.close()
    rmSync(buildDir, { recursive: true, force: true })
  })

  const get = (url: string) => t.app.inject({ method: 'GET', url })

  it('answers /kontakt with the page heading, text, title, description and Open Graph tags in German', async () => {
    const response = await get('/kontakt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    const html = response.body
    expect(html).toContain('<html lang="de"')
    expect(textOf(html, 'title')).toBe('Kontakt – Schichtwerk')
    expect(textOf(html, 'h1')).toBe('Kontakt')
    expect(html).toContain('Wir antworten in der Regel innerhalb eines Werktags')
    const description =
      'Fragen zu Werkstoffen, Preisen oder Ihrer Bestellung? Schreiben Sie uns oder rufen Sie an.'
    expect(metaOf(html, 'name', 'description')).toBe(description)
    expect(metaOf(html, 'property', 'og:title')).toBe('Kontakt')
    expect(metaOf(html, 'property', 'og:description')).toBe(description)
    // The shell around it: header and footer, and the route chunk's stylesheet (index.html's own is not doubled).
    expect(html).toContain('<header class="site-header"')
    expect(html).toContain('<footer class="site-footer"')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/forms-1.css" />')
    expect(html.match(/assets\/index-1\.css/g)).toHaveLength(1)
    // Nothing in the page runs but the app's own files (the CSP has no nonce): only the JSON data element.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="module" crossorigin src="/assets/index-1.js">',
      `<script type="application/json" id="${PRERENDER_DATA_ELEMENT_ID}">`,
    ])
    expect(html).not.toMatch(/ style="/)
  })

  it('sends the page brotli or gzip compressed when the client takes it, with Vary', async () => {
    const plain = (await get('/kontakt')).body
    const br = await t.app.inject({
      method: 'GET',
      url: '/kontakt',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain)
    expect(br.rawPayload.length).toBeLessThan(plain.length / 2)
    const gz = await t.app.inject({ method: 'GET', url: '/kontakt', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain)
  })

  it('answers / and /en/ with the upload hero, the start page and the title in their language', async () => {
    const german = (await get('/')).body
    expect(german).toContain('<html lang="de"')
    expect(textOf(german, 'title')).toBe('Schichtwerk – 3D-Druck online bestellen')
    expect(textOf(german, 'h1')).toBe('3D-Druck online bestellen')
    expect(metaOf(german, 'name', 'description')).toBe(
      'Laden Sie Ihr 3D-Modell hoch, wählen Sie Werkstoff und Verfahren und sehen Sie sofort Preis und Lieferzeit.',
    )

    const english = await get('/en/')
    expect(english.statusCode).toBe(200)
    expect(english.body).toContain('<html lang="en"')
    expect(textOf(english.body, 'title')).toBe('Schichtwerk – Order 3D printing online')
    expect(textOf(english.body, 'h1')).toBe('Order 3D printing online')
    expect(metaOf(english.body, 'property', 'og:description')).toBe(
      'Upload your 3D model, choose material and process, and see price and delivery time at once.',
    )
  })

  it('shows a CMS edit in the next answer', async () => {
    const before = (await get('/kontakt')).body
    expect(textOf(before, 'title')).toBe('Kontakt – Schichtwerk')
    const seed = buildSeedContent().pages.find((page) => page.lang === 'de' && page.slug === 'kontakt')!
    await createContentService({ db: t.db }).savePage({
      ...seed,
      meta: { ...seed.meta, title: 'Schreiben Sie uns', description: 'Neu: Antwort binnen einer Stunde.' },
    })
    const after = (await get('/kontakt')).body
    expect(textOf(after, 'title')).toBe('Schreiben Sie uns – Schichtwerk')
    expect(metaOf(after, 'name', 'description')).toBe('Neu: Antwort binnen einer Stunde.')
    // The other language's page was not touched.
    expect(textOf((await get('/en/kontakt')).body, 'title')).toBe('Contact – Schichtwerk')
  })

  it("renders a first visit's cart, empty, in its language and kept out of search engines", async () => {
    for (const [url, title, empty] of [
      ['/cart', 'Warenkorb – Schichtwerk', 'Ihr Warenkorb ist leer.'],
      ['/en/cart', 'Cart – Schichtwerk', 'Your cart is empty.'],
    ] as const) {
      const html = (await get(url)).body
      expect(textOf(html, 'title'), url).toBe(title)
      expect(metaOf(html, 'name', 'robots'), url).toBe('noindex')
      expect(html, url).toContain(empty)
      // Marked as the server's, so that a stored cart hides "empty" until the SPA read the real one.
      expect(html, url).toMatch(/<section class="cart-page"[^>]*data-prerendered=""/)
      expect(html, url).toContain(PRERENDER_DATA_ELEMENT_ID)
    }
  })

  it('keeps the plain SPA for a path with no CMS page and for the app pages', async () => {
    for (const url of ['/gibt-es-nicht', '/login', '/payment-details']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('<div id="root"></div>')
      expect(response.body, url).not.toContain(PRERENDER_DATA_ELEMENT_ID)
    }
  })
})
