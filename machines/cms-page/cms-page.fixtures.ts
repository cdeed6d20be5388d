import type { CmsNavigation, CmsPage } from '#shared/contracts/cms.contract.ts'

/** Plain data for the CMS page machine's paths, tests and stories. */

export const navigationFixture: CmsNavigation = {
  main: [
    { title: 'Portfolio', link: '/portfolio' },
    { title: 'Über uns', link: '/ueber-uns' },
    { title: 'Kontakt', link: '/kontakt' },
    { title: 'Downloads', link: '/downloads' },
  ],
  top: [],
  footerleft: [
    { title: 'Datenschutz', link: '/datenschutz' },
    { title: 'Impressum', link: '/impressum' },
  ],
  footerright: [{ title: 'AGB', link: '/agb-onlineportal' }],
}

export const contactPageFixture: CmsPage = {
  page: { navigation: navigationFixture },
  lang: 'de',
  slug: 'kontakt',
  languages: [
    { locale: 'de', link: '/kontakt' },
    { locale: 'en', link: '/en/kontakt' },
    { locale: 'fr', link: '/fr/kontakt' },
  ],
  content: {
    colPos0: [
      {
        id: 'kontakt-intro',
        type: 'heading',
        appearance: { layout: 'default' },
        content: {
          header: 'Kontakt',
          subheader: 'Wir sind für Sie da',
          bodytext: '',
          headerLink: null,
          headerPosition: '',
          headerLayout: 1,
          gallery: null,
        },
      },
      {
        id: 'kontakt-text',
        type: 'text',
        appearance: { layout: 'default' },
        content: {
          header: '',
          subheader: '',
          bodytext: '<p>Schreiben Sie uns.</p>',
          headerLink: null,
          headerPosition: '',
          headerLayout: 0,
          gallery: null,
        },
      },
    ],
  },
  resources: { media: [] },
  meta: { title: 'Kontakt', subtitle: 'Wir sind für Sie da', description: '' },
  navigation: { story: [] },
  breadcrumbs: [
    { title: 'Start', link: '/' },
    { title: 'Kontakt', link: '/kontakt' },
  ],
}

export const englishContactPageFixture: CmsPage = {
  ...contactPageFixture,
  lang: 'en',
  meta: { title: 'Contact', subtitle: 'We are here for you', description: '' },
}
