import { assign, fromPromise, setup } from 'xstate'
import { type CmsNavigation } from '#shared/contracts/cms.contract.ts'
import { type Locale } from '#shared/domain/limits.ts'

export type Input = { lang: Locale }

export type Context = {
  lang: Locale
  /** The lists in the language they were loaded in; kept while another language loads. Null before the first. */
  navigation: CmsNavigation | null
}

/** The language changed (or the same one again after a failure): load the lists in it. */
export type Event = { type: 'navigation.load'; lang: Locale }

export const CMS_NAVIGATION_TAGS = ['loading', 'error'] as const
export type CmsNavigationTag = (typeof CMS_NAVIGATION_TAGS)[number]

/**
 * The CMS navigation lists (spec part 1 §2 "navigation lists main, top, footer-left, footer-right", part 2 §2
 * navigation): loaded when the app starts and again in each language. A small client machine that only loads, like
 * the print-mode catalogue, so it lives with its view.
 */
export const cmsNavigationMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as CmsNavigationTag,
  },
  actors: {
    /** Client: `GET /api/cms/navigation/{lang}`. */
    loadNavigation: fromPromise<CmsNavigation, { lang: Locale }>(async () => {
      throw new Error('cmsNavigation: loadNavigation is not provided')
    }),
  },
}).createMachine({
  id: 'cmsNavigation',
  initial: 'loading',
  context: ({ input }) => ({ lang: input.lang, navigation: null }),
  on: {
    'navigation.load': {
      target: '.loading',
      reenter: true,
      actions: assign({ lang: ({ event }) => event.lang }),
    },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadNavigation',
        src: 'loadNavigation',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: { target: 'ready', actions: assign({ navigation: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    ready: {},
    failed: { tags: 'error' },
  },
})
