import { createHmac } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isId } from '#shared/contracts/common.contract.ts'
import { newId } from '#server/db/ids.ts'

/**
 * Who uploads a 3D file (decision 0076): a visitor, known by a random id in a signed, HttpOnly, SameSite=Lax cookie
 * set with the first upload, and the client address, kept only as a keyed hash for the daily quota (0077). The
 * visitor who uploaded a file is its owner: only a request with the same cookie may change it.
 */

/** A year: an upload is kept 30 days by default, and an object in a cart as long as the cart. */
const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

/** The visitor cookie's name: with `__Host-` (Secure, Path=/, no Domain) behind HTTPS, like the session cookie. */
export function visitorCookieName(secure: boolean): string {
  return secure ? '__Host-schichtwerk-visitor' : 'schichtwerk-visitor'
}

export interface Uploader {
  visitorId: string
  /** HMAC of the client address: the same address gives the same key, the key does not give the address. */
  addressKey: string
}

export function createUploaderIdentity(options: { secret: string; secureCookie: boolean }) {
  const cookieName = visitorCookieName(options.secureCookie)

  function visitorOf(request: FastifyRequest): string | undefined {
    const raw = request.cookies[cookieName]
    if (raw === undefined) return undefined
    const unsigned = request.unsignCookie(raw)
    return unsigned.valid && isId(unsigned.value) ? unsigned.value : undefined
  }

  return {
    /** The visitor id of a validly signed cookie; undefined without one (or with a forged one). */
    visitorOf,

    /** The uploader of a request; a visitor without a (valid) cookie gets a new id and the cookie with the answer. */
    uploaderOf(request: FastifyRequest, reply: FastifyReply): Uploader {
      let visitorId = visitorOf(request)
      if (visitorId === undefined) {
        visitorId = newId()
        reply.setCookie(cookieName, visitorId, {
          signed: true,
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookie,
          maxAge: VISITOR_COOKIE_MAX_AGE_S,
        })
      }
      const addressKey = createHmac('sha256', options.secret)
        .update(`upload-address:${request.ip}`)
        .digest('base64url')
      return { visitorId, addressKey }
    },
  }
}
export type UploaderIdentity = ReturnType<typeof createUploaderIdentity>
