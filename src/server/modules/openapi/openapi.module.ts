import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import { sessionCookieName } from '#server/modules/auth/auth.module.ts'
import { visitorCookieName } from '#server/modules/analysis/analysis.module.ts'
import { createOpenapiRoutes } from '#server/modules/openapi/openapi.routes.ts'
import { createOpenapiService, type OpenapiService } from '#server/modules/openapi/openapi.service.ts'

/** The published API description (decision 0083): `GET /api/openapi.json`, built from the zod contracts. */

export interface OpenapiModule {
  plugin: FastifyPluginAsync
  service: OpenapiService
}

/** The version of the description; raise it when a contract changes in a way a partner must know about. */
export const API_VERSION = '1.0.0'

export function createOpenapiModule(deps: { config: Pick<Config, 'publicUrl'> }): OpenapiModule {
  const secure = deps.config.publicUrl.startsWith('https://')
  const service = createOpenapiService({
    publicUrl: deps.config.publicUrl,
    version: API_VERSION,
    sessionCookie: sessionCookieName(secure),
    visitorCookie: visitorCookieName(secure),
  })
  return { plugin: createOpenapiRoutes({ openapi: service }), service }
}
