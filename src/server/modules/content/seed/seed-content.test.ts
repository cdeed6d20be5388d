import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  CMS_ELEMENT_TYPES,
  CMS_LAYOUTS,
  CMS_MEDIA_PATH,
  CmsPageDocumentSchema,
  CmsPageSchema,
  cmsPagePath,
  type CmsPageDocument,
  type CmsStoryEntry,
} from '#shared/contracts/cms.contract.ts'
import { LOCALES } from '#shared/domain/limits.ts'
import { LINK_REL, sanitizeCmsHtml } from '#server/modules/content/sanitize-html.ts'
import { buildSeedContent, SEED_PAGES } from '#server/modules/content/seed/seed-content.ts'

const mediaDir = fileURLToPath(new URL('../media/', import.meta.url))
const mediaFiles = readdirSync(mediaDir)

const content = buildSeedContent()
const pages: CmsPageDocument[] = content.pages.map((page) => CmsPageDocumentSchema.parse(page))
const pageKey = (lang: string, slug: string) => `${lang}:${slug}`
const byKey = new Map(pages.map((page) => [pageKey(page.lang, page.slug), page]))
const byPath = new Map(pages.map((page) => [cmsPagePath(page.lang, page.slug), page]))

/** Anchors the views render themselves (the contact form below the CMS text). */
const VIEW_ANCHORS = new Set(['contact-form'])

const storyLinks = (entries: CmsStoryEntry[]): string[] =>
  entries.flatMap((entry) => [entry.link, ...storyLinks(entry.children)])

type PageLink = { link: string; otherLanguage: boolean }

/** Every link a page shows: navigation, story, breadcrumbs, languages, header links and links in the HTML. */
function linksOf(page: CmsPageDocument): PageLink[] {
  const navigation = content.navigation[page.lang]
  const same = (link: string): PageLink => ({ link, otherLanguage: false })
  return [
    ...Object.values(navigation).flatMap((list) => list.map((entry) => same(entry.link))),
    ...storyLinks(page.navigation.story).map(same),
    ...page.breadcrumbs.map((crumb) => same(crumb.link)),
    ...page.languages.map((language) => ({
      link: language.link,
      otherLanguage: language.locale !== page.lang,
    })),
    ...page.content.colPos0.flatMap((element) =>
      element.content.headerLink ? [same(element.content.headerLink.url)] : [],
    ),
    ...page.content.colPos0.flatMap((element) =>
      [...element.content.bodytext.matchAll(/href="([^"]*)"/g)].map((match) => same(match[1] ?? '')),
    ),
  ]
}

