import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { CmsElements } from '#client/features/cms/cms-element.tsx'
import {
  contactPage,
  designGuidelinesPage,
  startPage,
  storyElement,
  storyNavigation,
  storyPage,
} from '#client/testing/cms-story-pages.ts'
import { createFakeContentApi } from './fake-content-api.ts'
import { renderApp, renderWithApp } from './render-app.tsx'

afterEach(cleanup)

describe('CMS elements', () => {
  it('uses headerLayout for the heading level: 1–5 are h1–h5, 0 the default, 100 hides the header', async () => {
    await renderWithApp(
      <CmsElements
        elements={[
          ...[1, 2, 3, 4, 5].map((level) =>
            storyElement('heading', 'default', {
              id: `level-${level}`,
              content: { header: `Ebene ${level}`, headerLayout: level, headerLink: null },
            }),
          ),
          storyElement('heading', 'default', {
            id: 'standard',
            content: { header: 'Standard', headerLink: null },
          }),
          storyElement('text', 'layout-6', { id: 'karte', content: { header: 'Karte', headerLink: null } }),
          storyElement('text', 'default', {
            id: 'versteckt',
            content: { header: 'Versteckt', headerLayout: 100, bodytext: '<p>sichtbarer Text</p>' },
          }),
        ]}
      />,
    )
    for (const level of [1, 2, 3, 4, 5]) {
      expect(screen.getByRole('heading', { name: `Ebene ${level}` }).tagName).toBe(`H${level}`)
    }
    expect(screen.getByRole('heading', { name: 'Standard' }).tagName).toBe('H2')
    expect(screen.getByRole('heading', { name: 'Karte' }).tagName).toBe('H3')
    expect(screen.queryByText('Versteckt')).toBeNull()
    expect(screen.getByText('sichtbarer Text')).toBeTruthy()
  })

  it('keeps content below the page title when told (the home page): no second h1', async () => {
    await renderWithApp(
      <CmsElements
        minLevel={2}
        elements={[storyElement('textpic', 'layout-4', { content: { header: 'Hero', headerLayout: 1 } })]}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Hero' }).tagName).toBe('H2')
  })

  it('shows the fallback warning listing the supported types for an unknown type or layout', async () => {
    await renderWithApp(
      <CmsElements
        elements={[
          storyElement('video', 'default', { id: 'film' }),
          storyElement('text', 'layout-9', { id: 'neu' }),
        ]}
      />,
    )
    const warnings = screen.getAllByRole('note')
    expect(warnings).toHaveLength(2)
    expect(warnings[0]?.textContent).toContain('Der Inhaltstyp „video“ wird nicht unterstützt.')
    expect(warnings[0]?.textContent).toContain(
      'Unterstützte Inhaltstypen: Überschrift, Text, Text mit Bildern.',
    )
    expect(warnings[1]?.textContent).toContain('Das Layout „layout-9“ wird nicht unterstützt.')
    expect(warnings[1]?.textContent).toContain('layout-7 (Inhaltsvorschau)')
    expect(document.getElementById('film')).toBe(warnings[0])
  })

  it('renders every type in every layout, the element id as DOM id and pictures with their alt text', async () => {
    const layouts = [
      'default',
      'layout-1',
      'layout-2',
      'layout-3',
      'layout-4',
      'layout-5',
      'layout-6',
      'layout-7',
    ]
    const elements = ['heading', 'text', 'textpic'].flatMap((type) =>
      layouts.map((layout) => storyElement(type, layout)),
    )
    const { container } = await renderWithApp(<CmsElements elements={elements} />)
    for (const element of elements)
      expect(container.querySelector(`#${element.id}`), element.id).not.toBeNull()
    expect(screen.queryAllByRole('note')).toHaveLength(0)
    // Only text with pictures shows pictures.
    expect(screen.getAllByRole('img', { name: /3D-Drucker/ })).toHaveLength(8)
  })

  it('links an internal header link through the router; the call to action names its heading', async () => {
    const { router } = await renderWithApp(
      <CmsElements
        elements={[storyElement('textpic', 'layout-3', { id: 'angebot', content: { header: 'Angebot' } })]}
      />,
    )
    const button = screen.getByRole('link', { name: 'Mehr erfahren' })
    expect(button.getAttribute('aria-describedby')).toBe('angebot-title')
    await userEvent.click(button)
    expect(router.state.location.pathname).toBe('/kontakt')
    expect(router.state.location.hash).toBe('contact-form')
  })
})

describe('CMS routes', () => {
  const pages = {
    'de/kontakt': contactPage,
    'de/start': startPage,
    'de/produktion/tipps-und-tricks-im-3d-druck': designGuidelinesPage,
    'en/datenschutz': storyPage({
      slug: 'datenschutz',
      lang: 'en',
      title: 'Privacy policy',
      elements: [storyElement('text', 'default', { content: { header: 'Your data', headerLink: null } })],
    }),
  }

  it('loads a fixed content route by its slug and language and shows breadcrumbs', async () => {
    const api = createFakeContentApi({ pages })
    await renderApp({ path: '/datenschutz', locale: 'en', fetch: api.fetch })
    expect(await screen.findByRole('heading', { level: 2, name: 'Your data' })).toBeTruthy()
    expect(api.calls()).toContain('GET /api/cms/pages/en/datenschutz')
    // The page has no h1 element: its title is the hidden h1.
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' })
    expect(within(crumbs).getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/en')
    expect(within(crumbs).getByText('Privacy policy').getAttribute('aria-current')).toBe('page')
  })

  it('shows the story navigation with the current page marked and scrolls to the anchor', async () => {
    const api = createFakeContentApi({ pages })
    await renderApp({ path: '/produktion/tipps-und-tricks-im-3d-druck#cart-steps', fetch: api.fetch })
    const nav = await screen.findByRole('navigation', { name: 'Themen' })
    expect(within(nav).getByRole('link', { name: 'Tipps und Tricks' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Beratung' }).getAttribute('aria-current')).toBeNull()
    expect(document.getElementById('cart-steps')).not.toBeNull()
  })

  it('renders the start page below the home hero without a second h1, and never redirects from home', async () => {
    const api = createFakeContentApi({ pages })
    await renderApp({ path: '/', fetch: api.fetch })
    expect(await screen.findByRole('heading', { name: 'So funktioniert’s' })).toBeTruthy()
    expect(api.calls()).toContain('GET /api/cms/pages/de/start')
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      '3D-Druck online bestellen',
    ])
    cleanup()
    const failing = createFakeContentApi({ pageError: 'service_unavailable' })
    const { router } = await renderApp({ path: '/', fetch: failing.fetch })
    await waitFor(() => expect(failing.calls()).toContain('GET /api/cms/pages/de/start'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByRole('heading', { level: 1, name: '3D-Druck online bestellen' })).toBeTruthy()
  })

  it('goes to /not-available with the 4xx wording for an unknown page', async () => {
    const api = createFakeContentApi({ pages })
    const { router } = await renderApp({ path: '/gibt-es-nicht', fetch: api.fetch })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diese Seite ist nicht verfügbar' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/not-available')
    expect(router.state.location.search).toEqual({ status: 404 })
  })

  it('goes to /not-available with the 5xx wording when the server fails', async () => {
    const api = createFakeContentApi({ pageError: 'service_unavailable' })
    const { router } = await renderApp({ path: '/en/portfolio', locale: 'en', fetch: api.fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/en/not-available')
    expect(router.state.location.search).toEqual({ status: 500 })
  })

  it('does not ask the server for a path no CMS page can have', async () => {
    const api = createFakeContentApi({ pages })
    await renderApp({ path: '/Foo.Bar', fetch: api.fetch })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diese Seite ist nicht verfügbar' }),
    ).toBeTruthy()
    expect(api.calls().filter((call) => call.startsWith('GET /api/cms/pages'))).toEqual([])
  })

  it('fills the header and footer menus from the navigation lists, in the current language', async () => {
    const api = createFakeContentApi({
      pages,
      navigation: (lang) => ({
        ...storyNavigation(lang === 'en' ? 'en' : 'de'),
        main: [
          {
            title: lang === 'en' ? 'Our work' : 'Unsere Arbeit',
            link: lang === 'en' ? '/en/portfolio' : '/portfolio',
          },
        ],
      }),
    })
    await renderApp({ path: '/kontakt', fetch: api.fetch, content: { navigation: 'loading' } })
    const main = screen.getByRole('navigation', { name: 'Hauptnavigation' })
    expect((await within(main).findByRole('link', { name: 'Unsere Arbeit' })).getAttribute('href')).toBe(
      '/portfolio',
    )
    expect(api.calls()).toContain('GET /api/cms/navigation/de')
    const footer = screen.getByRole('navigation', { name: 'Rechtliches' })
    expect(
      within(footer).getByRole('link', { name: 'Außenwirtschaftsbedingungen' }).getAttribute('href'),
    ).toBe('/aussenhandel')
    await userEvent.click(screen.getByRole('link', { name: 'English' }))
    expect(await within(main).findByRole('link', { name: 'Our work' })).toBeTruthy()
    expect(api.calls()).toContain('GET /api/cms/navigation/en')
  })

  it('keeps the legal links in the footer when the navigation cannot be loaded', async () => {
    await renderApp({ path: '/cart', content: { navigation: 'failed' } })
    const footer = await screen.findByRole('navigation', { name: 'Rechtliches' })
    expect(within(footer).getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe(
      '/datenschutz',
    )
    expect(within(footer).getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/impressum')
  })

  it('switches language with the links the page names', async () => {
    const page = {
      ...contactPage,
      languages: [
        { locale: 'de' as const, link: '/kontakt' },
        { locale: 'en' as const, link: '/en/contact-us' },
      ],
    }
    await renderApp({
      path: '/kontakt',
      fetch: createFakeContentApi({ pages: { 'de/kontakt': page } }).fetch,
    })
    await screen.findByRole('heading', { level: 1, name: 'Kontakt' })
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/en/contact-us'),
    )
    expect(screen.getByRole('link', { name: 'Français' }).getAttribute('href')).toBe('/fr/kontakt')
  })
})
