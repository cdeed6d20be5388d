import type { FastifyPluginAsync } from 'fastify'
import { OPENAPI_PATH } from '#shared/contracts/api-routes.ts'
import { JSON_CONTENT_TYPE } from '#server/http/respond.ts'
import type { OpenapiService } from '#server/modules/openapi/openapi.service.ts'

/** `GET /api/openapi.json`: the description, serialised once; the app's same-origin guard and rate limit apply. */
export function createOpenapiRoutes(deps: { openapi: OpenapiService }): FastifyPluginAsync {
  return async (app) => {
    app.get(OPENAPI_PATH, async (_request, reply) =>
      reply.type(JSON_CONTENT_TYPE).header('cache-control', 'public, max-age=300').send(deps.openapi.json()),
    )
  }
}
