import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { JSON_CONTENT_TYPE } from '#server/http/respond.ts'
import type { WhiteLabel } from '#server/modules/white-label/white-label.module.ts'
import {
  createPricingAnswerCache,
  type PricingAnswerCacheOptions,
} from '#server/modules/pricing/pricing-answer-cache.ts'
import type { PricingBasis } from '#server/modules/pricing/pricing.service.ts'
import { createPricingBodyParser } from '#server/modules/pricing/pricing-body.ts'

/**
 * The pricing answer cache (decision 0072) as a plugin for the routes registered after it in the same context:
 * JSON bodies arrive as text (the text is the cache's key, and a hit needs no parse), a current hit is answered in
 * the preHandler, and a miss reaches the route with its body parsed exactly as every other route's JSON. The route
 * then only parses with the contract, prices and sends through `send`, which offers the answer to the cache.
 */

/** A JSON request body as it arrived (tells it apart from a text/plain body, which Fastify also gives as a string). */
class JsonText {
  constructor(readonly text: string) {}
}

/** What the preHandler learnt of a request that missed the cache, for `send`. */
interface Miss {
  key: number
  text: string
  whiteLabel: WhiteLabel
}

/**
 * The request decoration that carries a {@link Miss} from the preHandler to `send`. Not a WeakMap keyed by the
 * request: with one, every new pricing request's objects (body text, parsed body, answer) outlived the next
 * young-generation collection and were copied into the old generation, 2.3 kB a request against 0.2 kB with the
 * decoration (`--trace-gc-nvp`, issue 18), which doubled the collector's time per request.
 */
const MISS = 'pricingAnswersMiss'
type RequestWithMiss = FastifyRequest & { [MISS]: Miss | null }

export interface PricingAnswersDeps {
  context: RequestContextResolver
  /** True while an answer's basis (catalogue snapshot, analysis record) is still current. */
  isCurrent(basis: PricingBasis): Promise<boolean>
  cache?: PricingAnswerCacheOptions
}

export interface PricingAnswers {
  /** Register before the routes it serves, in their context (it does not encapsulate). */
  plugin: FastifyPluginAsync
  /** The white label of a request that reached its route (resolved once, by the preHandler). */
  whiteLabelOf(request: FastifyRequest): WhiteLabel
  /** Offers the answer's JSON (the text the route's serialiser wrote) to the cache and sends it. */
  send(request: FastifyRequest, reply: FastifyReply, json: string, basis: PricingBasis): FastifyReply
}

/**
 * True when the default JSON parser (secure-json-parse) would return exactly what JSON.parse returns: the text is
 * not empty, starts without a byte-order mark and holds neither key it refuses (`__proto__`, `constructor`) nor a
 * backslash, the only way to spell one of them in escapes. Its two refusal regexes scan the whole body on every
 * request (5 % of a new pricing request's CPU, issue 18); three substring searches cost a tenth of that.
 */
export function isPlainJsonText(text: string): boolean {
  return (
    text.length > 0 &&
    text.charCodeAt(0) !== 0xfeff &&
    !text.includes('\\') &&
    !text.includes('__proto__') &&
    !text.includes('constructor')
  )
}

function notJson(): AppError {
  // No body, or another type Fastify reads (text/plain): never parsed as JSON here, as before.
  return new AppError(ErrorCode.ValidationFailed, 'The request body must be JSON', {
    issues: [{ path: [], code: 'invalid_type', message: 'Expected an application/json body' }],
  })
}

export function createPricingAnswers(deps: PricingAnswersDeps): PricingAnswers {
  // Recent answers by request body, one cache per app.
  const answers = createPricingAnswerCache(deps.cache)
  // New bodies whose params were sent before reuse the parsed params (pricing-body.ts, decision 0112).
  const bodies = createPricingBodyParser()
  const missOf = (request: FastifyRequest): Miss => {
    // Undefined on a request of a context without the decoration, null on one the preHandler has not seen.
    const miss = (request as Partial<RequestWithMiss>)[MISS]
    if (miss === null || miss === undefined)
      throw new Error('pricing answers: the route is not behind the plugin')
    return miss
  }

  const plugin: FastifyPluginAsync = async (app) => {
    app.decorateRequest(MISS, null)
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, new JsonText(String(body))),
    )
    // A miss is parsed exactly as every other route's JSON (empty body, bad JSON, prototype poisoning: 400).
    const defaultJsonParser = app.getDefaultJsonParser('error', 'error')
    const parseJson = (request: FastifyRequest, text: string): unknown => {
      if (isPlainJsonText(text)) {
        const parsed = bodies.parse(text)
        if (parsed !== undefined) return parsed
        try {
          return JSON.parse(text) as unknown
        } catch {
          // Bad JSON: the default parser below answers it with its own error.
        }
      }
      let parsed: { error: Error | null; value: unknown } = { error: null, value: undefined }
      defaultJsonParser(request, text, (error, value) => {
        parsed = { error, value }
      })
      if (parsed.error !== null) throw parsed.error
      return parsed.value
    }

    app.addHook('preHandler', async (request, reply) => {
      const { whiteLabel } = await deps.context(request)
      if (!(request.body instanceof JsonText)) throw notJson()
      const { text } = request.body
      const key = answers.keyOf(text)
      const hit = answers.get(key, whiteLabel.id, text)
      if (hit !== undefined && (await deps.isCurrent(hit.basis))) {
        return reply.type(JSON_CONTENT_TYPE).send(hit.json)
      }
      ;(request as RequestWithMiss)[MISS] = { key, text, whiteLabel }
      request.body = parseJson(request, text)
      return undefined
    })
  }
  // Fastify's documented switch for a plugin that decorates its parent context instead of a child of it.
  Object.assign(plugin, { [Symbol.for('skip-override')]: true })

  return {
    plugin,
    whiteLabelOf: (request) => missOf(request).whiteLabel,
    send(request, reply, json, basis) {
      const { key, text, whiteLabel } = missOf(request)
      // The text, not bytes: the cache encodes it only when it stores it (the second sighting). Node joins a text
      // answer to its headers and encodes both into the socket write; bytes took a copy into Buffer's pool first,
      // and a new 8 kB pool every third answer (issue 18, decision 0139). A hit still sends stored bytes.
      answers.offer(key, text, { whiteLabelId: whiteLabel.id, basis, json })
      return reply.type(JSON_CONTENT_TYPE).send(json)
    },
  }
}
