import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CMS_MEDIA_PATH } from '#shared/contracts/cms.contract.ts'
import { cmsPageMetaTags } from '#client/features/cms/cms-page-head.tsx'
import { CmsPageView } from '#client/features/cms/cms-page-view.tsx'
import {
  aboutPageWithBanner,
  contactPage,
  startPage,
  storyElement,
  storyPage,
} from '#client/testing/cms-story-pages.ts'
import { createFakeContentApi } from './fake-content-api.ts'
import { renderApp, renderWithApp } from './render-app.tsx'

/**
 * Decision 0064: a CMS page's description (else its subtitle) is the document's description and og:description
 * while it is on screen, its first picture its og:image, and — when it has no hero element — a banner above the
 * content.
 */

const SHOP_TITLE = 'Schichtwerk – 3D-Druck online'
const SHOP_DESCRIPTION =
  'Schichtwerk – 3D-Druck online bestellen: Modell hochladen, konfigurieren, Preis sehen.'

/** The head as `src/client/index.html` ships it. */
beforeEach(() => {
  document.head.innerHTML = `<meta name="description" content="${SHOP_DESCRIPTION}"><title>${SHOP_TITLE}</title>`
})
afterEach(() => {
  cleanup()
  document.head.innerHTML = ''
})

const metaContents = (attribute: 'name' | 'property', key: string) =>
  [...document.head.querySelectorAll('meta')]
    .filter((meta) => meta.getAttribute(attribute) === key)
    .map((meta) => meta.getAttribute('content'))

const imprintPage = storyPage({
  slug: 'impressum',
  title: 'Impressum',
  description: '',
  elements: [storyElement('text', 'default', { content: { header: 'Anbieter', headerLink: null } })],
})

describe('CMS page head', () => {
  it('makes the subtitle the description while the page is shown, and takes it back when the page goes', async () => {
    const api = createFakeContentApi({
      pages: { 'de/ueber-uns': aboutPageWithBanner, 'de/impressum': imprintPage },
    })
    const { router } = await renderApp({ path: '/ueber-uns', fetch: api.fetch })
    await screen.findByRole('heading', { level: 1, name: 'Über uns' })
    await waitFor(() => expect(document.title).toBe('Über uns – Schichtwerk'))
    expect(metaContents('name', 'description')).toEqual(['Schicht für Schicht, seit dem ersten Drucker'])
    expect(metaContents('property', 'og:description')).toEqual([
      'Schicht für Schicht, seit dem ersten Drucker',
    ])
    expect(metaContents('property', 'og:title')).toEqual(['Über uns'])

    // A page with neither description nor subtitle: the shop's description again, no og:description.
    await router.history.push('/impressum')
    await screen.findByRole('heading', { level: 1, name: 'Impressum' })
    await waitFor(() => expect(document.title).toBe('Impressum – Schichtwerk'))
    expect(metaContents('name', 'description')).toEqual([SHOP_DESCRIPTION])
    expect(metaContents('property', 'og:description')).toEqual([])
    expect(metaContents('property', 'og:title')).toEqual(['Impressum'])

    // A shop page that is no CMS page: the head as the shop ships it.
    await router.history.push('/cart')
    await waitFor(() => expect(document.title).toBe(SHOP_TITLE))
    expect(metaContents('name', 'description')).toEqual([SHOP_DESCRIPTION])
    expect(metaContents('property', 'og:title')).toEqual([])
  })

  it('prefers the description over the subtitle, and adds the description tag where the page has none', async () => {
    document.head.innerHTML = ''
    const page = { ...contactPage, meta: { ...contactPage.meta, subtitle: 'Wir sind für Sie da' } }
    await renderWithApp(<CmsPageView page={page} />)
    await waitFor(() => expect(metaContents('name', 'description')).toEqual(['Kontakt bei Schichtwerk']))
    cleanup()
    expect(metaContents('name', 'description')).toEqual([])
  })

  it('makes a raster picture the absolute og:image with its alt text; an SVG is no og:image', () => {
    const withPicture = (file: string, alt: string) =>
      storyPage({
        slug: 'portfolio',
        title: 'Portfolio',
        media: [{ publicUrl: `${CMS_MEDIA_PATH}/${file}`, alt }],
        elements: [],
      })
    expect(
      cmsPageMetaTags(withPicture('gehaeuse.png', 'Ein Gehäuse'), 'https://shop.test/portfolio'),
    ).toEqual([
      { attribute: 'property', key: 'og:title', content: 'Portfolio' },
      { attribute: 'name', key: 'description', content: 'Portfolio bei Schichtwerk' },
      { attribute: 'property', key: 'og:description', content: 'Portfolio bei Schichtwerk' },
      { attribute: 'property', key: 'og:image', content: 'https://shop.test/api/cms/media/gehaeuse.png' },
      { attribute: 'property', key: 'og:image:alt', content: 'Ein Gehäuse' },
    ])
    expect(
      cmsPageMetaTags(withPicture('team.svg', ''), 'https://shop.test/').map((tag) => tag.key),
    ).not.toContain('og:image')
  })
})

describe('CMS page banner', () => {
  const bannerSrc = `${CMS_MEDIA_PATH}/team.svg`

  it('shows the page picture above the content when the page has no hero, decorative without an alt text', async () => {
    const { container } = await renderWithApp(<CmsPageView page={aboutPageWithBanner} />)
    const banner = container.querySelector(`img[src="${bannerSrc}"]`)
    expect(banner?.getAttribute('alt')).toBe('')
    // Above the page's heading.
    const heading = screen.getByRole('heading', { level: 1, name: 'Über uns' })
    expect(banner?.compareDocumentPosition(heading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('names the banner with the picture’s own alt text', async () => {
    const page = {
      ...aboutPageWithBanner,
      resources: { media: [{ publicUrl: bannerSrc, alt: 'Das Team in der Werkstatt' }] },
    }
    await renderWithApp(<CmsPageView page={page} />)
    expect(screen.getByRole('img', { name: 'Das Team in der Werkstatt' }).getAttribute('src')).toBe(bannerSrc)
  })

  it('shows no banner on a page with a hero element (layout-4) or without a picture', async () => {
    const heroPage = { ...startPage, resources: { media: [{ publicUrl: bannerSrc, alt: 'Das Team' }] } }
    const { container } = await renderWithApp(<CmsPageView page={heroPage} />)
    expect(container.querySelector(`img[src="${bannerSrc}"]`)).toBeNull()
    expect(screen.queryByRole('img', { name: 'Das Team' })).toBeNull()
    cleanup()
    const plain = await renderWithApp(<CmsPageView page={contactPage} />)
    expect(plain.container.querySelectorAll('img')).toHaveLength(0)
  })
})
