import { useLingui } from '@lingui/react/macro'
import { useLocation, useMatch } from '@tanstack/react-router'
import { BusinessVatIdSection, ContactSection } from '#client/features/forms/contact-section.tsx'
import { useLocale } from '#client/i18n/use-locale.ts'
import { CmsPageOutlet } from '#client/features/cms/cms-page-outlet.tsx'
import { cmsSlugOfPath } from '#client/features/cms/cms-page-slug.ts'
import { pageTitles } from './page-titles.ts'

/**
 * The CMS route components (spec part 1 §2 "other paths: CMS pages", part 2 §2), loaded lazily: each route enters
 * its page in its loader (`content.page.open`, see `router/routes.tsx`) and shows what the page actor holds.
 */

/** The page title of the matched route, for the loading state. */
function useRouteTitle(): string {
  const { i18n } = useLingui()
  const page = useMatch({ strict: false, select: (match) => match.staticData.page }) ?? 'cmsPage'
  return i18n._(pageTitles[page])
}

/** A CMS page by path: the catch-all route and the fixed content routes (`/datenschutz`, `/start` …). */
export function CmsRoutePage() {
  const lang = useLocale()
  const pathname = useLocation({ select: (location) => location.pathname })
  return <CmsPageOutlet lang={lang} slug={cmsSlugOfPath(pathname)} loadingTitle={useRouteTitle()} />
}

/**
 * `/kontakt` (part 2 §2 "contact form under CMS content"): the CMS page with the contact form below it, and the
 * VAT-ID form for business customers. The form works even when the CMS page cannot be loaded, so this route does not
 * redirect.
 */
export function ContactRoutePage() {
  const lang = useLocale()
  return (
    <CmsPageOutlet lang={lang} slug="kontakt" loadingTitle={useRouteTitle()} redirectOnFailure={false}>
      <ContactSection />
      <BusinessVatIdSection />
    </CmsPageOutlet>
  )
}
