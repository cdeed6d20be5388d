import type { FastifyPluginAsync } from 'fastify'
import { fastifyPathOf } from '#shared/contracts/api-route.ts'
import {
  POSTAL_CODE_LOOKUP_PATH,
  PostalCodeParamsSchema,
  PostalCodeResponseSchema,
} from '#shared/contracts/checkout.contract.ts'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { ShippingService } from '#server/modules/shipping/shipping.service.ts'

const POSTAL_LOOKUPS_PER_MINUTE = 30

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

    // Each lookup may call a third party: a shopper types a few postal codes, not hundreds a minute.
    const lookupRoute = { config: { rateLimit: { max: POSTAL_LOOKUPS_PER_MINUTE, timeWindow: 60_000 } } }
    app.get(fastifyPathOf({ path: POSTAL_CODE_LOOKUP_PATH }), lookupRoute, async (request, reply) => {
      await deps.context(request)
      const { country, code } = PostalCodeParamsSchema.parse(request.params)
      const answer = await deps.shipping.cityOf(country, code.trim())
      // The browser may keep an answer for a while too (the same postal code typed again).
      void reply.header('cache-control', 'private, max-age=3600')
      return parseResponse(PostalCodeResponseSchema, answer)
    })
  }
}
