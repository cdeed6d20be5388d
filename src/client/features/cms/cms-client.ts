import {
  CMS_NAVIGATION_PATH,
  CMS_PAGES_PATH,
  type CmsNavigation,
  type CmsPage,
  CmsSlugSchema,
  GetCmsNavigationResponseSchema,
  GetCmsPageResponseSchema,
  normalizeCmsSlug,
} from '#shared/contracts/cms.contract.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { type ApiClient, ApiRequestError } from '#client/actors/api-client.ts'

/**
 * The CMS endpoints the client reads (spec part 1 §7 "fetching a CMS page by slug", "fetching navigation lists"):
 * `GET /api/cms/pages/{lang}/{slug}` and `GET /api/cms/navigation/{lang}`, each answer parsed with its contract.
 */
export type CmsClient = {
  fetchPage(lang: Locale, slug: string, signal?: AbortSignal): Promise<CmsPage>
  fetchNavigation(lang: Locale, signal?: AbortSignal): Promise<CmsNavigation>
}

/** The API path of a page; the start page (`''`, `/`) is `start`. */
export const cmsPageApiPath = (lang: Locale, slug: string): string =>
  `${CMS_PAGES_PATH}/${lang}/${normalizeCmsSlug(slug)}`

export function createCmsClient(api: ApiClient): CmsClient {
  return {
    fetchPage: (lang, slug, signal) => {
      // A path no CMS page can have (capitals, dots, `..`) is "not found" without asking the server.
      if (!CmsSlugSchema.safeParse(normalizeCmsSlug(slug)).success) {
        return Promise.reject(new ApiRequestError(ErrorCode.NotFound, 404, `no CMS page at /${slug}`))
      }
      return api.get(cmsPageApiPath(lang, slug), GetCmsPageResponseSchema, { signal })
    },
    fetchNavigation: (lang, signal) =>
      api.get(`${CMS_NAVIGATION_PATH}/${lang}`, GetCmsNavigationResponseSchema, { signal }),
  }
}
