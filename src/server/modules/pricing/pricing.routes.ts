import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { PRICING_BATCH_PATH, PricingBatchResponseSchema } from '#shared/contracts/pricing.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import { serializationSchema } from '#server/http/serialization-schema.ts'
import type { PricingAnswers } from '#server/modules/pricing/pricing-answers.plugin.ts'
import { parsePricingBatchRequest } from '#server/modules/pricing/pricing-request.ts'
import type { PricingService } from '#server/modules/pricing/pricing.service.ts'

export { PRICING_BATCH_PATH } from '#shared/contracts/pricing.contract.ts'

/**
 * The response contract as JSON Schema: Fastify compiles it into a serializer (fast-json-stringify) that writes only
 * the fields the contract names. It builds its string by concatenation, and taking the byte length for the header
 * flattens it: counted together, about what JSON.stringify costs for this answer (session 4, a 12 KB answer).
 */
const RESPONSE_JSON_SCHEMA = serializationSchema(
  z.toJSONSchema(PricingBatchResponseSchema, { target: 'draft-7' }) as Record<string, unknown>,
)

export function createPricingRoutes(deps: {
  pricing: PricingService
  /** The answer cache and its body parser (pricing-answers.plugin.ts): a hit never reaches the route. */
  answers: PricingAnswers
  /** Check every answer against its contract (tests, development); production skips it on this hot path. */
  validateResponses: boolean
}): FastifyPluginAsync {
  const { pricing, answers } = deps
  return async (app) => {
    await app.register(answers.plugin)
    app.post(
      PRICING_BATCH_PATH,
      { schema: { response: { 200: RESPONSE_JSON_SCHEMA } } },
      async (request, reply) => {
        // Strict: a price, a volume or any other unknown field is a 400, never read.
        const body = parsePricingBatchRequest(request.body)
        const { answer, basis } = await pricing.priceBatchWithBasis(answers.whiteLabelOf(request).id, body)
        const checked = deps.validateResponses ? parseResponse(PricingBatchResponseSchema, answer) : answer
        return answers.send(request, reply, checked, basis)
      },
    )
  }
}
