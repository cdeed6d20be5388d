import {
  CMS_MEDIA_PATH,
  type CmsElement,
  type CmsLayout,
  type CmsNavigation,
  type CmsPage,
  cmsPagePath,
  type CmsStoryEntry,
} from '#shared/contracts/cms.contract.ts'
import { type Locale } from '#shared/domain/limits.ts'

/**
 * Plain CMS data for stories and DOM tests: the navigation lists and story navigation in each language (as the seed
 * content has them), elements of every type and layout, and pages built from them. The pictures are the seed's
 * (`src/server/modules/content/media`), which Storybook serves under `/api/cms/media` (`.storybook/main.ts`).
 */

type Localized = Record<Locale, string>
const l = (de: string, en: string, fr: string): Localized => ({ de, en, fr })

const NAV_TITLES = {
  portfolio: l('Portfolio', 'Portfolio', 'Réalisations'),
  'ueber-uns': l('Über uns', 'About us', 'À propos'),
  kontakt: l('Kontakt', 'Contact', 'Contact'),
  downloads: l('Downloads', 'Downloads', 'Téléchargements'),
  'produktion/tipps-und-tricks-im-3d-druck': l('Tipps & Tricks', 'Tips & tricks', 'Conseils'),
  'zusammen-wachsen': l('Zusammen wachsen', 'Growing together', 'Grandir ensemble'),
  datenschutz: l('Datenschutz', 'Privacy', 'Confidentialité'),
  impressum: l('Impressum', 'Imprint', 'Mentions légales'),
  'agb-onlineportal': l('AGB', 'Terms', 'CGV'),
  aussenhandel: l('Außenwirtschaftsbedingungen', 'Foreign trade terms', 'Commerce extérieur'),
} as const satisfies Record<string, Localized>

const entries = (lang: Locale, slugs: ReadonlyArray<keyof typeof NAV_TITLES>) =>
  slugs.map((slug) => ({ title: NAV_TITLES[slug][lang], link: cmsPagePath(lang, slug) }))

/** The navigation lists of the seed content in a language. */
export function storyNavigation(lang: Locale): CmsNavigation {
  return {
    main: entries(lang, ['portfolio', 'ueber-uns', 'kontakt', 'downloads']),
    top: entries(lang, ['produktion/tipps-und-tricks-im-3d-druck', 'zusammen-wachsen']),
    footerleft: entries(lang, ['datenschutz', 'impressum']),
    footerright: entries(lang, ['agb-onlineportal', 'aussenhandel']),
  }
}

/** The story navigation of the seed (consulting, construction, production) in German. */
export const storyNavEntries: CmsStoryEntry[] = [
  {
    title: 'Beratung',
    link: '/beratung',
    children: [
      { title: 'Werkstoffwahl', link: '/beratung#werkstoffwahl', children: [] },
      { title: 'Verfahrenswahl', link: '/beratung#verfahrenswahl', children: [] },
    ],
  },
  {
    title: 'Konstruktion',
    link: '/konstruktion',
    children: [{ title: 'CAD-Service', link: '/konstruktion#cad-service', children: [] }],
  },
  {
    title: 'Produktion',
    link: '/produktion',
    children: [
      { title: 'Verfahren', link: '/produktion#verfahren', children: [] },
      { title: 'Tipps und Tricks', link: '/produktion/tipps-und-tricks-im-3d-druck', children: [] },
    ],
  },
]

const picture = (file: string, alt: string, width = 400, height = 300) => ({
  publicUrl: `${CMS_MEDIA_PATH}/${file}`,
  alt,
  width,
  height,
})

export const storyPictures = {
  hero: picture('hero-printer.svg', 'Ein 3D-Drucker baut ein Bauteil Schicht für Schicht auf', 800, 600),
  layers: picture('layers.svg', 'Schmelzschichtung: eine Düse legt Strang für Strang ab'),
  powderBed: picture('powder-bed.svg', 'Selektives Lasersintern: ein Laser verschmilzt Kunststoffpulver'),
  resinVat: picture('resin-vat.svg', 'Stereolithografie: flüssiges Harz härtet unter UV-Licht aus'),
  multiJet: picture('multi-jet.svg', 'Multi Jet Fusion: Druckköpfe tragen Schmelzmittel auf'),
  consulting: picture('consulting.svg', 'Beratung am Tisch mit einem gedruckten Bauteil'),
  wallThickness: picture('wall-thickness.svg', 'Mindestwandstärken im Vergleich'),
} as const

