import { normalizeCmsSlug } from '#shared/contracts/cms.contract.ts'
import { stripLocalePrefix } from '#client/i18n/locales.ts'

/** The CMS slug of a shop path: `/en/kontakt` → `kontakt`, `/` and `/en` → `start` (part 1 §7 "start slugs"). */
export function cmsSlugOfPath(pathname: string): string {
  let path = stripLocalePrefix(pathname)
  try {
    path = decodeURIComponent(path)
  } catch {
    // A malformed escape stays as it is; the slug check refuses it.
  }
  return normalizeCmsSlug(path)
}
