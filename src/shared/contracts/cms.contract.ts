import { z } from 'zod'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/domain/limits.ts'

/**
 * CMS content pages (spec part 1 §3 "CMS page", §7; part 2 §2 "CMS content", navigation): a page by language and
 * path slug, and the navigation lists. `bodytext` is HTML that the server has sanitised (allow-list, on save and on
 * serve); every link and image URL in a page is checked here to be relative, http(s) or mailto, so a `javascript:`
 * or `data:` URL never reaches the view (commerce-reliability check 41).
 *
 * `GET /api/cms/pages/{lang}/{slug...}` (an empty slug is the start page) and `GET /api/cms/navigation/{lang}`.
 */

export const CMS_PAGES_PATH = '/api/cms/pages'
export const CMS_NAVIGATION_PATH = '/api/cms/navigation'
/** Images of CMS pages: `/api/cms/media/{file}`. */
export const CMS_MEDIA_PATH = '/api/cms/media'

/** The slug of the start page; `''` (and `/`, `/en`) map to it (part 1 §7, part 2 §2). */
export const CMS_START_SLUG = 'start'
export const CMS_SLUG_MAX = 200

/** The element types the view renders (part 2 §2): heading, text, and text with pictures. */
export const CMS_ELEMENT_TYPES = ['heading', 'text', 'textpic'] as const
export type CmsElementType = (typeof CMS_ELEMENT_TYPES)[number]

/**
 * The text-and-picture layouts (part 1 §9): default picture and text; layout-1 and layout-2 split section (layout-1
 * dark); layout-3 call to action; layout-4 hero banner; layout-5 product box; layout-6 quarter product box;
 * layout-7 content preview.
 */
export const CMS_LAYOUTS = [
  'default',
  'layout-1',
  'layout-2',
  'layout-3',
  'layout-4',
  'layout-5',
  'layout-6',
  'layout-7',
] as const
export type CmsLayout = (typeof CMS_LAYOUTS)[number]

/** Where a header aligns; `''` is the layout's own alignment. */
export const CMS_HEADER_POSITIONS = ['', 'left', 'center', 'right'] as const
/** Where the pictures of a textpic element sit relative to the text. */
export const CMS_GALLERY_POSITIONS = ['above', 'below', 'left', 'right'] as const
/** What a header link points to: a shop page (client-side navigation), another site, or an e-mail address. */
export const CMS_LINK_TYPES = ['internal', 'external', 'email'] as const
/** headerLayout: 0 the element's default heading level, 1–5 `<h1>`–`<h5>`, 100 hidden. */
export const CMS_HEADER_LAYOUT_HIDDEN = 100

export const isSupportedElementType = (type: string): type is CmsElementType =>
  (CMS_ELEMENT_TYPES as readonly string[]).includes(type)
export const isSupportedLayout = (layout: string): layout is CmsLayout =>
  (CMS_LAYOUTS as readonly string[]).includes(layout)

// ---------------------------------------------------------------------------------------------------------------
// Slugs and paths

export const CmsLangSchema = z.enum(LOCALES)

/** Lower-case words of letters and digits joined by `-`, segments joined by `/`: no dots, so no `..`. */
export const CMS_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/
export const CmsSlugSchema = z.string().max(CMS_SLUG_MAX).regex(CMS_SLUG_PATTERN)

/** The slug to look up: without leading and trailing slashes; empty means the start page. */
export function normalizeCmsSlug(raw: string): string {
  const slug = raw.replace(/^\/+|\/+$/g, '')
  return slug === '' ? CMS_START_SLUG : slug
}

/** The page's path in the shop: `/kontakt`, `/en/kontakt`; the start page is `/`, `/en`, `/fr`. */
export function cmsPagePath(lang: Locale, slug: string): string {
  const prefix = lang === DEFAULT_LOCALE ? '' : `/${lang}`
  const normalized = normalizeCmsSlug(slug)
  if (normalized === CMS_START_SLUG) return prefix === '' ? '/' : prefix
  return `${prefix}/${normalized}`
}

/** The API URL of a page. */
export const cmsPageUrl = (lang: Locale, slug: string): string =>
  `${CMS_PAGES_PATH}/${lang}/${normalizeCmsSlug(slug)}`
