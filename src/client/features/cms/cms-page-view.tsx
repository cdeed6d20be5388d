import { Trans } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { type CmsPage, isSupportedElementType, isSupportedLayout } from '#shared/contracts/cms.contract.ts'
import { CmsElements, type HeadingLevel, headingLevelOf } from './cms-element.tsx'
import { Breadcrumbs, StoryNavigation } from './cms-navigation-views.tsx'
import { CmsPageHead, cmsPageBanner } from './cms-page-head.tsx'
import './cms.css'

/** Once the content is there, scroll to the element the URL's hash names (`#cart-steps`, `#contact-form`). */
function useScrollToHash(ready: boolean) {
  const hash = useLocation({ select: (location) => location.hash })
  useEffect(() => {
    if (!ready || hash === '') return
    document.getElementById(hash)?.scrollIntoView({ block: 'start' })
  }, [ready, hash])
}

/**
 * A loaded CMS page (spec part 1 §3, part 2 §2): breadcrumbs, the page's banner picture when it has no hero element,
 * the story navigation beside the content, the elements, and what the route adds below them (the contact form). The
 * page's title, description and picture go into `<head>` ({@link CmsPageHead}, decision 0064); a page without an
 * `<h1>` element gets a hidden one with its title, so every page has one.
 */
export function CmsPageView(props: { page: CmsPage; isStale?: boolean; children?: ReactNode }) {
  const { page } = props
  useScrollToHash(!props.isStale)
  const elements = page.content.colPos0
  const hasH1 = elements.some(
    (element) =>
      isSupportedElementType(element.type) &&
      isSupportedLayout(element.appearance.layout) &&
      element.content.header !== '' &&
      headingLevelOf(element) === 1,
  )
  const banner = cmsPageBanner(page)
  return (
    <div className="cms-page" aria-busy={props.isStale ? true : undefined} lang={page.lang}>
      <CmsPageHead page={page} />
      <Breadcrumbs items={page.breadcrumbs} />
      {banner && (
        <div className="cms-page__banner">
          <img src={banner.src} alt={banner.alt} decoding="async" fetchPriority="high" />
        </div>
      )}
      <div className="cms-page__body" data-story-nav={page.navigation.story.length > 0 || undefined}>
        <StoryNavigation entries={page.navigation.story} />
        <div className="cms-page__content">
          {!hasH1 && <h1 className="visually-hidden">{page.meta.title}</h1>}
          <CmsElements elements={elements} />
          {props.children}
        </div>
      </div>
    </div>
  )
}

/** The CMS content below the home page's upload hero: no breadcrumbs, headings below the hero's `<h1>`. */
export function EmbeddedCmsContent({ page, minLevel }: { page: CmsPage; minLevel: HeadingLevel }) {
  return (
    <div className="cms-page cms-page--embedded" lang={page.lang}>
      <div className="cms-page__body" data-story-nav={page.navigation.story.length > 0 || undefined}>
        <StoryNavigation entries={page.navigation.story} />
        <div className="cms-page__content">
          <CmsElements elements={page.content.colPos0} minLevel={minLevel} />
        </div>
      </div>
    </div>
  )
}

/** While a page loads: its title (from the route) and placeholders. */
export function CmsPageLoading(props: { title?: string; children?: ReactNode }) {
  return (
    <div className="cms-page cms-page--loading" aria-busy="true">
      {props.title !== undefined && <h1>{props.title}</h1>}
      <p className="visually-hidden" role="status">
        <Trans>Inhalt wird geladen …</Trans>
      </p>
      <div className="cms-page__skeleton" aria-hidden="true">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--card" />
      </div>
      {props.children}
    </div>
  )
}