describe('seed content', () => {
  it('has every page in German, English and French, valid by the contract', () => {
    expect(pages).toHaveLength(SEED_PAGES.length * LOCALES.length)
    for (const seed of SEED_PAGES) {
      for (const lang of LOCALES)
        expect(byKey.has(pageKey(lang, seed.slug)), `${lang}:${seed.slug}`).toBe(true)
    }
    for (const lang of LOCALES) {
      const [first] = pages
      if (first === undefined) throw new Error('no pages')
      expect(() =>
        CmsPageSchema.parse({ page: { navigation: content.navigation[lang] }, ...first }),
      ).not.toThrow()
    }
  })

  it('has the pages the spec names and one for every navigation link', () => {
    const slugs = SEED_PAGES.map((page) => page.slug)
    for (const slug of [
      'start',
      'kontakt',
      'datenschutz',
      'produktion/tipps-und-tricks-im-3d-druck',
      'agb-onlineportal',
      'zusammen-wachsen',
      'impressum',
      'portfolio',
      'ueber-uns',
      'downloads',
      'aussenhandel',
      'beratung',
      'konstruktion',
      'produktion',
    ]) {
      expect(slugs).toContain(slug)
    }
    const { main, footerleft, footerright } = content.navigation.de
    expect(main.map((entry) => entry.link)).toEqual(['/portfolio', '/ueber-uns', '/kontakt', '/downloads'])
    expect([...footerleft, ...footerright].map((entry) => entry.link)).toEqual([
      '/datenschutz',
      '/impressum',
      '/agb-onlineportal',
      '/aussenhandel',
    ])
    const story = byKey.get('de:produktion')?.navigation.story ?? []
    expect(story.map((entry) => entry.link)).toEqual(['/beratung', '/konstruktion', '/produktion'])
    expect(story.every((entry) => entry.children.length > 0)).toBe(true)
  })

  it('has no dead link: every shop path is a seed page (in that language) and every anchor an element', () => {
    for (const page of pages) {
      for (const { link, otherLanguage } of linksOf(page)) {
        if (/^(https?:|mailto:)/.test(link)) continue
        if (link.startsWith(`${CMS_MEDIA_PATH}/`)) {
          expect(mediaFiles, link).toContain(link.slice(CMS_MEDIA_PATH.length + 1))
          continue
        }
        const [path = '', anchor] = link.split('#')
        const target = path === '' ? page : byPath.get(path)
        expect(target, `${page.lang}:${page.slug} links to ${link}`).toBeDefined()
        if (target === undefined) continue
        if (!otherLanguage) expect(target.lang, `${page.lang}:${page.slug} links to ${link}`).toBe(page.lang)
        if (anchor !== undefined && !VIEW_ANCHORS.has(anchor)) {
          expect(
            target.content.colPos0.map((element) => element.id),
            `${page.lang}:${page.slug} links to ${link}`,
          ).toContain(anchor)
        }
      }
    }
  })

  it('links the languages of each page to each other', () => {
    const contact = byKey.get('de:kontakt')
    expect(contact?.languages).toEqual([
      { locale: 'de', link: '/kontakt' },
      { locale: 'en', link: '/en/kontakt' },
      { locale: 'fr', link: '/fr/kontakt' },
    ])
    expect(byKey.get('en:start')?.languages.map((language) => language.link)).toEqual(['/', '/en', '/fr'])
  })

  it('fills breadcrumbs from the start page down', () => {
    expect(byKey.get('en:produktion/tipps-und-tricks-im-3d-druck')?.breadcrumbs).toEqual([
      { title: 'Home', link: '/en' },
      { title: 'Production', link: '/en/produktion' },
      { title: 'Tips and tricks for 3D printing', link: '/en/produktion/tipps-und-tricks-im-3d-druck' },
    ])
    expect(byKey.get('de:start')?.breadcrumbs).toEqual([{ title: 'Start', link: '/' }])
  })

  it('has the cart-steps anchor on the design guidelines, covering wall thickness, tolerances and overhangs', () => {
    const guidelines = byKey.get('de:produktion/tipps-und-tricks-im-3d-druck')
    const ids = guidelines?.content.colPos0.map((element) => element.id)
    expect(ids).toEqual(expect.arrayContaining(['cart-steps', 'wandstaerke', 'toleranzen', 'ueberhaenge']))
    const text = guidelines?.content.colPos0.map((element) => element.content.bodytext).join(' ') ?? ''
    for (const process of ['FDM', 'SLS', 'MJF', 'SLA']) expect(text).toContain(process)
  })

  it('marks the legal pages as samples and uses the placeholder company', () => {
    for (const lang of LOCALES) {
      const html = (slug: string) =>
        byKey
          .get(pageKey(lang, slug))
          ?.content.colPos0.map((element) => element.content.bodytext)
          .join(' ') ?? ''
      expect(html('datenschutz')).toMatch(/Mustertext|Sample text|Texte d’exemple/)
      expect(html('agb-onlineportal')).toMatch(/Musterbedingungen|Sample terms|Conditions d’exemple/)
      expect(html('impressum')).toContain('Schichtwerk GmbH (Beispiel)')
    }
  })

  it('uses every element type and every layout at least once', () => {
    const elements = pages.flatMap((page) => page.content.colPos0)
    expect(new Set(elements.map((element) => element.type))).toEqual(new Set(CMS_ELEMENT_TYPES))
    expect(new Set(elements.map((element) => element.appearance.layout))).toEqual(new Set(CMS_LAYOUTS))
  })

  it('holds bodytext the sanitiser leaves unchanged, so nothing is lost on save', () => {
    for (const page of pages) {
      for (const element of page.content.colPos0) {
        // The sanitiser only adds rel="noopener noreferrer" to links.
        const clean = sanitizeCmsHtml(element.content.bodytext).replaceAll(` rel="${LINK_REL}"`, '')
        expect(clean, `${page.lang}:${page.slug}#${element.id}`).toBe(element.content.bodytext)
      }
    }
  })

  it('has a text in each language that differs from the German one (nothing left untranslated)', () => {
    for (const seed of SEED_PAGES) {
      const de = byKey.get(pageKey('de', seed.slug))
      for (const lang of ['en', 'fr'] as const) {
        const other = byKey.get(pageKey(lang, seed.slug))
        other?.content.colPos0.forEach((element, index) => {
          const german = de?.content.colPos0[index]?.content.bodytext ?? ''
          if (german.length > 80)
            expect(element.content.bodytext, `${lang}:${seed.slug}#${element.id}`).not.toBe(german)
        })
      }
    }
  })

  it('references only media files that exist, each used, each a plain SVG without scripts or external links', () => {
    const used = new Set(
      pages.flatMap((page) => [
        ...page.resources.media.map((media) => media.publicUrl),
        ...page.content.colPos0.flatMap(
          (element) => element.content.gallery?.images?.map((image) => image.publicUrl) ?? [],
        ),
      ]),
    )
    for (const url of used) expect(mediaFiles).toContain(url.replace(`${CMS_MEDIA_PATH}/`, ''))
    for (const file of mediaFiles) {
      expect(used.has(`${CMS_MEDIA_PATH}/${file}`), file).toBe(true)
      const svg = readFileSync(`${mediaDir}/${file}`, 'utf8')
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), file).toBe(true)
      expect(svg, file).not.toMatch(
        /<script|\son[a-z]+\s*=|href|<foreignObject|<image|url\(|<!ENTITY|<!DOCTYPE/i,
      )
    }
  })
})
