import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '#server/db/db.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { createPostalLookup } from '#server/modules/shipping/postal-lookup.ts'
import { createShippingRepo } from '#server/modules/shipping/shipping.repo.ts'
import { createShippingRoutes } from '#server/modules/shipping/shipping.routes.ts'
import { createShippingService, type ShippingService } from '#server/modules/shipping/shipping.service.ts'

export interface ShippingModule {
  plugin: FastifyPluginAsync
  service: ShippingService
}

/** The countries shipped to and their costs (the same for every white label), and the postal-code lookup. */
export function createShippingModule(deps: {
  db: Db
  context: RequestContextResolver
  /** POSTAL_LOOKUP_URL; undefined: the lookup answers no city without calling out. */
  postalLookupUrl?: string | undefined
}): ShippingModule {
  const service = createShippingService(
    createShippingRepo(deps.db),
    createPostalLookup({ url: deps.postalLookupUrl }),
  )
  return { plugin: createShippingRoutes({ shipping: service, context: deps.context }), service }
}
