import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { PricingBatchResponseSchema } from '#shared/contracts/pricing.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { JSON_CONTENT_TYPE, parseResponse } from '#server/http/respond.ts'
import { serializationSchema } from '#server/http/serialization-schema.ts'
import { createPricingAnswerCache } from '#server/modules/pricing/pricing-answer-cache.ts'
import { parsePricingBatchRequest } from '#server/modules/pricing/pricing-request.ts'
import type { PricingService } from '#server/modules/pricing/pricing.service.ts'

export const PRICING_BATCH_PATH = '/api/pricing/batch-calculations'

/**
 * The response contract as JSON Schema: Fastify compiles it into a serializer (fast-json-stringify) that writes only
 * the fields the contract names. It builds its string by concatenation, and taking the byte length for the header
 * flattens it: counted together, about what JSON.stringify costs for this answer (session 4, a 12 KB answer).
 */
const RESPONSE_JSON_SCHEMA = serializationSchema(
  z.toJSONSchema(PricingBatchResponseSchema, { target: 'draft-7' }) as Record<string, unknown>,
)

/** A JSON request body as it arrived (tells it apart from a text/plain body, which Fastify also gives as a string). */
class JsonText {
  constructor(readonly text: string) {}
}

export function createPricingRoutes(deps: {
  pricing: PricingService
  context: RequestContextResolver
  /** Check every answer against its contract (tests, development); production skips it on this hot path. */
  validateResponses: boolean
}): FastifyPluginAsync {
  // Recent answers by request body (decision 0072), one cache per app.
  const answers = createPricingAnswerCache()
  return async (app) => {
    // This plugin's JSON bodies arrive as text: the text is the answer cache's key, and a hit needs no parse.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, new JsonText(String(body))),
    )
    // A miss is parsed exactly as every other route's JSON (empty body, bad JSON, prototype poisoning: 400).
    const defaultJsonParser = app.getDefaultJsonParser('error', 'error')
    const parseJson = (request: FastifyRequest, text: string): unknown => {
      let parsed: { error: Error | null; value: unknown } = { error: null, value: undefined }
      defaultJsonParser(request, text, (error, value) => {
        parsed = { error, value }
      })
      if (parsed.error !== null) throw parsed.error
      return parsed.value
    }

    app.post(
      PRICING_BATCH_PATH,
      { schema: { response: { 200: RESPONSE_JSON_SCHEMA } } },
      async (request, reply) => {
        const { whiteLabel } = await deps.context(request)
        if (!(request.body instanceof JsonText)) {
          // No body, or another type Fastify reads (text/plain): never parsed as JSON here, as before.
          throw new AppError(ErrorCode.ValidationFailed, 'The request body must be JSON', {
            issues: [{ path: [], code: 'invalid_type', message: 'Expected an application/json body' }],
          })
        }
        const { text } = request.body
        const key = answers.keyOf(text)
        const hit = answers.get(key, whiteLabel.id, text)
        if (hit !== undefined && (await deps.pricing.isCurrent(hit.basis))) {
          return reply.type(JSON_CONTENT_TYPE).send(hit.json)
        }
        // Strict: a price, a volume or any other unknown field is a 400, never read.
        const body = parsePricingBatchRequest(parseJson(request, text))
        const { answer, basis } = await deps.pricing.priceBatchWithBasis(whiteLabel.id, body)
        const checked = deps.validateResponses ? parseResponse(PricingBatchResponseSchema, answer) : answer
        // The route's serializer (the contract's schema) writes a string; Fastify sends a JSON string as it is.
        const json = reply.serialize(checked) as string
        answers.offer(key, text, { whiteLabelId: whiteLabel.id, basis, json })
        return reply.type(JSON_CONTENT_TYPE).send(json)
      },
    )
  }
}
