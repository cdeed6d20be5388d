import { readdirSync, readFileSync } from 'node:fs'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import {
  CMS_MEDIA_FILE_PATTERN,
  CMS_MEDIA_PATH,
  CMS_NAVIGATION_PATH,
  CMS_PAGES_PATH,
  GetCmsNavigationResponseSchema,
  GetCmsPageResponseSchema,
} from '#shared/contracts/cms.contract.ts'
import {
  CONTACT_PATH,
  ContactRequestSchema,
  ContactResponseSchema,
  LEGACY_CONTACT_FORM_PATH,
  legacyContactFormToRequest,
  type LegacyContactForm,
} from '#shared/contracts/contact.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { ContentService } from '#server/modules/content/content.service.ts'
import { CONTENT_MEDIA_DIR } from '#server/runtime-paths.ts'

/**
 * The content endpoints: CMS pages, navigation and media, and the contact endpoint (JSON and the legacy
 * form-urlencoded `ContactForm.php`), the content module's plugin (content.module.ts).
 */

export const DEFAULT_MEDIA_DIR = CONTENT_MEDIA_DIR

/** Contact bodies are small: the longest valid one is a few kilobytes. */
export const CONTACT_BODY_LIMIT = 32 * 1_024

/** Pages change rarely; a minute of caching keeps edits visible soon. */
const CMS_CACHE_CONTROL = 'public, max-age=60'

/** SVGs are shown as images; should one ever be opened directly, nothing in it may run or load. */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

export interface ContentRoutesDeps {
  content: ContentService
  /** The folder of the CMS images; defaults to ./media. */
  mediaDir?: string
}

/** A form-urlencoded body as fields; a repeated key gives a list. */
export function parseFormBody(body: string): LegacyContactForm {
  const fields: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = fields[key]
    fields[key] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]
  }
  return fields
}

export function createContentRoutes(deps: ContentRoutesDeps): FastifyPluginAsync {
  const mediaDir = deps.mediaDir ?? DEFAULT_MEDIA_DIR
  // The files are fixed at start; a request can only ever name one of these.
  const media = new Map(
    readdirSync(mediaDir)
      .filter((file) => CMS_MEDIA_FILE_PATTERN.test(file))
      .map((file) => [file, readFileSync(`${mediaDir}/${file}`)] as const),
  )

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CONTACT_BODY_LIMIT },
      (_request, body, done) => done(null, parseFormBody(String(body))),
    )

    // Only answers are cached, never errors.
    const cached = <T>(reply: FastifyReply, body: T): T => {
      reply.header('cache-control', CMS_CACHE_CONTROL)
      return body
    }
    const page = async (lang: string, slug: string) =>
      parseResponse(GetCmsPageResponseSchema, await deps.content.getPage(lang, slug))

    app.get<{ Params: { lang: string } }>(`${CMS_PAGES_PATH}/:lang`, async (request, reply) =>
      cached(reply, await page(request.params.lang, '')),
    )

    app.get<{ Params: { lang: string; '*': string } }>(`${CMS_PAGES_PATH}/:lang/*`, async (request, reply) =>
      cached(reply, await page(request.params.lang, request.params['*'])),
    )

    app.get<{ Params: { lang: string } }>(`${CMS_NAVIGATION_PATH}/:lang`, async (request, reply) =>
      cached(
        reply,
        parseResponse(GetCmsNavigationResponseSchema, await deps.content.getNavigation(request.params.lang)),
      ),
    )

    app.get<{ Params: { file: string } }>(`${CMS_MEDIA_PATH}/:file`, async (request, reply) => {
      const file = media.get(request.params.file)
      if (file === undefined) throw new AppError(ErrorCode.NotFound, 'No such media file')
      return reply
        .type('image/svg+xml')
        .header('content-security-policy', MEDIA_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400')
        .send(file)
    })

    app.post(CONTACT_PATH, { bodyLimit: CONTACT_BODY_LIMIT }, async (request, reply) => {
      const body = ContactRequestSchema.parse(request.body)
      const answer = await deps.content.submit(body, { ip: request.ip })
      return reply.code(201).send(parseResponse(ContactResponseSchema, answer))
    })

    app.post(LEGACY_CONTACT_FORM_PATH, { bodyLimit: CONTACT_BODY_LIMIT }, async (request, reply) => {
      const form =
        typeof request.body === 'object' && request.body !== null ? (request.body as LegacyContactForm) : {}
      const body = ContactRequestSchema.parse(legacyContactFormToRequest(form))
      const answer = await deps.content.submit(body, { ip: request.ip })
      return reply.code(201).send(parseResponse(ContactResponseSchema, answer))
    })
  }
}
