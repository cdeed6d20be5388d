import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Queryable } from '#server/db/db.ts'
import { createAuthRoutes } from '#server/modules/auth/auth.routes.ts'
import { createAuthService, type AuthService } from '#server/modules/auth/auth.service.ts'
import {
  createHashQueue,
  DEFAULT_HASH_QUEUE,
  type HashQueueOptions,
} from '#server/modules/auth/hash-queue.ts'
import { createRequireStaff, sessionCookieName } from '#server/modules/auth/request-guards.ts'
import { createSessionRepo } from '#server/modules/auth/session.repo.ts'
import {
  createSignInThrottle,
  DEFAULT_SIGN_IN_THROTTLE,
  type SignInThrottleOptions,
} from '#server/modules/auth/sign-in-throttle.ts'

export {
  registerSameOriginGuard,
  sessionCookieName,
  staffUserOf,
} from '#server/modules/auth/request-guards.ts'

export interface AuthModule {
  /** Sign-in, sign-out and the session routes. */
  plugin: FastifyPluginAsync
  service: AuthService
  /** Pre-handler for staff routes: 403 cross-origin, 401 anonymous, 403 customer. */
  requireStaff: ReturnType<typeof createRequireStaff>
}

/** Bounds of sign-in (docs/decisions/0075-…); the defaults suit production, tests pass small ones. */
export interface SignInLimits {
  hashQueue?: HashQueueOptions
  throttle?: SignInThrottleOptions
}

/** Sessions and the staff guard (docs/decisions/0052-session-mechanism.md). */
export function createAuthModule(deps: { db: Queryable; config: Config; signIn?: SignInLimits }): AuthModule {
  const secure = deps.config.publicUrl.startsWith('https://')
  const cookieName = sessionCookieName(secure)
  const publicOrigin = new URL(deps.config.publicUrl).origin
  const auth = createAuthService(createSessionRepo(deps.db), {
    hashing: createHashQueue(deps.signIn?.hashQueue ?? DEFAULT_HASH_QUEUE),
    throttle: createSignInThrottle(deps.signIn?.throttle ?? DEFAULT_SIGN_IN_THROTTLE),
  })
  return {
    plugin: createAuthRoutes({ auth, cookieName, secureCookie: secure, publicOrigin }),
    service: auth,
    requireStaff: createRequireStaff({ auth, publicOrigin, cookieName }),
  }
}
