import type { CmsNavigation, CmsPageDocumentInput } from '#shared/contracts/cms.contract.ts'
import { LOCALES, type Locale } from '#shared/domain/limits.ts'
import { seedNavigation, seedStoryNavigation } from './navigation.ts'
import { aboutPage } from './pages/about.ts'
import { constructionPage } from './pages/construction.ts'
import { consultingPage } from './pages/consulting.ts'
import { contactPage } from './pages/contact.ts'
import { designGuidelinesPage } from './pages/design-guidelines.ts'
import { downloadsPage } from './pages/downloads.ts'
import { foreignTradePage } from './pages/foreign-trade.ts'
import { growTogetherPage } from './pages/grow-together.ts'
import { imprintPage } from './pages/imprint.ts'
import { portfolioPage } from './pages/portfolio.ts'
import { privacyPage } from './pages/privacy.ts'
import { productionPage } from './pages/production.ts'
import { startPage } from './pages/start.ts'
import { termsPage } from './pages/terms.ts'
import { buildSeedPage, type SeedPage } from './seed-page.ts'

/** Every seed page, each written in German, English and French. */
export const SEED_PAGES: readonly SeedPage[] = [
  startPage,
  contactPage,
  privacyPage,
  productionPage,
  designGuidelinesPage,
  termsPage,
  growTogetherPage,
  imprintPage,
  portfolioPage,
  aboutPage,
  downloadsPage,
  foreignTradePage,
  consultingPage,
  constructionPage,
]

export type SeedContent = {
  pages: CmsPageDocumentInput[]
  navigation: Record<Locale, CmsNavigation>
}

/** The seed content: one page document per page and language, and the navigation lists per language. */
export function buildSeedContent(): SeedContent {
  const bySlug = new Map(SEED_PAGES.map((page) => [page.slug, page]))
  return {
    pages: SEED_PAGES.flatMap((page) =>
      LOCALES.map((lang) => buildSeedPage(page, lang, bySlug, seedStoryNavigation)),
    ),
    navigation: {
      de: seedNavigation('de'),
      en: seedNavigation('en'),
      fr: seedNavigation('fr'),
    },
  }
}
