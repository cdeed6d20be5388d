import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Config } from '#server/config/env.ts'
import { registerAddressRateLimit, SHOP_RATE_LIMIT_PER_MINUTE } from '#server/http/address-rate-limit.ts'
import { clientErrorHandler } from '#server/http/client-errors.ts'
import { EDGE_TIMEOUTS, type EdgeTimeouts, edgeTimeoutOptions } from '#server/http/edge-timeouts.ts'
import { errorHandler } from '#server/http/error-handler.ts'
import { createForwardedForWarning } from '#server/http/forwarded-for-warning.ts'
import { RequestLog } from '#server/http/request-log.ts'
import { registerSecurityHeaders } from '#server/http/security-headers.ts'

/** The shared HTTP plugins every module's routes sit behind (src/server/app.ts composes them with the modules). */

export interface HttpOptions {
  logger?: FastifyServerOptions['logger']
  /** Requests per minute and address; generous, it only stops floods. */
  rateLimitPerMinute?: number
  /** How long the edge waits for slow clients (edge-timeouts.ts); tests shorten them. */
  timeouts?: EdgeTimeouts
}

export function createFastify(config: Config, options: HttpOptions): FastifyInstance {
  const { trustProxy } = config
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per answered request, at a level that says whether it needs a look (request-log.ts).
    logController: new RequestLog(),
    // Uploads have their own multipart limits; JSON bodies stay small.
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    ...edgeTimeoutOptions(options.timeouts ?? EDGE_TIMEOUTS),
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
  return app
}

function originOf(url: string | undefined): string[] {
  return url === undefined ? [] : [new URL(url).origin]
}

export function registerAppSecurityHeaders(app: FastifyInstance, config: Config): void {
  // The postal-code service is asked by the server, never by the browser (decision 0099): not in the CSP.
  const external = [...originOf(config.cmsUrl)]
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
}

/** The window of both rate limits: their limits are per minute. */
const ONE_MINUTE_MS = 60_000

/**
 * Signed cookies (sessions, the visitor cookie) and the per-address rate limits: the shop-wide one
 * (address-rate-limit.ts) and @fastify/rate-limit for the routes with a limit of their own.
 */
export async function registerCookiesAndRateLimit(
  app: FastifyInstance,
  config: Config,
  rateLimitPerMinute: number | undefined,
): Promise<void> {
  await app.register(fastifyCookie, { secret: config.sessionSecret })
  const max = rateLimitPerMinute ?? SHOP_RATE_LIMIT_PER_MINUTE
  registerAddressRateLimit(app, { max, windowMs: ONE_MINUTE_MS })
  await app.register(fastifyRateLimit, {
    // Only the routes that name their own limit: the shop-wide one is the hook above (decision 0143).
    global: false,
    max,
    timeWindow: ONE_MINUTE_MS,
    errorResponseBuilder: (_request, context) =>
      new AppError(ErrorCode.RateLimited, `Too many requests, retry in ${context.after}`),
  })
}
