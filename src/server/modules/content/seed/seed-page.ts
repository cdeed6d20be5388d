import {
  type CmsElementInput,
  type CmsElementType,
  type CmsLayout,
  type CmsPageDocumentInput,
  CMS_MEDIA_PATH,
  cmsPagePath,
  type CmsStoryEntry,
} from '#shared/contracts/cms.contract.ts'
import { LOCALES, type Locale } from '#shared/domain/limits.ts'

/**
 * How the seed pages are written: one object per page with every text in German, English and French side by side,
 * and the structure (element ids, types, layouts, pictures) once. {@link buildSeedPage} turns it into one page
 * document per language with breadcrumbs, language links and locale-prefixed links.
 */

/** A text in every language. */
export type Localized = Readonly<Record<Locale, string>>

export const l = (de: string, en: string, fr: string): Localized => ({ de, en, fr })

/** A picture from ./media (served under CMS_MEDIA_PATH). */
export type SeedImage = { file: string; alt: Localized; width: number; height: number }

export type SeedHeaderLink =
  /** A shop page by slug ('' the start page), with an optional anchor. */
  { type: 'internal'; slug: string; anchor?: string } | { type: 'external' | 'email'; url: string }

export type SeedElement = {
  /** Unique on the page; doubles as the anchor (`#cart-steps`). */
  id: string
  type: CmsElementType
  layout?: CmsLayout
  header?: Localized
  subheader?: Localized
  /** HTML in the sanitiser's allow-list; links already carry the language prefix (`/en/kontakt`). */
  bodytext?: Localized
  headerLink?: SeedHeaderLink
  headerLayout?: number
  headerPosition?: '' | 'left' | 'center' | 'right'
  gallery?: {
    position: 'above' | 'below' | 'left' | 'right'
    columns?: number
    images: readonly SeedImage[]
  }
}

export type SeedPage = {
  slug: string
  /** The slug of the page above this one in the breadcrumbs (the start page is always first). */
  parent?: string
  /** Shows the story navigation (consulting, construction, production). */
  story?: boolean
  title: Localized
  subtitle: Localized
  description: Localized
  /** Page-level picture (hero). */
  media?: readonly SeedImage[]
  elements: readonly SeedElement[]
}

export const mediaUrl = (file: string): string => `${CMS_MEDIA_PATH}/${file}`

const START_TITLE = l('Start', 'Home', 'Accueil')

function headerLinkOf(
  link: SeedHeaderLink | undefined,
  lang: Locale,
): CmsElementInput['content']['headerLink'] {
  if (link === undefined) return null
  if (link.type !== 'internal') return { type: link.type, url: link.url }
  const anchor = link.anchor === undefined ? '' : `#${link.anchor}`
  return { type: 'internal', url: `${cmsPagePath(lang, link.slug)}${anchor}` }
}

function elementOf(element: SeedElement, lang: Locale): CmsElementInput {
  const images = element.gallery?.images ?? []
  const columns = element.gallery?.columns ?? Math.min(images.length, 4)
  return {
    id: element.id,
    type: element.type,
    appearance: { layout: element.layout ?? 'default' },
    content: {
      header: element.header?.[lang] ?? '',
      subheader: element.subheader?.[lang] ?? '',
      bodytext: element.bodytext?.[lang] ?? '',
      headerLink: headerLinkOf(element.headerLink, lang),
      headerPosition: element.headerPosition ?? '',
      headerLayout: element.headerLayout ?? 0,
      gallery:
        element.gallery === undefined
          ? null
          : {
              rows: Math.ceil(images.length / Math.max(columns, 1)),
              columns,
              position: element.gallery.position,
              images: images.map((image) => ({
                publicUrl: mediaUrl(image.file),
                alt: image.alt[lang],
                width: image.width,
                height: image.height,
              })),
            },
    },
  }
}

/** One language of a seed page; `pages` resolves the parent's title for the breadcrumbs. */
export function buildSeedPage(
  page: SeedPage,
  lang: Locale,
  pages: ReadonlyMap<string, SeedPage>,
  story: (lang: Locale) => CmsStoryEntry[],
): CmsPageDocumentInput {
  const trail: SeedPage[] = []
  for (let slug = page.parent; slug !== undefined; slug = pages.get(slug)?.parent) {
    const parent = pages.get(slug)
    if (parent === undefined) throw new Error(`Seed page ${page.slug}: unknown parent ${slug}`)
    trail.unshift(parent)
  }
  const isStart = page.slug === 'start'
  return {
    lang,
    slug: page.slug,
    languages: LOCALES.map((locale) => ({ locale, link: cmsPagePath(locale, page.slug) })),
    content: { colPos0: page.elements.map((element) => elementOf(element, lang)) },
    resources: {
      media: (page.media ?? []).map((image) => ({ publicUrl: mediaUrl(image.file), alt: image.alt[lang] })),
    },
    meta: { title: page.title[lang], subtitle: page.subtitle[lang], description: page.description[lang] },
    navigation: { story: page.story === true ? story(lang) : [] },
    breadcrumbs: [
      { title: START_TITLE[lang], link: cmsPagePath(lang, 'start') },
      ...trail.map((parent) => ({ title: parent.title[lang], link: cmsPagePath(lang, parent.slug) })),
      ...(isStart ? [] : [{ title: page.title[lang], link: cmsPagePath(lang, page.slug) }]),
    ],
  }
}
