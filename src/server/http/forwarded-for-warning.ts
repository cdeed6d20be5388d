import type { FastifyBaseLogger, onRequestHookHandler } from 'fastify'

/**
 * Behind a reverse proxy with TRUST_PROXY off, every request comes from the proxy's address, so every per-address
 * limit (sign-in, uploads, the rate limit) becomes one limit for the whole shop. The server cannot tell a proxy from a
 * client forging the header, so it does not guess: it says so once, on the first request that carries
 * X-Forwarded-For, and the operator decides.
 */
export function createForwardedForWarning(log: FastifyBaseLogger): onRequestHookHandler {
  let warned = false
  // A callback hook, not an async one: it runs on every request (decision 0152).
  return (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true
      log.warn(
        { remoteAddress: request.socket.remoteAddress },
        'A request carries X-Forwarded-For but TRUST_PROXY is off: behind a reverse proxy every client shares the ' +
          "proxy's address and its rate limits. Set TRUST_PROXY to the proxy's address (see README, Deployment).",
      )
    }
    done()
  }
}