const SAMPLE_BODY =
  '<p>Laden Sie Ihre Datei hoch, wählen Sie <strong>Werkstoff</strong>, Verfahren und Farbe und sehen Sie sofort Preis und Lieferzeit. Mehr in unseren <a href="/produktion/tipps-und-tricks-im-3d-druck">Tipps und Tricks</a>.</p><ul><li>STL, 3MF, STEP, PLY oder 3DS</li><li>bis 100 MB</li></ul>'

/** One element of a type and layout with sample texts (the story matrix of element types × layouts). */
export function storyElement(
  type: string,
  layout: CmsLayout | string,
  overrides: { id?: string; content?: Partial<CmsElement['content']> } = {},
): CmsElement {
  const withPictures = type === 'textpic'
  return {
    id: overrides.id ?? `${type}-${layout}`,
    type,
    appearance: { layout },
    content: {
      header: 'Vom 3D-Modell zum fertigen Bauteil',
      subheader: 'Industrieller 3D-Druck ab einem Stück',
      bodytext: type === 'heading' ? '' : SAMPLE_BODY,
      headerLink: { type: 'internal', url: '/kontakt#contact-form' },
      headerPosition: '',
      headerLayout: 0,
      gallery: withPictures
        ? {
            rows: 1,
            columns: 1,
            position: layout === 'default' ? 'right' : 'above',
            images: [storyPictures.hero],
          }
        : null,
      ...overrides.content,
    },
  }
}

/** Four quarter product boxes or content previews side by side (how the start page uses layout-6 and layout-7). */
export function storyCards(type: string, layout: 'layout-6' | 'layout-7'): CmsElement[] {
  const cards = [
    ['FDM', 'Schmelzschichtung', storyPictures.layers],
    ['SLS', 'Selektives Lasersintern', storyPictures.powderBed],
    ['MJF', 'Multi Jet Fusion', storyPictures.multiJet],
    ['SLA', 'Stereolithografie', storyPictures.resinVat],
  ] as const
  return cards.map(([header, subheader, image]) =>
    storyElement(type, layout, {
      id: `${type}-${layout}-${header.toLowerCase()}`,
      content: {
        header,
        subheader,
        bodytext: '<p>Robuste Teile für Prototypen und Kleinserien.</p>',
        headerLink: { type: 'internal', url: '/produktion#verfahren' },
        gallery: type === 'textpic' ? { rows: 1, columns: 1, position: 'above', images: [image] } : null,
      },
    }),
  )
}

/** A page around elements, with breadcrumbs, language links and (optionally) the story navigation. */
export function storyPage(options: {
  slug: string
  title: string
  elements: CmsElement[]
  lang?: Locale
  story?: boolean
  /** Default: none. */
  subtitle?: string
  /** Default: `{title} bei Schichtwerk`. */
  description?: string
  /** Page-level pictures (`resources.media`); default none. */
  media?: CmsPage['resources']['media']
}): CmsPage {
  const lang = options.lang ?? 'de'
  return {
    page: { navigation: storyNavigation(lang) },
    lang,
    slug: options.slug,
    languages: (['de', 'en', 'fr'] as const).map((locale) => ({
      locale,
      link: cmsPagePath(locale, options.slug),
    })),
    content: { colPos0: options.elements },
    resources: { media: options.media ?? [] },
    meta: {
      title: options.title,
      subtitle: options.subtitle ?? '',
      description: options.description ?? `${options.title} bei Schichtwerk`,
    },
    navigation: { story: options.story ? storyNavEntries : [] },
    breadcrumbs:
      options.slug === 'start'
        ? [{ title: 'Start', link: '/' }]
        : [
            { title: 'Start', link: cmsPagePath(lang, 'start') },
            { title: options.title, link: cmsPagePath(lang, options.slug) },
          ],
  }
}

