import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { THUMBNAILS_PATH } from '#shared/contracts/print-modes.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { clientErrorHandler } from '#server/http/client-errors.ts'
import { EDGE_TIMEOUTS, type EdgeTimeouts, edgeTimeoutOptions } from '#server/http/edge-timeouts.ts'
import { errorBody, errorHandler } from '#server/http/error-handler.ts'
import { createForwardedForWarning } from '#server/http/forwarded-for-warning.ts'
import { thumbnailCacheHeaders } from '#server/http/thumbnail-cache.ts'
import { createRequestContextResolver } from '#server/http/request-context.ts'
import { registerSecurityHeaders } from '#server/http/security-headers.ts'
import { createAnalysisRepo } from '#server/modules/analysis/analysis.repo.ts'
import { createAnalysisRoutes } from '#server/modules/analysis/analysis.routes.ts'
import { createUploaderIdentity } from '#server/modules/analysis/uploader-identity.ts'
import { createAuthModule } from '#server/modules/auth/auth.module.ts'
import { registerSameOriginGuard } from '#server/modules/auth/request-guards.ts'
import { createCartModelLookup } from '#server/modules/cart/cart-models.ts'
import { createCartModule } from '#server/modules/cart/cart.module.ts'
import { registerContentRoutes } from '#server/modules/content/content.routes.ts'
import { createContentService } from '#server/modules/content/content.service.ts'
import { createExternalCmsSource } from '#server/modules/content/external-cms.source.ts'
import { createCatalogueService } from '#server/modules/catalogue/catalogue.service.ts'
import { createHealthRoutes } from '#server/modules/health/health.routes.ts'
import { createHealthService } from '#server/modules/health/health.service.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import { createShippingRepo } from '#server/modules/shipping/shipping.repo.ts'
import { createShippingRoutes } from '#server/modules/shipping/shipping.routes.ts'
import { createShippingService } from '#server/modules/shipping/shipping.service.ts'
import { createUploadAdmission } from '#server/modules/retention/upload-admission.ts'
import type { AnalysedObjectRepo } from '#server/modules/pricing/analysed-object.repo.ts'
import { createCataloguePricing } from '#server/modules/pricing/pricing.module.ts'

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../../dist/client/', import.meta.url))

export interface AppDeps {
  config: Config
  db: Db
  mail: MailService
  /** The built SPA; defaults to dist/client. */
  clientDir?: string
  logger?: FastifyServerOptions['logger']
  /** Requests per minute and address; generous, it only stops floods. */
  rateLimitPerMinute?: number
  /** Where pricing reads analysed objects; defaults to the model_files table (tests pass a double). */
  analysedObjects?: AnalysedObjectRepo
  /** The analysis task runner of this process (main.ts), woken after each upload; absent: tasks wait for a poll. */
  analysisRunner?: { wake(): void; readonly owner: string }
  /** How long the edge waits for slow clients (edge-timeouts.ts); tests shorten them. */
  timeouts?: EdgeTimeouts
}

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? ''
  return path === '/api' || path.startsWith('/api/')
}

/** Built files live under /assets/; other public files (favicon, robots.txt) end in an extension. */
function isFilePath(url: string): boolean {
  const path = url.split('?', 1)[0]!
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(path)
}

