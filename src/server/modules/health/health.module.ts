import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '#server/db/db.ts'
import { createHealthRoutes } from '#server/modules/health/health.routes.ts'
import { createHealthService, type HealthService } from '#server/modules/health/health.service.ts'

export interface HealthModule {
  plugin: FastifyPluginAsync
  service: HealthService
}

/** Health (the database answers) and liveness, for load balancers and the operator. */
export function createHealthModule(deps: { db: Pick<Db, 'kind' | 'query'> }): HealthModule {
  const service = createHealthService(deps.db)
  return { plugin: createHealthRoutes({ health: service }), service }
}
