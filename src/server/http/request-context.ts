import type { FastifyRequest } from 'fastify'
import { API_KEY_HEADER, LANGUAGE_HEADER, type Locale } from '#shared/domain/limits.ts'
import { ApiRequestHeadersSchema, localeFromLanguageHeader } from '#shared/contracts/common.contract.ts'
import type { WhiteLabel, WhiteLabelService } from '#server/modules/white-label/white-label.module.ts'

export interface RequestContext {
  whiteLabel: WhiteLabel
  locale: Locale
}
export type RequestContextResolver = (request: FastifyRequest) => Promise<RequestContext>

/**
 * The white label (API key header) and language (language header) of a request. Invalid headers answer 400
 * validation_failed; an unknown key 401 unknown_api_key.
 */
export function createRequestContextResolver(whiteLabels: WhiteLabelService): RequestContextResolver {
  return async (request) => {
    const apiKey = request.headers[API_KEY_HEADER]
    const language = request.headers[LANGUAGE_HEADER]
    // The shop's own SPA sends neither header: nothing to check (the contract makes both optional), and the zod
    // parse of two absent values was a visible share of a new pricing request (issue 18).
    if (apiKey === undefined && language === undefined) {
      return { whiteLabel: await whiteLabels.resolve(undefined), locale: localeFromLanguageHeader(undefined) }
    }
    const headers = ApiRequestHeadersSchema.parse({
      [API_KEY_HEADER]: apiKey,
      [LANGUAGE_HEADER]: language,
    })
    return {
      whiteLabel: await whiteLabels.resolve(headers[API_KEY_HEADER]),
      locale: localeFromLanguageHeader(headers[LANGUAGE_HEADER]),
    }
  }
}
