import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { AuthService } from '#server/modules/auth/auth.service.ts'

/** The session cookie's name: with `__Host-` (which requires Secure, Path=/ and no Domain) behind HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-schichtwerk-session' : 'schichtwerk-session'
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * True for a request a browser sent from another origin (CSRF): `Sec-Fetch-Site` when the browser sends it
 * (anything but same-origin, or none for a user-typed request), otherwise the `Origin` header, which must be the
 * public origin or the origin the request was addressed to. Requests with neither header are not from a browser
 * page (curl, server-to-server) and cannot carry a victim's cookie across sites.
 */
export function isCrossOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none'
  const origin = request.headers.origin
  if (typeof origin !== 'string') return false
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`
}

export interface GuardDeps {
  auth: Pick<AuthService, 'authenticate'>
  /** PUBLIC_URL's origin. */
  publicOrigin: string
  cookieName: string
}

/** Refuses state-changing requests from another origin with 403 forbidden. */
export function createSameOriginGuard(publicOrigin: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (STATE_CHANGING.has(request.method) && isCrossOrigin(request, publicOrigin)) {
      throw new AppError(ErrorCode.Forbidden, 'Cross-origin request refused')
    }
  }
}

const staffUsers = new WeakMap<FastifyRequest, SessionUser>()

/** The staff member a `requireStaff` route runs for. */
export function staffUserOf(request: FastifyRequest): SessionUser {
  const user = staffUsers.get(request)
  if (user === undefined) throw new Error('staffUserOf called on a route without requireStaff')
  return user
}

/**
 * Pre-handler of every staff route: cross-origin state changes 403, no session 401 unauthorized, a customer 403
 * forbidden.
 */
export function createRequireStaff(deps: GuardDeps) {
  const sameOrigin = createSameOriginGuard(deps.publicOrigin)
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await sameOrigin(request, reply)
    const user = await deps.auth.authenticate(request.cookies[deps.cookieName])
    if (user === undefined) throw new AppError(ErrorCode.Unauthorized, 'Sign in as staff first')
    if (user.role !== 'staff') throw new AppError(ErrorCode.Forbidden, 'Staff only')
    staffUsers.set(request, user)
  }
}
