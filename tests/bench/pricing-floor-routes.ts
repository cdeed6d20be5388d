import { readFileSync } from 'node:fs'
import type { FastifyPluginAsync } from 'fastify'
import { JSON_CONTENT_TYPE } from '#server/http/respond.ts'

/**
 * Routes of the pricing bench's server only (pricing-bench-server.ts registers them when BENCH_FLOOR_ANSWERS names
 * a file): the floor of a pricing request's exchange, measured by pricing-floor.ts. Both take the client's pricing
 * request through every hook of the app (security headers, same-origin guard, cookies, rate limit, compression) and
 * read its body as text, as the pricing route's plugin does, but neither parses, checks nor prices it:
 *
 * - `POST /api/bench/exchange` answers a recorded pricing answer's text: what moving a request's and an answer's
 *   bytes through the app costs;
 * - `POST /api/bench/exchange-json` answers the same answer written by `JSON.stringify` from its object, as the
 *   pricing route writes its answer (pricing-answer-json.ts): that, plus the answer's serialisation.
 *
 * The answers are the real route's, recorded by the bench after the server started (a JSON array of answer texts),
 * and read at the first request; each request takes the next one. Their objects are parsed once and stay in the old
 * generation; a fresh copy of the object built for every request before `JSON.stringify` cost the same (114.9 against
 * 114.4 µs a request, session 23).
 */
export const FLOOR_EXCHANGE_PATH = '/api/bench/exchange'
export const FLOOR_EXCHANGE_JSON_PATH = '/api/bench/exchange-json'

export function pricingFloorRoutes(answersFile: string): FastifyPluginAsync {
  let texts: string[] | undefined
  let objects: unknown[] | undefined
  let turn = 0
  const load = () => {
    texts ??= JSON.parse(readFileSync(answersFile, 'utf8')) as string[]
    objects ??= texts.map((text) => JSON.parse(text) as unknown)
    if (texts.length === 0) throw new Error('the floor routes have no recorded answers')
    return { texts, objects }
  }
  return async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    scope.post(FLOOR_EXCHANGE_PATH, async (_request, reply) => {
      const recorded = load().texts
      return reply.type(JSON_CONTENT_TYPE).send(recorded[turn++ % recorded.length])
    })
    scope.post(FLOOR_EXCHANGE_JSON_PATH, async (_request, reply) => {
      const recorded = load().objects
      return reply.type(JSON_CONTENT_TYPE).send(JSON.stringify(recorded[turn++ % recorded.length]))
    })
  }
}
