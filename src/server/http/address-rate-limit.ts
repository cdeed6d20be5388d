import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { normalizeIP } from '@fastify/rate-limit'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'

/**
 * The shop-wide limit of requests per client address and minute (decision 0143). Routes with a limit of their own
 * (`config: { rateLimit: { … } }`, counted by @fastify/rate-limit) and routes without one (`rateLimit: false`: the
 * health checks, the analysis poll) are left to that setting, as before.
 *
 * Why not @fastify/rate-limit's global hook: it costs about 9 µs of a new pricing request's 130 µs (an async hook
 * with two promises, an LRU move, the IPv6 test of every address; interleaved A/B, issue 18). This counter is one
 * synchronous hook and one Map per window.
 */

/** Requests per minute and address by default: generous, it only stops floods. */
export const SHOP_RATE_LIMIT_PER_MINUTE = 1_000

export interface AddressWindowOptions {
  max: number
  windowMs: number
  /** Addresses counted per window at most; the next ones pass uncounted until the window ends (default 100,000). */
  maxAddresses?: number
  now?: () => number
}

export interface AddressCount {
  allowed: boolean
  remaining: number
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number
}

export interface AddressWindow {
  /** Counts one request of `address`. */
  hit(address: string): AddressCount
}

/**
 * A fixed window shared by all addresses: every count starts again when it ends, so memory is one Map entry per
 * address seen in the current window. A flood of distinct addresses beyond `maxAddresses` is not counted rather
 * than growing the Map without bound (an address limit cannot stop such a flood anyway).
 */
export function createAddressWindow(options: AddressWindowOptions): AddressWindow {
  const { max, windowMs } = options
  const maxAddresses = options.maxAddresses ?? 100_000
  const now = options.now ?? Date.now
  const counts = new Map<string, number>()
  let windowEnd = 0

  return {
    hit(address) {
      const at = now()
      if (at >= windowEnd) {
        counts.clear()
        windowEnd = at + windowMs
      }
      const resetSeconds = Math.max(1, Math.ceil((windowEnd - at) / 1000))
      const previous = counts.get(address)
      if (previous === undefined && counts.size >= maxAddresses) {
        return { allowed: true, remaining: max, resetSeconds }
      }
      const count = (previous ?? 0) + 1
      counts.set(address, count)
      return { allowed: count <= max, remaining: Math.max(0, max - count), resetSeconds }
    },
  }
}

/**
 * The key of a client address: IPv4 as it is, IPv6 by its /64 subnet and IPv4-mapped IPv6 as IPv4, as
 * @fastify/rate-limit keys it (its `normalizeIP`), so one IPv6 host cannot rotate through its own addresses.
 */
export function addressKey(ip: string): string {
  return ip.includes(':') ? normalizeIP(ip) : ip
}

/** True when the route leaves the count to its own `rateLimit` setting (a stricter limit, or none). */
function hasOwnLimit(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { rateLimit?: unknown } | undefined
  return config?.rateLimit !== undefined
}

function limitHeaders(reply: FastifyReply, max: number, count: AddressCount): void {
  reply.header('x-ratelimit-limit', max)
  reply.header('x-ratelimit-remaining', count.remaining)
  reply.header('x-ratelimit-reset', count.resetSeconds)
}

/** Registers the limit as an onRequest hook of `app`: every route, and the not-found handler, behind it. */
export function registerAddressRateLimit(app: FastifyInstance, options: AddressWindowOptions): void {
  const window = createAddressWindow(options)
  app.addHook('onRequest', (request, reply, done) => {
    if (hasOwnLimit(request)) return done()
    const count = window.hit(addressKey(request.ip))
    limitHeaders(reply, options.max, count)
    if (count.allowed) return done()
    reply.header('retry-after', count.resetSeconds)
    done(new AppError(ErrorCode.RateLimited, `Too many requests, retry in ${count.resetSeconds} s`))
  })
}