export const cmsNavigationUrl = (lang: Locale): string => `${CMS_NAVIGATION_PATH}/${lang}`

/** Route parameters of the page endpoint, the slug already normalised (`''` → `start`). */
export const CmsPageParamsSchema = z.object({
  lang: CmsLangSchema,
  slug: z.string().transform(normalizeCmsSlug).pipe(CmsSlugSchema),
})
export type CmsPageParams = z.infer<typeof CmsPageParamsSchema>

export const CmsNavigationParamsSchema = z.object({ lang: CmsLangSchema })
export type CmsNavigationParams = z.infer<typeof CmsNavigationParamsSchema>

// ---------------------------------------------------------------------------------------------------------------
// URLs

// eslint-disable-next-line no-control-regex
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/
/** A shop path (`/kontakt`, not `//host`), an anchor, an http(s) URL or a mailto address. */
const SAFE_HREF = /^(?:\/(?![/\\])|#|https?:\/\/[^/\\]|mailto:[^/\\])/i

/** True for a link the view may render as `href`; never `javascript:`, `data:`, `vbscript:` or `//host`. */
export const isSafeHref = (value: string): boolean =>
  !WHITESPACE_OR_CONTROL.test(value) && SAFE_HREF.test(value)

export const SafeHrefSchema = z
  .string()
  .trim()
  .min(1)
  .max(2_000)
  .refine(isSafeHref, 'Unsafe or malformed link')

const LOCAL_MEDIA = /^\/api\/cms\/media\/[a-z0-9]+(?:-[a-z0-9]+)*\.(?:svg|png|jpe?g|webp)$/
/** An image: a file under CMS_MEDIA_PATH, or an https URL (an external CMS's media host). */
export const isSafeMediaUrl = (value: string): boolean =>
  LOCAL_MEDIA.test(value) || (!WHITESPACE_OR_CONTROL.test(value) && /^https:\/\/[^/\\]/i.test(value))
export const CmsMediaUrlSchema = z.string().max(2_000).refine(isSafeMediaUrl, 'Unsafe or malformed media URL')

// ---------------------------------------------------------------------------------------------------------------
// Navigation

export const CmsNavEntrySchema = z.object({ title: z.string().trim().min(1).max(100), link: SafeHrefSchema })
export type CmsNavEntry = z.infer<typeof CmsNavEntrySchema>

/** The four navigation lists (part 1 §2): main, top, footer left and footer right. */
export const CmsNavigationSchema = z.object({
  main: z.array(CmsNavEntrySchema).max(20),
  top: z.array(CmsNavEntrySchema).max(20),
  footerleft: z.array(CmsNavEntrySchema).max(20),
  footerright: z.array(CmsNavEntrySchema).max(20),
})
export type CmsNavigation = z.infer<typeof CmsNavigationSchema>

/** The story (content) navigation: entries with children, e.g. production → design guidelines. */
export type CmsStoryEntry = { title: string; link: string; children: CmsStoryEntry[] }
export const CmsStoryEntrySchema: z.ZodType<CmsStoryEntry> = z.lazy(() =>
  z.object({
    title: z.string().trim().min(1).max(100),
    link: SafeHrefSchema,
    children: z.array(CmsStoryEntrySchema).max(30),
  }),
)

export const CmsLanguageLinkSchema = z.object({ locale: CmsLangSchema, link: SafeHrefSchema })
export type CmsLanguageLink = z.infer<typeof CmsLanguageLinkSchema>

export const CmsBreadcrumbSchema = z.object({
  title: z.string().trim().min(1).max(100),
  link: SafeHrefSchema,
})
export type CmsBreadcrumb = z.infer<typeof CmsBreadcrumbSchema>

// ---------------------------------------------------------------------------------------------------------------
// Elements

/** An element id doubles as the anchor (`#cart-steps`); a numeric id from an external CMS becomes `c<id>`. */
export const CmsElementIdSchema = z.union([
  z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
  z
    .number()
    .int()
    .nonnegative()
    .transform((id) => `c${id}`),
])

export const CmsImageSchema = z.object({
  publicUrl: CmsMediaUrlSchema,
  alt: z.string().max(300),
  width: z.number().int().positive().max(10_000),
  height: z.number().int().positive().max(10_000),
})
export type CmsImage = z.infer<typeof CmsImageSchema>

export const CmsGallerySchema = z.object({
  rows: z.number().int().min(0).max(20),
  columns: z.number().int().min(0).max(8),
  position: z.enum(CMS_GALLERY_POSITIONS),
  images: z.array(CmsImageSchema).max(24).optional(),
})
export type CmsGallery = z.infer<typeof CmsGallerySchema>

export const CmsHeaderLinkSchema = z.object({ url: SafeHrefSchema, type: z.enum(CMS_LINK_TYPES) })
export type CmsHeaderLink = z.infer<typeof CmsHeaderLinkSchema>

export const CmsElementContentSchema = z.object({
  header: z.string().max(300).default(''),
  subheader: z.string().max(500).default(''),
  /** Sanitised HTML (p, h2–h4, strong, em, a, lists, br, blockquote, code, tables). */
  bodytext: z.string().max(100_000).default(''),
  headerLink: CmsHeaderLinkSchema.nullable().default(null),
  headerPosition: z.enum(CMS_HEADER_POSITIONS).default(''),
  headerLayout: z.number().int().min(0).max(CMS_HEADER_LAYOUT_HIDDEN).default(0),
  gallery: CmsGallerySchema.nullable().default(null),
})
export type CmsElementContent = z.infer<typeof CmsElementContentSchema>

/**
 * One content element. `type` and `appearance.layout` stay open strings: an element of an unknown type or layout
 * still parses, and the view shows its fallback warning listing the supported types.
 */
export const CmsElementSchema = z.object({
  id: CmsElementIdSchema,
  type: z.string().trim().min(1).max(60),
  appearance: z
    .object({ layout: z.string().trim().min(1).max(60).default('default') })
    .default({ layout: 'default' }),
  content: CmsElementContentSchema,
})
export type CmsElement = z.infer<typeof CmsElementSchema>
export type CmsElementInput = z.input<typeof CmsElementSchema>

// ---------------------------------------------------------------------------------------------------------------
// The page

const pageFields = {
  lang: CmsLangSchema,
  slug: CmsSlugSchema,
  /** The same page in the other languages (the language switch). */
  languages: z.array(CmsLanguageLinkSchema).max(LOCALES.length),
  content: z.object({
    colPos0: z
      .array(CmsElementSchema)
      .max(200)
      .refine((elements) => new Set(elements.map((element) => element.id)).size === elements.length, {
        error: 'Element ids must be unique within a page',
      }),
  }),
  /** Page-level media (a hero picture). */
  resources: z
    .object({
      media: z
        .array(z.object({ publicUrl: CmsMediaUrlSchema, alt: z.string().max(300).default('') }))
        .max(20),
    })
    .default({ media: [] }),
  meta: z.object({
    /** The document title. */
    title: z.string().trim().min(1).max(200),
    subtitle: z.string().max(300).default(''),
    description: z.string().max(500).default(''),
  }),
  navigation: z.object({ story: z.array(CmsStoryEntrySchema).max(30) }).default({ story: [] }),
  breadcrumbs: z.array(CmsBreadcrumbSchema).max(20).default([]),
}

/** A page as stored and edited: everything but the shared navigation lists. */
export const CmsPageDocumentSchema = z.object(pageFields)
export type CmsPageDocument = z.infer<typeof CmsPageDocumentSchema>
export type CmsPageDocumentInput = z.input<typeof CmsPageDocumentSchema>

/** `GET /api/cms/pages/{lang}/{slug}`: the page with the navigation lists (`page.navigation`). */
export const CmsPageSchema = z.object({
  page: z.object({ navigation: CmsNavigationSchema }),
  ...pageFields,
})
export type CmsPage = z.infer<typeof CmsPageSchema>
export type CmsPageInput = z.input<typeof CmsPageSchema>

export const GetCmsPageResponseSchema = CmsPageSchema
export type GetCmsPageResponse = CmsPage

/** `GET /api/cms/navigation/{lang}`. */
export const GetCmsNavigationResponseSchema = CmsNavigationSchema
export type GetCmsNavigationResponse = CmsNavigation

/** A CMS media file name: lower-case words joined by hyphens, `.svg`. */
export const CMS_MEDIA_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/
export const CmsMediaParamsSchema = z.object({ file: z.string().regex(CMS_MEDIA_FILE_PATTERN) })
