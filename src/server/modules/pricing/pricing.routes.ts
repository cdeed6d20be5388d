import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { PRICING_BATCH_PATH, PricingBatchResponseSchema } from '#shared/contracts/pricing.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import { serializationSchema } from '#server/http/serialization-schema.ts'
import type { PricingAnswers } from '#server/modules/pricing/pricing-answers.plugin.ts'
import { answerJson, type ContractSerializer } from '#server/modules/pricing/pricing-answer-json.ts'
import { parsePricingBatchRequest } from '#server/modules/pricing/pricing-request.ts'
import { responseOf, type PricingService } from '#server/modules/pricing/pricing.service.ts'

export { PRICING_BATCH_PATH } from '#shared/contracts/pricing.contract.ts'

/**
 * The response contract as JSON Schema, for the OpenAPI description and, outside production, for the check of every
 * answer against the serialiser Fastify compiles from it (pricing-answer-json.ts, decision 0144). Each evaluation
 * group's result is in the answer once (decision 0136), so the answer is a few hundred bytes per group instead of a
 * full line per configuration.
 */
const RESPONSE_JSON_SCHEMA = serializationSchema(
  z.toJSONSchema(PricingBatchResponseSchema, { target: 'draft-7' }) as Record<string, unknown>,
)

/** The route's options: the response contract's schema (OpenAPI, and the check of every answer outside production). */
export const PRICING_ROUTE_SCHEMA = { response: { 200: RESPONSE_JSON_SCHEMA } }

/** Fastify's serialiser (fast-json-stringify) of the route's 200 answer, from a reply of the route. */
function serializerOf(reply: FastifyReply): ContractSerializer {
  return reply.getSerializationFunction('200') ?? reply.compileSerializationSchema(RESPONSE_JSON_SCHEMA)
}

export function createPricingRoutes(deps: {
  pricing: PricingService
  /** The answer cache and its body parser (pricing-answers.plugin.ts): a hit never reaches the route. */
  answers: PricingAnswers
  /**
   * Check every answer against its contract and its contract's serialiser (tests, development); production skips
   * both on this hot path.
   */
  validateResponses: boolean
}): FastifyPluginAsync {
  const { pricing, answers } = deps
  // The contract's serialiser, for the check: compiled on the first request (it needs a reply of the route), then kept.
  let contract: ContractSerializer | undefined
  const contractOf = (reply: FastifyReply) =>
    deps.validateResponses ? (contract ??= serializerOf(reply)) : undefined
  return async (app) => {
    await app.register(answers.plugin)
    app.post(PRICING_BATCH_PATH, { schema: PRICING_ROUTE_SCHEMA }, async (request, reply) => {
      // Strict: a price, a volume or any other unknown field is a 400, never read.
      const body = parsePricingBatchRequest(request.body)
      const { batch, basis } = await pricing.priceBatchLines(answers.whiteLabelOf(request).id, body)
      const answer = responseOf(batch)
      if (deps.validateResponses) parseResponse(PricingBatchResponseSchema, answer)
      // The text as it is: the answer cache encodes it to bytes only if it keeps it (decision 0139).
      return answers.send(request, reply, answerJson(answer, contractOf(reply)), basis)
    })
  }
}
