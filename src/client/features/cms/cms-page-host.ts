import {
  type ActorRefFrom,
  createActor,
  fromPromise,
  type InspectionEvent,
  type Observer,
  type Snapshot,
} from 'xstate'
import { cmsPageMachine } from '#machines/cms-page/cms-page.machine.ts'
import { normalizeCmsSlug } from '#shared/contracts/cms.contract.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { createSlot, type Slot } from '#client/common/slot.ts'
import { type CmsClient } from './cms-client.ts'

export type CmsPageActor = ActorRefFrom<typeof cmsPageMachine>

/**
 * The CMS page on screen: one `cmsPage` actor, created when the first CMS route is entered and told about every
 * later one (`page.navigate`), so the last page stays visible while the next loads.
 */
export type CmsPageHost = {
  /** The page actor; null until a CMS route was entered. */
  current: Slot<CmsPageActor | null>
  /** A CMS route is entered: load its page unless that very page is loading or loaded already. */
  open(lang: Locale, slug: string): void
  stop(): void
}

/**
 * The machine with its client edges. `goToNotAvailable` stays the machine's no-op: the CMS views redirect to
 * `/not-available?status=…` while they show a failed page (see `cms-routes.tsx`), so a failure never moves a
 * visitor who has gone on to another page, and the start page below the home hero never redirects.
 */
export function createCmsPageLogic(cms: Pick<CmsClient, 'fetchPage'>) {
  return cmsPageMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input, signal }) => cms.fetchPage(input.lang, input.slug, signal)),
    },
  })
}

export function createCmsPageHost(deps: {
  cms: Pick<CmsClient, 'fetchPage'>
  inspect?: Observer<InspectionEvent> | undefined
  /** Start with a page actor in this state (stories and tests). */
  snapshot?: Snapshot<unknown> | undefined
}): CmsPageHost {
  const logic = createCmsPageLogic(deps.cms)
  const current = createSlot<CmsPageActor | null>(null)
  const start = (lang: Locale, slug: string, snapshot?: Snapshot<unknown>) => {
    const actor = createActor(logic, {
      input: { lang, slug },
      ...(snapshot ? { snapshot } : {}),
      ...(deps.inspect ? { inspect: deps.inspect } : {}),
    })
    actor.start()
    current.set(actor)
  }
  if (deps.snapshot) {
    const { lang, slug } = (deps.snapshot as unknown as { context: { lang: Locale; slug: string } }).context
    start(lang, slug, deps.snapshot)
  }

  return {
    current,
    open(lang, slug) {
      const actor = current.get()
      if (!actor) {
        start(lang, slug)
        return
      }
      const snapshot = actor.getSnapshot()
      const isSamePage = snapshot.context.lang === lang && snapshot.context.slug === normalizeCmsSlug(slug)
      if (isSamePage && (snapshot.hasTag('loading') || snapshot.hasTag('loaded'))) return
      actor.send({ type: 'page.navigate', lang, slug })
    },
    stop() {
      current.get()?.stop()
    },
  }
}
