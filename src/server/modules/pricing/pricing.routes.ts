import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { PricingBatchResponseSchema } from '#shared/contracts/pricing.contract.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { parseResponse } from '#server/http/respond.ts'
import { serializationSchema } from '#server/http/serialization-schema.ts'
import { parsePricingBatchRequest } from '#server/modules/pricing/pricing-request.ts'
import type { PricingService } from '#server/modules/pricing/pricing.service.ts'

export const PRICING_BATCH_PATH = '/api/pricing/batch-calculations'

/**
 * The response contract as JSON Schema: Fastify compiles it into a serializer (fast-json-stringify), about twice as
 * fast as JSON.stringify for this answer, and it writes only the fields the contract names.
 */
const RESPONSE_JSON_SCHEMA = serializationSchema(
  z.toJSONSchema(PricingBatchResponseSchema, { target: 'draft-7' }) as Record<string, unknown>,
)

export function createPricingRoutes(deps: {
  pricing: PricingService
  context: RequestContextResolver
  /** Check every answer against its contract (tests, development); production skips it on this hot path. */
  validateResponses: boolean
}): FastifyPluginAsync {
  return async (app) => {
    app.post(PRICING_BATCH_PATH, { schema: { response: { 200: RESPONSE_JSON_SCHEMA } } }, async (request) => {
      const { whiteLabel } = await deps.context(request)
      // Strict: a price, a volume or any other unknown field is a 400, never read.
      const body = parsePricingBatchRequest(request.body)
      const answer = await deps.pricing.priceBatch(whiteLabel.id, body)
      return deps.validateResponses ? parseResponse(PricingBatchResponseSchema, answer) : answer
    })
  }
}
