import type { FastifyPluginAsync } from 'fastify'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { ShippingService } from '#server/modules/shipping/shipping.service.ts'

export function createShippingRoutes(deps: {
  shipping: ShippingService
  context: RequestContextResolver
}): FastifyPluginAsync {
  return async (app) => {
    app.get(SHIPPING_COUNTRIES_PATH, async (request) => {
      // Shipping is the same for every white label, but the API key is still checked (401 for unknown keys).
      const { locale } = await deps.context(request)
      return parseResponse(GetShippingCountriesResponseSchema, await deps.shipping.getCountries(locale))
    })
  }
}