/** The design guidelines with the story navigation and the `#cart-steps` anchor (part 1 §2). */
export const designGuidelinesPage: CmsPage = storyPage({
  slug: 'produktion/tipps-und-tricks-im-3d-druck',
  title: 'Tipps und Tricks im 3D-Druck',
  story: true,
  elements: [
    storyElement('heading', 'default', {
      id: 'tipps',
      content: { header: 'Tipps und Tricks im 3D-Druck', headerLayout: 1, headerLink: null },
    }),
    storyElement('textpic', 'default', {
      id: 'wandstaerken',
      content: {
        header: 'Wandstärken',
        subheader: '',
        headerLink: null,
        bodytext:
          '<p>Je Verfahren gelten eigene Mindestwandstärken.</p><table><thead><tr><th scope="col">Verfahren</th><th scope="col">Wandstärke</th></tr></thead><tbody><tr><td>FDM</td><td>1,2 mm</td></tr><tr><td>SLS</td><td>0,8 mm</td></tr></tbody></table>',
        gallery: { rows: 1, columns: 1, position: 'right', images: [storyPictures.wallThickness] },
      },
    }),
    storyElement('text', 'default', {
      id: 'cart-steps',
      content: {
        header: 'Vom Warenkorb zur Bestellung',
        subheader: '',
        headerLink: null,
        bodytext:
          '<ol><li>Objekte in den Warenkorb legen</li><li>Kunden- und Zahlungsdaten angeben</li><li>Bestellung prüfen und absenden</li></ol>',
      },
    }),
  ],
})

/** The start page as the home page shows it below the hero. */
export const startPage: CmsPage = storyPage({
  slug: 'start',
  title: 'Start',
  story: false,
  elements: [
    storyElement('textpic', 'layout-4', { id: 'hero', content: { headerLayout: 1, headerLink: null } }),
    storyElement('heading', 'default', {
      id: 'so-funktionierts',
      content: {
        header: 'So funktioniert’s',
        subheader: 'In drei Schritten zum Bauteil',
        headerPosition: 'center',
        headerLink: null,
      },
    }),
    ...storyCards('textpic', 'layout-6'),
    storyElement('textpic', 'layout-5', {
      id: 'werkstoffberatung',
      content: {
        header: 'Welcher Werkstoff passt zu Ihrem Teil?',
        subheader: '',
        headerLink: { type: 'internal', url: '/beratung' },
        gallery: { rows: 1, columns: 1, position: 'left', images: [storyPictures.consulting] },
      },
    }),
    storyElement('textpic', 'layout-3', {
      id: 'angebot',
      content: { header: 'Größere Stückzahl oder besondere Anforderungen?', subheader: '', gallery: null },
    }),
  ],
})

/** The contact page's CMS text (above the contact form). */
export const contactPage: CmsPage = storyPage({
  slug: 'kontakt',
  title: 'Kontakt',
  elements: [
    storyElement('heading', 'default', {
      id: 'kontakt',
      content: { header: 'Kontakt', subheader: 'Wir sind für Sie da', headerLayout: 1, headerLink: null },
    }),
    storyElement('text', 'default', {
      id: 'erreichbarkeit',
      content: {
        header: '',
        subheader: '',
        headerLink: null,
        bodytext:
          '<p>Wir antworten in der Regel innerhalb eines Werktags.</p><p><strong>E-Mail:</strong> <a href="mailto:info@schichtwerk.example">info@schichtwerk.example</a></p>',
      },
    }),
  ],
})

/** A page with a picture of its own and no hero element: the picture is its banner, decorative (decision 0064). */
export const aboutPageWithBanner: CmsPage = storyPage({
  slug: 'ueber-uns',
  title: 'Über uns',
  subtitle: 'Schicht für Schicht, seit dem ersten Drucker',
  description: '',
  media: [{ publicUrl: `${CMS_MEDIA_PATH}/team.svg`, alt: '' }],
  elements: [
    storyElement('heading', 'default', {
      id: 'ueber-uns',
      content: {
        header: 'Über uns',
        subheader: 'Schicht für Schicht, seit dem ersten Drucker',
        headerLayout: 1,
        headerLink: null,
      },
    }),
    storyElement('text', 'default', {
      id: 'werkstatt',
      content: {
        header: 'Unsere Werkstatt',
        subheader: '',
        headerLink: null,
        bodytext:
          '<p>In unserer Werkstatt in Berlin stehen Drucker für FDM, SLS, MJF und SLA. Jedes Teil prüfen wir, bevor es das Haus verlässt.</p>',
      },
    }),
  ],
})
