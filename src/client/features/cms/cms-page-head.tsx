import { type CmsPage, isSupportedElementType } from '#shared/contracts/cms.contract.ts'
import { type DocumentMetaTag, useDocumentMeta } from '#client/common/use-document-meta.ts'

/**
 * What a CMS page puts into the document's `<head>` and above its content (decision 0064): the title, the
 * description (`meta.description`, else `meta.subtitle`) as `description` and `og:description`, the first page
 * picture (`resources.media[0]`) as `og:image`, and that picture as a banner when the page has no hero of its own.
 */

/** The page's description for search results and link previews: its description, else its subtitle; '' for none. */
export function cmsPageDescription(page: CmsPage): string {
  return page.meta.description.trim() || page.meta.subtitle.trim()
}

/** No common link-preview consumer renders SVG, so an SVG picture is no `og:image`. */
const isSvgUrl = (url: URL) => /\.svg$/i.test(url.pathname)

/** The `<meta>` tags of a page; `baseUrl` makes the picture's URL absolute, as `og:image` requires. */
export function cmsPageMetaTags(page: CmsPage, baseUrl: string): DocumentMetaTag[] {
  const description = cmsPageDescription(page)
  const tags: DocumentMetaTag[] = [{ attribute: 'property', key: 'og:title', content: page.meta.title }]
  if (description !== '') {
    tags.push(
      { attribute: 'name', key: 'description', content: description },
      { attribute: 'property', key: 'og:description', content: description },
    )
  }
  const media = page.resources.media[0]
  if (media) {
    const image = new URL(media.publicUrl, baseUrl)
    if (!isSvgUrl(image)) {
      tags.push({ attribute: 'property', key: 'og:image', content: image.href })
      if (media.alt.trim() !== '')
        tags.push({ attribute: 'property', key: 'og:image:alt', content: media.alt.trim() })
    }
  }
  return tags
}

/** True when the page has a hero banner element (layout-4) that the view renders as one. */
const hasHeroElement = (page: CmsPage) =>
  page.content.colPos0.some(
    (element) => isSupportedElementType(element.type) && element.appearance.layout === 'layout-4',
  )

/**
 * The banner above the page's content: its first picture, unless the page has a hero element, which is its banner.
 * The alt text is the picture's own (empty: decorative, the page's `<h1>` names the page).
 */
export function cmsPageBanner(page: CmsPage): { src: string; alt: string } | null {
  const media = page.resources.media[0]
  if (!media || hasHeroElement(page)) return null
  return { src: media.publicUrl, alt: media.alt.trim() }
}

/** The page's title and `<meta>` tags in `<head>` while the page is on screen. */
export function CmsPageHead({ page }: { page: CmsPage }) {
  // The server render (decision 0109) has no document; it writes these tags into `<head>` itself.
  const baseUrl = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI
  useDocumentMeta(cmsPageMetaTags(page, baseUrl))
  return <title>{`${page.meta.title} – Schichtwerk`}</title>
}
