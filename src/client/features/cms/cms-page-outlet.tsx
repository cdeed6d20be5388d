import { Navigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode } from 'react'
import { normalizeCmsSlug } from '#shared/contracts/cms.contract.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useSlot } from '#client/common/slot.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { type HeadingLevel } from './cms-element.tsx'
import { type CmsPageActor } from './cms-page-host.ts'
import { CmsPageLoading, CmsPageView, EmbeddedCmsContent } from './cms-page-view.tsx'

/**
 * What the CMS page actor holds, for one route's page (spec part 1 §2 "other paths: CMS pages", part 2 §2): the
 * page, placeholders while it loads (the same page in the last language stays while another language loads), and a
 * redirect to `/not-available?status=404|500` (part 1 §8) when it failed while it is on screen. The machine's
 * `goToNotAvailable` action is left a no-op for that reason: a failure never moves a visitor who has gone on.
 */

export type CmsOutletProps = {
  lang: Locale
  slug: string
  /** The title while the page loads (the route's page title). */
  loadingTitle?: string
  /** Content the route adds below the page (the contact form); shown in every state. */
  children?: ReactNode
  /** Go to /not-available when the page fails (default); else show only the children. */
  redirectOnFailure?: boolean
  /** Below the home page's hero: no breadcrumbs, headings from this level. */
  embeddedFrom?: HeadingLevel
}

/** The page actor's state for one route's page. */
export function CmsPageOutlet(props: CmsOutletProps) {
  const { content } = useAppActors()
  const actor = useSlot(content.page.current)
  if (!actor)
    return props.embeddedFrom ? null : (
      <CmsPageLoading title={props.loadingTitle}>{props.children}</CmsPageLoading>
    )
  return <CmsPageState actor={actor} {...props} />
}

function CmsPageState({ actor, ...props }: CmsOutletProps & { actor: CmsPageActor }) {
  const view = useSelector(
    actor,
    (snapshot) => ({
      isLoading: snapshot.hasTag('loading'),
      isFailed: snapshot.hasTag('error'),
      lang: snapshot.context.lang,
      slug: snapshot.context.slug,
      page: snapshot.context.page,
      failure: snapshot.context.failure,
    }),
    (a, b) =>
      a.isLoading === b.isLoading &&
      a.isFailed === b.isFailed &&
      a.lang === b.lang &&
      a.slug === b.slug &&
      a.page === b.page &&
      a.failure === b.failure,
  )
  const slug = normalizeCmsSlug(props.slug)
  const isThisPage = view.lang === props.lang && view.slug === slug
  if (isThisPage && view.isFailed) {
    if ((props.redirectOnFailure ?? true) && view.failure !== null) {
      return (
        <Navigate
          to="/{-$locale}/not-available"
          params={{ locale: localeParam(props.lang) }}
          search={{ status: view.failure }}
          replace
        />
      )
    }
    return props.embeddedFrom ? null : <>{props.children}</>
  }
  // The page itself, or the same page in the last language while the new one loads.
  const page = view.page !== null && view.page.slug === slug ? view.page : null
  if (page === null) {
    return props.embeddedFrom ? null : (
      <CmsPageLoading title={props.loadingTitle}>{props.children}</CmsPageLoading>
    )
  }
  const isStale = view.isLoading || !isThisPage || page.lang !== props.lang
  if (props.embeddedFrom) return <EmbeddedCmsContent page={page} minLevel={props.embeddedFrom} />
  return (
    <CmsPageView page={page} isStale={isStale}>
      {props.children}
    </CmsPageView>
  )
}
