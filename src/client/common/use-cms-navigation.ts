import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useSyncExternalStore } from 'react'
import { type CmsNavEntry, type CmsNavigation, cmsPagePath } from '#shared/contracts/cms.contract.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useSlot } from '#client/common/slot.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { pathOf } from './cms-link.tsx'

type NavList = keyof CmsNavigation

/**
 * The shop's own pages for each list, shown until the CMS lists arrive and when they cannot be loaded, so the legal
 * pages (privacy, imprint, terms) are always one click away.
 */
const FALLBACK: Record<NavList, ReadonlyArray<{ title: MessageDescriptor; slug: string }>> = {
  main: [
    { title: msg`Portfolio`, slug: 'portfolio' },
    { title: msg`Über uns`, slug: 'ueber-uns' },
    { title: msg`Kontakt`, slug: 'kontakt' },
    { title: msg`Downloads`, slug: 'downloads' },
  ],
  top: [],
  footerleft: [
    { title: msg`Datenschutz`, slug: 'datenschutz' },
    { title: msg`Impressum`, slug: 'impressum' },
  ],
  footerright: [
    { title: msg`AGB`, slug: 'agb-onlineportal' },
    { title: msg`Außenwirtschaftsbedingungen`, slug: 'aussenhandel' },
  ],
}

/** One navigation list (main, top, footer left, footer right) in the current language. */
export function useCmsNavigationList(list: NavList): readonly CmsNavEntry[] {
  const { content } = useAppActors()
  const { i18n } = useLingui()
  const locale = useLocale()
  const loaded = useSelector(content.navigation, (snapshot) =>
    snapshot.hasTag('loading') || snapshot.hasTag('error') ? null : snapshot.context.navigation,
  )
  if (loaded) return loaded[list]
  return FALLBACK[list].map((entry) => ({
    title: i18n._(entry.title),
    link: cmsPagePath(locale, entry.slug),
  }))
}

/** The current path, to mark the entry of the page on screen. */
export function useIsCurrentLink(): (link: string) => boolean {
  const pathname = useLocation({ select: (location) => location.pathname })
  return (link) => !link.includes('#') && pathOf(link) === pathOf(pathname)
}

/**
 * The links of the CMS page on screen to itself in other languages (part 1 §3 `languages`), or null when no CMS page
 * is on screen (other pages switch language by their path).
 */
export function usePageLanguageLinks(): Partial<Record<Locale, string>> | null {
  const { content } = useAppActors()
  const actor = useSlot(content.page.current)
  const pathname = useLocation({ select: (location) => location.pathname })
  const current = () => actor?.getSnapshot() ?? null
  const snapshot = useSyncExternalStore(
    (onChange) => {
      if (!actor) return () => {}
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    current,
    // The server render of a content page (decision 0109) reads the same actor.
    current,
  )
  const page = snapshot?.hasTag('loaded') ? snapshot.context.page : null
  if (!page || cmsPagePath(page.lang, page.slug) !== pathOf(pathname)) return null
  return Object.fromEntries(page.languages.map((language) => [language.locale, language.link]))
}
