import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The guest access token of an order (commerce-reliability check 38): an HMAC of the order id with the server's
 * session secret, 256 bits as 43 base64url characters. Only its SHA-256 is stored; the token itself is derived
 * again when it must be handed out (a replayed placement, the payment provider's return URL), so nothing readable
 * in the database opens an order. Changing SESSION_SECRET invalidates every guest link (decision 0094).
 */
export function createOrderAccess(secret: string) {
  const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex')
  return {
    tokenOf(orderId: string): string {
      return createHmac('sha256', secret).update(`order-access:${orderId}`).digest('base64url')
    },
    hashOf,
    /** Constant-time comparison of a presented token with the stored hash. */
    matches(storedHash: string, token: string | undefined): boolean {
      if (token === undefined) return false
      const presented = Buffer.from(hashOf(token), 'hex')
      const stored = Buffer.from(storedHash, 'hex')
      return presented.length === stored.length && timingSafeEqual(presented, stored)
    },
  }
}
export type OrderAccess = ReturnType<typeof createOrderAccess>
