import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { THUMBNAILS_PATH } from '#shared/contracts/print-modes.contract.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { isApiPath } from '#server/http/api-path.ts'
import { errorBody } from '#server/http/error-handler.ts'
import { thumbnailCacheHeaders } from '#server/http/thumbnail-cache.ts'
import { DEFAULT_CLIENT_DIR } from '#server/runtime-paths.ts'

/** The built SPA's default folder. */
export { DEFAULT_CLIENT_DIR }

/** Built files live under /assets/; other public files (favicon, robots.txt) end in an extension. */
function isFilePath(url: string): boolean {
  const path = url.split('?', 1)[0]!
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(path)
}

/** A prerendered page, plain and compressed (decision 0109). */
export type RenderedPage = { html: string; br: Buffer; gzip: Buffer }

/** brotli when the client takes it, else gzip, else none (`q=0` refuses one). */
function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';', 1)[0]),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

const SPA_NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Schichtwerk</title></head>
<body>
<h1>Schichtwerk API is running</h1>
<p>The web app is not built yet. Run <code>npm run build</code> and restart the server,
or use <code>npm run dev</code> during development.</p>
</body>
</html>
`

/** Catalogue and cart preview images, under /api/thumbnails. */
export async function registerThumbnails(app: FastifyInstance, thumbnailsDir: string): Promise<void> {
  mkdirSync(thumbnailsDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: thumbnailsDir,
    prefix: THUMBNAILS_PATH,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '1d',
    setHeaders: thumbnailCacheHeaders(thumbnailsDir),
  })
}

/**
 * The built SPA and the not-found answers: an /api path or another method gets the error shape, a missing file a
 * plain 404, every other page path the SPA's index.html (or a hint page when the SPA is not built).
 */
export async function registerSpa(
  app: FastifyInstance,
  clientDirOption: string | undefined,
  /** A content page's HTML with its content in it (decision 0109); null: the plain index.html. */
  renderPage?: (url: string) => Promise<RenderedPage | null>,
): Promise<void> {
  const clientDir = resolve(clientDirOption ?? DEFAULT_CLIENT_DIR)
  const hasSpa = existsSync(join(clientDir, 'index.html'))
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // `/` is a page like any other: the not-found handler below answers it (prerendered when it can be).
      index: false,
      allowedPath: (path) => path !== '/',
      dotfiles: 'deny',
      // The build writes .br and .gz siblings of every text asset (src/server/http/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/; the rest (index.html, favicon) must be revalidated.
        const fingerprinted = path.startsWith(join(clientDir, 'assets'))
        reply.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  // Counted by the shop-wide address limit (an onRequest hook of the root, address-rate-limit.ts).
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    if (isApiPath(request.url) || !isPage) {
      const body = errorBody(
        ErrorCode.RouteNotFound,
        `No route ${request.method} ${request.url.split('?', 1)[0]}`,
      )
      return reply.code(404).send(body)
    }
    // A missing script or stylesheet (an old chunk name after a deploy) must fail as such: answered with
    // index.html the browser reports a MIME-type error instead of a failed load, and the page cannot tell why.
    if (isFilePath(request.url)) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not found')
    }
    // Every other page path belongs to the SPA's router; a content page comes with its HTML already in it.
    if (hasSpa) {
      const page = renderPage === undefined ? null : await renderPage(request.url)
      reply.header('cache-control', 'no-cache')
      if (page === null) return reply.sendFile('index.html', clientDir)
      const encoding = pickEncoding(request.headers['accept-encoding'])
      reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding')
      if (encoding === undefined) return reply.send(page.html)
      return reply.header('content-encoding', encoding).send(page[encoding])
    }
    return reply.type('text/html; charset=utf-8').send(SPA_NOT_BUILT_PAGE)
  })
}
