import type { FastifyPluginAsync } from 'fastify'
import {
  HEALTH_PATH,
  HealthResponseSchema,
  LIVENESS_PATH,
  type LivenessResponse,
} from '#shared/contracts/health.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { HealthService } from '#server/modules/health/health.service.ts'

export function createHealthRoutes(deps: { health: HealthService }): FastifyPluginAsync {
  return async (app) => {
    // Health checks poll often; they must not eat the rate limit of the address they come from.
    app.get(HEALTH_PATH, { config: { rateLimit: false } }, async () =>
      parseResponse(HealthResponseSchema, await deps.health.check()),
    )
    const alive: LivenessResponse = { status: 'ok' }
    app.get(LIVENESS_PATH, { config: { rateLimit: false } }, async () => alive)
  }
}
