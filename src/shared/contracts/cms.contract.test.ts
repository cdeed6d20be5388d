import { describe, expect, it } from 'vitest'
import {
  CmsElementSchema,
  CmsPageParamsSchema,
  CmsPageSchema,
  CmsStoryEntrySchema,
  cmsPagePath,
  cmsPageUrl,
  isSafeHref,
  isSafeMediaUrl,
  isSupportedElementType,
  isSupportedLayout,
  normalizeCmsSlug,
} from '#shared/contracts/cms.contract.ts'

const element = {
  id: 'intro',
  type: 'textpic',
  appearance: { layout: 'layout-4' },
  content: {
    header: 'Vom Modell zum Bauteil',
    bodytext: '<p>Text</p>',
    gallery: {
      rows: 1,
      columns: 1,
      position: 'right',
      images: [{ publicUrl: '/api/cms/media/hero-printer.svg', alt: 'Drucker', width: 800, height: 600 }],
    },
  },
}

const page = {
  page: {
    navigation: { main: [{ title: 'Kontakt', link: '/kontakt' }], top: [], footerleft: [], footerright: [] },
  },
  lang: 'de',
  slug: 'kontakt',
  languages: [
    { locale: 'de', link: '/kontakt' },
    { locale: 'en', link: '/en/kontakt' },
  ],
  content: { colPos0: [element] },
  meta: { title: 'Kontakt' },
}

describe('cms contract', () => {
  it('reads a page and fills the optional parts', () => {
    const parsed = CmsPageSchema.parse(page)
    expect(parsed.resources).toEqual({ media: [] })
    expect(parsed.navigation).toEqual({ story: [] })
    expect(parsed.breadcrumbs).toEqual([])
    expect(parsed.meta.subtitle).toBe('')
    expect(parsed.content.colPos0[0]?.content).toMatchObject({
      subheader: '',
      headerLink: null,
      headerPosition: '',
      headerLayout: 0,
    })
  })

  it('keeps unknown element types and layouts, so the view can show its fallback', () => {
    const unknown = CmsElementSchema.parse({
      ...element,
      type: 'menu_pages',
      appearance: { layout: 'layout-99' },
    })
    expect(isSupportedElementType(unknown.type)).toBe(false)
    expect(isSupportedLayout(unknown.appearance.layout)).toBe(false)
    expect(isSupportedElementType('textpic')).toBe(true)
    expect(isSupportedLayout('layout-7')).toBe(true)
  })

  it('turns a numeric element id into an anchor id and wants ids unique on a page', () => {
    expect(CmsElementSchema.parse({ ...element, id: 42 }).id).toBe('c42')
    expect(CmsElementSchema.safeParse({ ...element, id: 'Not An Anchor' }).success).toBe(false)
    const twice = { ...page, content: { colPos0: [element, element] } }
    expect(CmsPageSchema.safeParse(twice).success).toBe(false)
  })

  it('reads the story navigation recursively', () => {
    const story = {
      title: 'Produktion',
      link: '/produktion',
      children: [{ title: 'Tipps', link: '/produktion/tipps-und-tricks-im-3d-druck', children: [] }],
    }
    expect(CmsStoryEntrySchema.parse(story)).toEqual(story)
    expect(
      CmsStoryEntrySchema.safeParse({
        ...story,
        children: [{ title: 'x', link: 'javascript:alert(1)', children: [] }],
      }).success,
    ).toBe(false)
  })

  it('allows only shop paths, anchors, http(s) and mailto as links', () => {
    for (const safe of [
      '/kontakt',
      '/en/kontakt#contact-form',
      '#cart-steps',
      'https://example.org/x',
      'mailto:info@example.org',
    ]) {
      expect(isSafeHref(safe), safe).toBe(true)
    }
    for (const unsafe of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      '//evil.example.org',
      '/\\evil.example.org',
      'https:evil',
      'kontakt',
      '',
    ]) {
      expect(isSafeHref(unsafe), unsafe).toBe(false)
    }
    const bad = { ...page, breadcrumbs: [{ title: 'x', link: 'javascript:alert(1)' }] }
    expect(CmsPageSchema.safeParse(bad).success).toBe(false)
  })

  it('allows local media files and https images only', () => {
    expect(isSafeMediaUrl('/api/cms/media/hero-printer.svg')).toBe(true)
    expect(isSafeMediaUrl('https://cdn.example.org/a.png')).toBe(true)
    expect(isSafeMediaUrl('/api/cms/media/../secret.svg')).toBe(false)
    expect(isSafeMediaUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBe(false)
    expect(isSafeMediaUrl('http://cdn.example.org/a.png')).toBe(false)
  })

  it('normalises slugs: empty is the start page, no dots or upper case', () => {
    expect(normalizeCmsSlug('')).toBe('start')
    expect(normalizeCmsSlug('/kontakt/')).toBe('kontakt')
    expect(CmsPageParamsSchema.parse({ lang: 'en', slug: '' })).toEqual({ lang: 'en', slug: 'start' })
    expect(
      CmsPageParamsSchema.parse({ lang: 'de', slug: 'produktion/tipps-und-tricks-im-3d-druck' }).slug,
    ).toBe('produktion/tipps-und-tricks-im-3d-druck')
    for (const slug of ['../etc/passwd', 'Kontakt', 'a//b', 'a.b', '%2e%2e', 'x'.repeat(201)]) {
      expect(CmsPageParamsSchema.safeParse({ lang: 'de', slug }).success, slug).toBe(false)
    }
    expect(CmsPageParamsSchema.safeParse({ lang: 'it', slug: 'kontakt' }).success).toBe(false)
  })

  it('builds shop paths and API URLs', () => {
    expect(cmsPagePath('de', 'kontakt')).toBe('/kontakt')
    expect(cmsPagePath('en', 'kontakt')).toBe('/en/kontakt')
    expect(cmsPagePath('de', 'start')).toBe('/')
    expect(cmsPagePath('fr', '')).toBe('/fr')
    expect(cmsPageUrl('en', '')).toBe('/api/cms/pages/en/start')
  })
})
