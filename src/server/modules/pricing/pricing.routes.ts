import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import {
  PRICING_BATCH_PATH,
  PricingBatchResponseSchema,
  type PricingBatchResponse,
} from '#shared/contracts/pricing.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import { serializationSchema } from '#server/http/serialization-schema.ts'
import type { PricingAnswers } from '#server/modules/pricing/pricing-answers.plugin.ts'
import { parsePricingBatchRequest } from '#server/modules/pricing/pricing-request.ts'
import { responseOf, type PricingService } from '#server/modules/pricing/pricing.service.ts'

export { PRICING_BATCH_PATH } from '#shared/contracts/pricing.contract.ts'

/**
 * The response contract as JSON Schema: Fastify compiles it into a serializer (fast-json-stringify) that writes only
 * the fields the contract names. Each evaluation group's result is in the answer once (decision 0136), so the
 * answer is a few hundred bytes per group instead of a full line per configuration.
 */
const RESPONSE_JSON_SCHEMA = serializationSchema(
  z.toJSONSchema(PricingBatchResponseSchema, { target: 'draft-7' }) as Record<string, unknown>,
)

/** The route's options: the response contract as the serialiser's schema. */
export const PRICING_ROUTE_SCHEMA = { response: { 200: RESPONSE_JSON_SCHEMA } }

type Serialize = (answer: PricingBatchResponse) => string

/** Fastify's serialiser (fast-json-stringify) of the route's 200 answer, from a reply of the route. */
function serializerOf(reply: FastifyReply): Serialize {
  return reply.getSerializationFunction('200') ?? reply.compileSerializationSchema(RESPONSE_JSON_SCHEMA)
}

export function createPricingRoutes(deps: {
  pricing: PricingService
  /** The answer cache and its body parser (pricing-answers.plugin.ts): a hit never reaches the route. */
  answers: PricingAnswers
  /** Check every answer against its contract (tests, development); production skips it on this hot path. */
  validateResponses: boolean
}): FastifyPluginAsync {
  const { pricing, answers } = deps
  // Compiled on the first request (it needs a reply of the route), then kept.
  let serialize: Serialize | undefined
  return async (app) => {
    await app.register(answers.plugin)
    app.post(PRICING_BATCH_PATH, { schema: PRICING_ROUTE_SCHEMA }, async (request, reply) => {
      // Strict: a price, a volume or any other unknown field is a 400, never read.
      const body = parsePricingBatchRequest(request.body)
      const { batch, basis } = await pricing.priceBatchLines(answers.whiteLabelOf(request).id, body)
      const answer = responseOf(batch)
      if (deps.validateResponses) parseResponse(PricingBatchResponseSchema, answer)
      // The serialiser's text as it is: the answer cache encodes it to bytes only if it keeps it (decision 0139).
      return answers.send(request, reply, (serialize ??= serializerOf(reply))(answer), basis)
    })
  }
}
