import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import { LEGACY_CONTACT_FORM_PATH } from '#shared/contracts/contact.contract.ts'
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
export function isCrossOrigin(
  request: FastifyRequest,
  publicOrigin: string,
  options: { allowSameSite?: boolean } = {},
): boolean {
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string') {
    if (options.allowSameSite === true && site === 'same-site') return false
    return site !== 'same-origin' && site !== 'none'
  }
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

/**
 * Routes a page of a sibling subdomain (`Sec-Fetch-Site: same-site`) may post to: the legacy form endpoint, which
 * static forms on other hosts of the shop's site submit to (decision 0076). Only the browser's Sec-Fetch-Site
 * says "same site"; a browser that sends only Origin passes when that is the shop's own origin.
 */
const SAME_SITE_ROUTES: ReadonlySet<string> = new Set([LEGACY_CONTACT_FORM_PATH])

export interface GuardedRoute {
  method: string
  url: string
}

const guardedRoutesOf = new WeakMap<FastifyInstance, GuardedRoute[]>()

/**
 * The one same-origin guard of the app (decision 0076): an `onRequest` hook on the root instance, so every
 * POST/PUT/PATCH/DELETE (every route a module adds, and unknown paths) is refused with 403 forbidden when a page of
 * another site sent it, before its body is read. Register it before any route. It also records the state-changing
 * routes it guards ({@link guardedRoutes}), for the sweep that proves no route escapes it.
 */
export function registerSameOriginGuard(app: FastifyInstance, publicOrigin: string): void {
  const routes: GuardedRoute[] = []
  guardedRoutesOf.set(app, routes)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) if (STATE_CHANGING.has(method)) routes.push({ method, url: route.url })
  })
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise and a turn of
  // the microtask queue each time (decision 0152).
  app.addHook('onRequest', (request, _reply, done) => {
    if (STATE_CHANGING.has(request.method) && isRefusedCrossOrigin(request, publicOrigin)) {
      done(new AppError(ErrorCode.Forbidden, 'Cross-origin request refused'))
      return
    }
    done()
  })
}

/**
 * Cross-origin, unless a page of the same site posts to a route that allows it. The route's options are read only
 * for a cross-origin request: Fastify builds a new object on every read of `routeOptions`.
 */
function isRefusedCrossOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  if (!isCrossOrigin(request, publicOrigin)) return false
  if (!SAME_SITE_ROUTES.has(request.routeOptions.url ?? '')) return true
  return isCrossOrigin(request, publicOrigin, { allowSameSite: true })
}

/** The state-changing routes registered after {@link registerSameOriginGuard} on `app` (empty without it). */
export function guardedRoutes(app: FastifyInstance): readonly GuardedRoute[] {
  return guardedRoutesOf.get(app) ?? []
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
