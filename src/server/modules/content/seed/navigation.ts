import { type CmsNavigation, cmsPagePath, type CmsStoryEntry } from '#shared/contracts/cms.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import { l, type Localized } from './seed-page.ts'

/**
 * The navigation lists of part 2 §2: main (portfolio, about, contact, downloads), top, footer (privacy, imprint,
 * terms, foreign trade terms) and the story navigation (consulting, construction, production, with children).
 */

type SeedLink = { title: Localized; slug: string; anchor?: string; children?: readonly SeedLink[] }

const link = (title: Localized, slug: string, anchor?: string, children?: readonly SeedLink[]): SeedLink => ({
  title,
  slug,
  ...(anchor === undefined ? {} : { anchor }),
  ...(children === undefined ? {} : { children }),
})

const MAIN: readonly SeedLink[] = [
  link(l('Portfolio', 'Portfolio', 'Réalisations'), 'portfolio'),
  link(l('Über uns', 'About us', 'À propos'), 'ueber-uns'),
  link(l('Kontakt', 'Contact', 'Contact'), 'kontakt'),
  link(l('Downloads', 'Downloads', 'Téléchargements'), 'downloads'),
]

const TOP: readonly SeedLink[] = [
  link(l('Tipps & Tricks', 'Tips & tricks', 'Conseils'), 'produktion/tipps-und-tricks-im-3d-druck'),
  link(l('Zusammen wachsen', 'Growing together', 'Grandir ensemble'), 'zusammen-wachsen'),
]

const FOOTER_LEFT: readonly SeedLink[] = [
  link(l('Datenschutz', 'Privacy', 'Confidentialité'), 'datenschutz'),
  link(l('Impressum', 'Imprint', 'Mentions légales'), 'impressum'),
]

const FOOTER_RIGHT: readonly SeedLink[] = [
  link(l('AGB', 'Terms', 'CGV'), 'agb-onlineportal'),
  link(l('Außenwirtschaftsbedingungen', 'Foreign trade terms', 'Commerce extérieur'), 'aussenhandel'),
]

const STORY: readonly SeedLink[] = [
  link(l('Beratung', 'Consulting', 'Conseil'), 'beratung', undefined, [
    link(l('Werkstoffwahl', 'Choosing a material', 'Choix du matériau'), 'beratung', 'werkstoffwahl'),
    link(l('Verfahrenswahl', 'Choosing a process', 'Choix du procédé'), 'beratung', 'verfahrenswahl'),
    link(l('Wirtschaftlichkeit', 'Economics', 'Rentabilité'), 'beratung', 'wirtschaftlichkeit'),
  ]),
  link(l('Konstruktion', 'Design engineering', 'Conception'), 'konstruktion', undefined, [
    link(l('CAD-Service', 'CAD service', 'Service CAO'), 'konstruktion', 'cad-service'),
    link(
      l('Reverse Engineering', 'Reverse engineering', 'Rétro-ingénierie'),
      'konstruktion',
      'reverse-engineering',
    ),
    link(
      l('Druckgerecht optimieren', 'Design for printing', 'Optimiser pour l’impression'),
      'konstruktion',
      'druckgerecht',
    ),
  ]),
  link(l('Produktion', 'Production', 'Production'), 'produktion', undefined, [
    link(l('Verfahren', 'Processes', 'Procédés'), 'produktion', 'verfahren'),
    link(l('Nachbearbeitung', 'Finishing', 'Finition'), 'produktion', 'nachbearbeitung'),
    link(
      l('Qualitätssicherung', 'Quality assurance', 'Contrôle qualité'),
      'produktion',
      'qualitaetssicherung',
    ),
    link(l('Tipps und Tricks', 'Tips and tricks', 'Conseils'), 'produktion/tipps-und-tricks-im-3d-druck'),
  ]),
]

const href = (entry: SeedLink, lang: Locale): string =>
  `${cmsPagePath(lang, entry.slug)}${entry.anchor === undefined ? '' : `#${entry.anchor}`}`

const entries = (list: readonly SeedLink[], lang: Locale) =>
  list.map((entry) => ({ title: entry.title[lang], link: href(entry, lang) }))

export function seedNavigation(lang: Locale): CmsNavigation {
  return {
    main: entries(MAIN, lang),
    top: entries(TOP, lang),
    footerleft: entries(FOOTER_LEFT, lang),
    footerright: entries(FOOTER_RIGHT, lang),
  }
}

export function seedStoryNavigation(lang: Locale): CmsStoryEntry[] {
  const toStory = (entry: SeedLink): CmsStoryEntry => ({
    title: entry.title[lang],
    link: href(entry, lang),
    children: (entry.children ?? []).map(toStory),
  })
  return STORY.map(toStory)
}
