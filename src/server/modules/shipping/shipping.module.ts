import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '#server/db/db.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { createShippingRepo } from '#server/modules/shipping/shipping.repo.ts'
import { createShippingRoutes } from '#server/modules/shipping/shipping.routes.ts'
import { createShippingService, type ShippingService } from '#server/modules/shipping/shipping.service.ts'

export interface ShippingModule {
  plugin: FastifyPluginAsync
  service: ShippingService
}

/** The countries shipped to and their costs (the same for every white label). */
export function createShippingModule(deps: { db: Db; context: RequestContextResolver }): ShippingModule {
  const service = createShippingService(createShippingRepo(deps.db))
  return { plugin: createShippingRoutes({ shipping: service, context: deps.context }), service }
}