function originOf(url: string | undefined): string[] {
  return url === undefined ? [] : [new URL(url).origin]
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

/**
 * Builds the HTTP application: plugins, the API modules, thumbnails and the SPA. Nothing listens and nothing
 * touches the database until a request arrives; main.ts composes it with the real dependencies, tests with theirs.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps
  const { trustProxy } = config
  const app = Fastify({
    logger: deps.logger ?? false,
    // Uploads have their own multipart limits; JSON bodies stay small.
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    ...edgeTimeoutOptions(deps.timeouts ?? EDGE_TIMEOUTS),
    // Errors before routing (bad URL encoding) and before a request exists (unparsable bytes, timeouts) answer in
    // the same error shape as everything else.
    frameworkErrors: errorHandler,
    clientErrorHandler,
    // A hop count as the function Fastify's types accept: trust that many proxies in front of this server.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  })

  app.setErrorHandler(errorHandler)
  if (trustProxy === false) app.addHook('onRequest', createForwardedForWarning(app.log))
  // Before every route: no module can forget it (decision 0076).
  registerSameOriginGuard(app, new URL(config.publicUrl).origin)

  const external = [...originOf(config.cmsUrl), ...originOf(config.postalLookupUrl)]
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No 'unsafe-inline' (decision 0074): React's style props and the 3D viewer's canvas sizing go through the
        // CSSOM, which CSP allows; what CSP blocks (<style> elements, style="" in markup) the app does not use.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...originOf(config.cmsUrl)],
        mediaSrc: ["'self'", 'blob:', ...originOf(config.cmsUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'blob:', ...external],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only behind HTTPS: on http://localhost it would break every asset request.
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    // The same as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
  })
  await app.register(fastifyCookie, { secret: config.sessionSecret })
  await app.register(fastifyRateLimit, {
    max: deps.rateLimitPerMinute ?? 1_000,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new AppError(ErrorCode.RateLimited, `Too many requests, retry in ${context.after}`),
  })

  const authModule = createAuthModule({ db, config })
  const cataloguePricing = createCataloguePricing({
    config,
    db,
    auth: authModule,
    ...(deps.analysedObjects === undefined ? {} : { analysedObjects: deps.analysedObjects }),
  })
  const context = createRequestContextResolver(cataloguePricing.whiteLabels)
  await app.register(createHealthRoutes({ health: createHealthService(db) }))
  await app.register(authModule.routes)
  await cataloguePricing.register(app, context)
  await app.register(
    createShippingRoutes({ shipping: createShippingService(createShippingRepo(db)), context }),
  )
  await app.register(
    createAnalysisRoutes({
      db,
      settings: config.analysis,
      ...(deps.analysisRunner === undefined ? {} : { runner: deps.analysisRunner }),
      identity: createUploaderIdentity({
        secret: config.sessionSecret,
        secureCookie: config.publicUrl.startsWith('https://'),
      }),
      admission: createUploadAdmission({
        db,
        limits: config.storage,
        uploadsDir: config.analysis.uploadsDir,
      }),
    }),
  )
  // The cart prices through the pricing endpoint's own service (one compiled-sheet cache, one analysed-object
  // cache) and reads 3D files through the analysis module.
  const cartPricing = cataloguePricing.pricing
  const cartCatalogue = createCatalogueService(cataloguePricing.cache)
  await app.register(
    createCartModule({
      db,
      config,
      context,
      pricing: {
        priceBatch: (whiteLabelId, request) => cartPricing.priceBatch(whiteLabelId, request),
        getPrintModes: (whiteLabelId, locale) => cartCatalogue.getPrintModes(whiteLabelId, locale),
        catalogueRevision: async () => (await cataloguePricing.cache.get()).revision,
      },
      models: createCartModelLookup(createAnalysisRepo(db)),
    }),
  )

  const content = createContentService({
    db,
    ...(config.cmsUrl === undefined
      ? {}
      : { externalCms: createExternalCmsSource({ baseUrl: config.cmsUrl }) }),
    mail: deps.mail,
    inbox: config.contactInbox,
    onMailError: (error, submissionId) =>
      app.log.error({ err: error, submissionId }, 'contact mail not sent'),
  })
  // Migrations run between buildApp and listen (main.ts, tests), so the pages are seeded when the app gets ready.
  app.addHook('onReady', async () => {
    await content.seedIfEmpty()
  })
  await registerContentRoutes(app, { content })

  mkdirSync(config.thumbnailsDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: config.thumbnailsDir,
    prefix: THUMBNAILS_PATH,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '1d',
    setHeaders: thumbnailCacheHeaders(config.thumbnailsDir),
  })

  const clientDir = resolve(deps.clientDir ?? DEFAULT_CLIENT_DIR)
  const hasSpa = existsSync(join(clientDir, 'index.html'))
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: 'index.html',
      dotfiles: 'deny',
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/; the rest (index.html, favicon) must be revalidated.
        const fingerprinted = path.startsWith(join(clientDir, 'assets'))
        reply.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
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
    // Every other page path belongs to the SPA's router.
    if (hasSpa) return reply.header('cache-control', 'no-cache').sendFile('index.html', clientDir)
    return reply.type('text/html; charset=utf-8').send(SPA_NOT_BUILT_PAGE)
  })

  return app
}
