import { assign, fromPromise, setup } from 'xstate'
import { type CookieChoice, DEFAULT_COOKIE_CHOICE } from '#shared/contracts/cookie-choice.contract.ts'
import {
  OUTDATED_BROWSER_WARNING_DELAY_MS,
  OUTDATED_BROWSER_WARNING_DURATION_MS,
} from '#shared/domain/limits.ts'

export type Input = {
  /** The URL hash is `#cookie-consent`: open the dialog even when a choice is stored. */
  hashRequestsDialog: boolean
  /** The browser is outdated (IE 11): show the warning after saving. */
  isOutdatedBrowser: boolean
}

export type Context = {
  /** The stored choice; null until the visitor has chosen. */
  stored: CookieChoice | null
  /** What the open dialog shows and edits. */
  draft: CookieChoice
  hashRequestsDialog: boolean
  isOutdatedBrowser: boolean
}

export type Event =
  | { type: 'cookies.toggleStatistics' }
  | { type: 'cookies.toggleMarketing' }
  | { type: 'cookies.save' }
  | { type: 'cookies.acceptAll' }
  /** "Nur notwendige": statistics and marketing off, stored like a save. */
  | { type: 'cookies.onlyNecessary' }
  /** Escape or the close button: keeps the stored choice, or stores only-necessary when there is none (0091). */
  | { type: 'cookies.close' }
  | { type: 'cookies.open' }
  | { type: 'cookies.revoke' }

export const COOKIE_CONSENT_TAGS = ['loading', 'dialog-open', 'outdated-browser-warning'] as const
export type CookieConsentTag = (typeof COOKIE_CONSENT_TAGS)[number]

const isTagManagerEnabled = (choice: CookieChoice | null): boolean =>
  choice !== null && (choice.statisticCookies || choice.marketingCookies)

// A loaded choice switches the tag manager as saving it did (off while nothing is stored).
const applyStoredChoice = {
  type: 'setTagManager',
  params: ({ context }: { context: Context }) => ({ enabled: isTagManagerEnabled(context.stored) }),
} as const

/**
 * The cookie consent (spec part 1 §4, part 2 §4): loads the stored choice, opens the dialog when there is none or the
 * hash asks for it, stores the edited choice (or only the necessary cookies), closes without deciding anything away
 * (docs/decisions/0091), switches the tag manager, revokes, and times the outdated-browser warning.
 */
export const cookieConsentMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as CookieConsentTag,
  },
  actors: {
    /** Client: read and parse the `cookies` key from local storage; null when absent or invalid. */
    loadChoice: fromPromise<CookieChoice | null>(async () => {
      throw new Error('cookieConsent: loadChoice is not provided')
    }),
  },
  actions: {
    /** Client: write the choice to the `cookies` key in local storage. */
    storeChoice: (_, _params: { choice: CookieChoice }) => {},
    /** Client: remove the `cookies` key from local storage. */
    clearChoice: () => {},
    /** Client: enable or disable the tag manager. */
    setTagManager: (_, _params: { enabled: boolean }) => {},
    /** Client: reload the page. */
    reloadPage: () => {},
    draftFromStored: assign({ draft: ({ context }) => context.stored ?? DEFAULT_COOKIE_CHOICE }),
    storeDraft: assign({ stored: ({ context }) => context.draft }),
    onlyNecessaryInDraft: assign({
      draft: ({ context }) => ({ ...context.draft, statisticCookies: false, marketingCookies: false }),
    }),
    acceptAllInDraft: assign({
      draft: ({ context }) => ({ ...context.draft, statisticCookies: true, marketingCookies: true }),
    }),
  },
  guards: {
    isOutdatedBrowser: ({ context }) => context.isOutdatedBrowser,
    hasStoredChoice: ({ context }) => context.stored !== null,
    /** Open the dialog when nothing is stored or the hash asks for it. */
    mustAsk: (_, params: { stored: CookieChoice | null; hashRequestsDialog: boolean }) =>
      params.stored === null || params.hashRequestsDialog,
  },
  delays: {
    outdatedBrowserWarningDelay: OUTDATED_BROWSER_WARNING_DELAY_MS,
    outdatedBrowserWarningDuration: OUTDATED_BROWSER_WARNING_DURATION_MS,
  },
}).createMachine({
  id: 'cookieConsent',
  initial: 'loading',
  context: ({ input }) => ({
    stored: null,
    draft: DEFAULT_COOKIE_CHOICE,
    hashRequestsDialog: input.hashRequestsDialog,
    isOutdatedBrowser: input.isOutdatedBrowser,
  }),
  on: {
    // Revoking (privacy page) clears the choice and reloads the page, from wherever the consent is.
    'cookies.revoke': { target: '.revoked', actions: ['clearChoice', 'reloadPage'] },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadChoice',
        src: 'loadChoice',
        onDone: [
          {
            guard: {
              type: 'mustAsk',
              params: ({ context, event }) => ({
                stored: event.output,
                hashRequestsDialog: context.hashRequestsDialog,
              }),
            },
            target: 'dialogOpen',
            actions: [assign({ stored: ({ event }) => event.output }), applyStoredChoice, 'draftFromStored'],
          },
          {
            target: 'closed',
            actions: [assign({ stored: ({ event }) => event.output }), applyStoredChoice],
          },
        ],
        // Unreadable storage counts as no stored choice.
        onError: { target: 'dialogOpen', actions: 'draftFromStored' },
      },
    },
    dialogOpen: {
      tags: 'dialog-open',
      on: {
        'cookies.toggleStatistics': {
          actions: assign({
            draft: ({ context }) => ({ ...context.draft, statisticCookies: !context.draft.statisticCookies }),
          }),
        },
        'cookies.toggleMarketing': {
          actions: assign({
            draft: ({ context }) => ({ ...context.draft, marketingCookies: !context.draft.marketingCookies }),
          }),
        },
        'cookies.save': { target: 'saving' },
        'cookies.acceptAll': { target: 'saving', actions: 'acceptAllInDraft' },
        'cookies.onlyNecessary': { target: 'saving', actions: 'onlyNecessaryInDraft' },
        // Closing decides nothing away (docs/decisions/0091): a stored choice stays as it is (the draft's edits are
        // dropped); without one, only the necessary cookies, the choice that needs no consent, is stored.
        'cookies.close': [
          { guard: 'hasStoredChoice', target: 'closed', actions: 'draftFromStored' },
          { target: 'saving', actions: 'onlyNecessaryInDraft' },
        ],
      },
    },
    // Transient: store the draft, switch the tag manager, then close (with the warning timer if outdated).
    saving: {
      entry: [
        'storeDraft',
        { type: 'storeChoice', params: ({ context }) => ({ choice: context.draft }) },
        { type: 'setTagManager', params: ({ context }) => ({ enabled: isTagManagerEnabled(context.draft) }) },
      ],
      always: [{ guard: 'isOutdatedBrowser', target: 'closed.warningPending' }, { target: 'closed' }],
    },
    closed: {
      initial: 'idle',
      on: {
        'cookies.open': { target: 'dialogOpen', actions: 'draftFromStored' },
      },
      states: {
        idle: {},
        warningPending: {
          after: { outdatedBrowserWarningDelay: 'warningShown' },
        },
        warningShown: {
          tags: 'outdated-browser-warning',
          after: { outdatedBrowserWarningDuration: 'idle' },
        },
      },
    },
    // The page reloads; nothing more happens here.
    revoked: {},
  },
})
