import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Queryable } from '#server/db/db.ts'
import { createAuthRoutes } from '#server/modules/auth/auth.routes.ts'
import { createAuthService, type AuthService } from '#server/modules/auth/auth.service.ts'
import { createRequireStaff, sessionCookieName } from '#server/modules/auth/request-guards.ts'
import { createSessionRepo } from '#server/modules/auth/session.repo.ts'

export interface AuthModule {
  auth: AuthService
  /** Pre-handler for staff routes: 403 cross-origin, 401 anonymous, 403 customer. */
  requireStaff: ReturnType<typeof createRequireStaff>
  routes: FastifyPluginAsync
}

/** Sessions and the staff guard (docs/decisions/0052-session-mechanism.md), composed for app.ts. */
export function createAuthModule(deps: { db: Queryable; config: Config }): AuthModule {
  const secure = deps.config.publicUrl.startsWith('https://')
  const cookieName = sessionCookieName(secure)
  const publicOrigin = new URL(deps.config.publicUrl).origin
  const auth = createAuthService(createSessionRepo(deps.db))
  return {
    auth,
    requireStaff: createRequireStaff({ auth, publicOrigin, cookieName }),
    routes: createAuthRoutes({ auth, cookieName, secureCookie: secure, publicOrigin }),
  }
}
