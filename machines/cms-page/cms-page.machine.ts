import { assign, fromPromise, setup } from 'xstate'
import { type CmsPage, normalizeCmsSlug } from '#shared/contracts/cms.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import { httpStatusOf } from '#machines/api-call/api-error.ts'

export type Input = {
  lang: Locale
  /** The path slug (`kontakt`, `produktion/tipps-und-tricks-im-3d-druck`); empty for the start page. */
  slug: string
}

/** The status the not-available page is opened with: 404 "moved or gone", 500 "could not process, try later". */
export type NotAvailableStatus = 404 | 500

export type Context = {
  lang: Locale
  /** Normalised: `''` is `start`. */
  slug: string
  /** The last page loaded; kept while the next one loads. */
  page: CmsPage | null
  /** Why the last load failed; null otherwise. */
  failure: NotAvailableStatus | null
}

export type Event = { type: 'page.navigate'; lang: Locale; slug: string }

export const CMS_PAGE_TAGS = ['loading', 'loaded', 'error'] as const
export type CmsPageTag = (typeof CMS_PAGE_TAGS)[number]

/** A 4xx answer means the page does not exist (any more); anything else, a network error included, is a 500. */
export const notAvailableStatusOf = (error: unknown): NotAvailableStatus => {
  const status = httpStatusOf(error)
  return status !== null && status >= 400 && status < 500 ? 404 : 500
}

/**
 * A CMS page (spec part 1 §2 "other paths: CMS pages", §8 "CMS page load failure: go to /not-available"; part 2 §2
 * CMS content and /not-available by status class): loads the page for a language and slug, reloads on navigation,
 * and sends the view to the not-available page with 404 or 500 when loading fails.
 */
export const cmsPageMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as CmsPageTag,
  },
  actors: {
    /** Client: `GET /api/cms/pages/{lang}/{slug}`, the answer parsed with GetCmsPageResponseSchema. */
    fetchPage: fromPromise<CmsPage, { lang: Locale; slug: string }>(async () => {
      throw new Error('cmsPage: fetchPage is not provided')
    }),
  },
  actions: {
    /** Client: replace the route with `/not-available?status=…` (in the current language). */
    goToNotAvailable: (_, _params: { status: NotAvailableStatus }) => {},
    setFailure: assign((_, params: { status: NotAvailableStatus }) => ({ failure: params.status })),
  },
}).createMachine({
  id: 'cmsPage',
  initial: 'loading',
  context: ({ input }) => ({
    lang: input.lang,
    slug: normalizeCmsSlug(input.slug),
    page: null,
    failure: null,
  }),
  on: {
    // Another page (or language) of the CMS route, or the same one again: always (re)load.
    'page.navigate': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ lang: event.lang, slug: normalizeCmsSlug(event.slug) })),
    },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ lang: context.lang, slug: context.slug }),
        onDone: { target: 'loaded', actions: assign({ page: ({ event }) => event.output, failure: null }) },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ status: notAvailableStatusOf(event.error) }) },
            {
              type: 'goToNotAvailable',
              params: ({ event }) => ({ status: notAvailableStatusOf(event.error) }),
            },
          ],
        },
      },
    },
    loaded: { tags: 'loaded' },
    failed: { tags: 'error' },
  },
})
