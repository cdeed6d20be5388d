import type { Server } from 'node:http'
import type { FastifyHttpOptions } from 'fastify'

/**
 * How long the HTTP edge waits for a client (decision 0074). A slow but steady phone must finish a 100 MB upload;
 * a client that dribbles its headers or stops sending its body must not hold a connection. So the bounds are on
 * silence and on headers, and the total is only a backstop sized for the slowest honest upload:
 *
 * - headers: the whole header block within 15 s (Node's default is 60 s);
 * - idle: 30 s without a byte in either direction closes the socket, at any stage; a steady body keeps resetting it;
 * - request: the whole request (headers and body) within 1 h: 100 MB at 250 kbit/s (a weak 3G uplink) is 54 min;
 * - keep-alive: an idle connection between requests is kept 65 s, longer than the 60 s after which common reverse
 *   proxies and load balancers drop theirs, so a proxy never reuses a connection this server is closing;
 * - check interval: Node enforces headers and request timeouts on a sweep; 1 s keeps them close to their bounds.
 */
export interface EdgeTimeouts {
  headersMs: number
  idleMs: number
  requestMs: number
  keepAliveMs: number
  checkIntervalMs: number
}

export const EDGE_TIMEOUTS: EdgeTimeouts = {
  headersMs: 15_000,
  idleMs: 30_000,
  requestMs: 3_600_000,
  keepAliveMs: 65_000,
  checkIntervalMs: 1_000,
}

/** The Fastify (and through `http`, Node server) options that enforce `timeouts`. */
export function edgeTimeoutOptions(
  timeouts: EdgeTimeouts,
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'http'> {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node also reads requestTimeout from here; both places say the same.
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  }
}
