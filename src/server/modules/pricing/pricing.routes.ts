import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { PRICING_BATCH_PATH, PricingBatchResponseSchema } from '#shared/contracts/pricing.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import { serializationSchema } from '#server/http/serialization-schema.ts'
import type { PricingAnswers } from '#server/modules/pricing/pricing-answers.plugin.ts'
import { parsePricingBatchRequest } from '#server/modules/pricing/pricing-request.ts'
import { answerOf, type PricingService } from '#server/modules/pricing/pricing.service.ts'
import {
  createPricingAnswerWriter,
  type PricingAnswerSerializers,
} from '#server/modules/pricing/pricing-answer-json.ts'

export { PRICING_BATCH_PATH } from '#shared/contracts/pricing.contract.ts'

/**
 * The response contract as JSON Schema: Fastify compiles it into a serializer (fast-json-stringify) that writes only
 * the fields the contract names. It builds its string by concatenation, and taking the byte length for the header
 * flattens it: counted together, about what JSON.stringify costs for this answer (session 4, a 12 KB answer).
 */
const RESPONSE_JSON_SCHEMA = serializationSchema(
  z.toJSONSchema(PricingBatchResponseSchema, { target: 'draft-7' }) as Record<string, unknown>,
)

/** A part of the response schema, compiled alike for the group-wise writer (pricing-answer-json.ts). */
function partOf(name: string, items = false): Record<string, unknown> {
  const properties = RESPONSE_JSON_SCHEMA.properties as Record<string, Record<string, unknown>>
  const part = properties[name]!
  return items ? (part.items as Record<string, unknown>) : part
}
const LINE_JSON_SCHEMA = partOf('prices', true)
const SELECTED_JSON_SCHEMA = partOf('printabilityForSelected')
const ALL_JSON_SCHEMA = partOf('printabilityForAll')

/** Fastify's serialiser compiler (fast-json-stringify) for the answer and its parts, from a reply of the route. */
export function pricingAnswerSerializersOf(reply: FastifyReply): PricingAnswerSerializers {
  return {
    answer: reply.getSerializationFunction('200') ?? reply.compileSerializationSchema(RESPONSE_JSON_SCHEMA),
    line: reply.compileSerializationSchema(LINE_JSON_SCHEMA),
    selected: reply.compileSerializationSchema(SELECTED_JSON_SCHEMA),
    all: reply.compileSerializationSchema(ALL_JSON_SCHEMA),
  }
}

/** The route's options: the response contract as the serialiser's schema. */
export const PRICING_ROUTE_SCHEMA = { response: { 200: RESPONSE_JSON_SCHEMA } }

export function createPricingRoutes(deps: {
  pricing: PricingService
  /** The answer cache and its body parser (pricing-answers.plugin.ts): a hit never reaches the route. */
  answers: PricingAnswers
  /** Check every answer against its contract (tests, development); production skips it on this hot path. */
  validateResponses: boolean
}): FastifyPluginAsync {
  const { pricing, answers } = deps
  // With response validation on (tests, development) every answer's bytes are also compared with the whole serialiser.
  const writer = createPricingAnswerWriter({ checkAll: deps.validateResponses })
  // Compiled on the first request (they need a reply of the route), then kept.
  let serializers: PricingAnswerSerializers | undefined
  return async (app) => {
    await app.register(answers.plugin)
    app.post(PRICING_BATCH_PATH, { schema: PRICING_ROUTE_SCHEMA }, async (request, reply) => {
      // Strict: a price, a volume or any other unknown field is a 400, never read.
      const body = parsePricingBatchRequest(request.body)
      const { batch, basis } = await pricing.priceBatchLines(answers.whiteLabelOf(request).id, body)
      if (deps.validateResponses) parseResponse(PricingBatchResponseSchema, answerOf(batch))
      return answers.send(
        request,
        reply,
        writer.write(batch, (serializers ??= pricingAnswerSerializersOf(reply))),
        basis,
      )
    })
  }
}
