import type { FastifyRequest } from 'fastify'
import { ApiRequestHeadersSchema, localeFromLanguageHeader } from '#shared/contracts/common.contract.ts'
import { DEFAULT_LOCALE, LANGUAGE_HEADER, type Locale } from '#shared/domain/limits.ts'

const LanguageHeaderField = ApiRequestHeadersSchema.shape[LANGUAGE_HEADER]

/**
 * The shopper's language for the mails of a request (the language header, as the catalogue reads it). An invalid
 * header falls back to German rather than failing a signup or reset over a header.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const parsed = LanguageHeaderField.safeParse(request.headers[LANGUAGE_HEADER])
  return parsed.success ? localeFromLanguageHeader(parsed.data) : DEFAULT_LOCALE
}
