import { assign, fromPromise, setup } from 'xstate'
import {
  DEFAULT_PREFERENCES,
  type PreferenceFlag,
  type Preferences,
} from '#shared/contracts/preferences.contract.ts'

/** The preferences have no input: they start unset and load from storage. */
export type Input = undefined

export type Context = {
  isBusinessCustomer: PreferenceFlag
  acceptAttachmentDisclaimer: PreferenceFlag
  /** A user is logged in: the customer type is the account's and a change is stored on the server too. */
  accountKnown: boolean
}

export type Event =
  | { type: 'preferences.setBusinessCustomer'; value: boolean }
  | { type: 'preferences.acceptAttachmentDisclaimer' }
  /** The session found or logged in a user; `isBusinessCustomer` is what the server reports for the account. */
  | { type: 'preferences.accountLoaded'; isBusinessCustomer: boolean }
  /** The session's user is gone (logout, expiry): the preferences are local only again. */
  | { type: 'preferences.accountCleared' }

/** What the server stores for the account (`PUT /api/auth/user/preferences`). */
export type AccountPreferences = { isBusinessCustomer: boolean }

export const PREFERENCES_TAGS = ['loading', 'saving'] as const
export type PreferencesTag = (typeof PREFERENCES_TAGS)[number]

const toPreferences = (context: Context): Preferences => ({
  isBusinessCustomer: context.isBusinessCustomer,
  acceptAttachmentDisclaimer: context.acceptAttachmentDisclaimer,
})

/**
 * The user preferences (spec part 1 §2 Layout, §5): business or private customer and the accepted attachment
 * disclaimer, loaded from and stored to local storage by the client. While a user is logged in the customer type is
 * the account's (issue 15: preferences of a logged-in user live on the server): the server's value replaces the local
 * one (and becomes the device's value, so the header does not jump at logout), and a change is saved to the account
 * as well. A failed save keeps the chosen value here and shows the generic warning; the next login brings the
 * server's value back. Local storage keeps being written, so the device shows the last choice after logout.
 */
export const preferencesMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as PreferencesTag,
  },
  actors: {
    /** Client: read and parse the preferences from local storage; null when absent or invalid. */
    loadPreferences: fromPromise<Preferences | null>(async () => {
      throw new Error('preferences: loadPreferences is not provided')
    }),
    /** Client: store the customer type on the logged-in account. */
    saveAccountPreferences: fromPromise<unknown, AccountPreferences>(async () => {
      throw new Error('preferences: saveAccountPreferences is not provided')
    }),
  },
  actions: {
    setBusiness: assign({
      isBusinessCustomer: (_, params: { value: boolean }) => ({ value: params.value, isSet: true }),
    }),
    /** Client: write the preferences to local storage. */
    storePreferences: (_, _params: { preferences: Preferences }) => {},
    /** Client: the generic warning when the account could not store the customer type. */
    notifySaveFailed: () => {},
  },
  guards: {
    accountKnown: ({ context }) => context.accountKnown,
  },
}).createMachine({
  id: 'preferences',
  initial: 'loading',
  context: { ...DEFAULT_PREFERENCES, accountKnown: false },
  on: {
    'preferences.accountLoaded': {
      actions: [
        { type: 'setBusiness', params: ({ event }) => ({ value: event.isBusinessCustomer }) },
        assign({ accountKnown: true }),
        { type: 'storePreferences', params: ({ context }) => ({ preferences: toPreferences(context) }) },
      ],
    },
    'preferences.accountCleared': { actions: assign({ accountKnown: false }) },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: {
          target: 'ready',
          // An account that arrived while loading decides the customer type; storage adds the rest.
          actions: assign(({ context, event }) => {
            if (event.output === null) return {}
            if (!context.accountKnown) return { ...event.output }
            return { acceptAttachmentDisclaimer: event.output.acceptAttachmentDisclaimer }
          }),
        },
        // Unreadable storage: keep the defaults.
        onError: { target: 'ready' },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'preferences.setBusinessCustomer': [
          {
            guard: 'accountKnown',
            // A newer choice restarts the save: the last one wins.
            target: '.saving',
            reenter: true,
            actions: [
              { type: 'setBusiness', params: ({ event }) => ({ value: event.value }) },
              {
                type: 'storePreferences',
                params: ({ context }) => ({ preferences: toPreferences(context) }),
              },
            ],
          },
          {
            actions: [
              { type: 'setBusiness', params: ({ event }) => ({ value: event.value }) },
              {
                type: 'storePreferences',
                params: ({ context }) => ({ preferences: toPreferences(context) }),
              },
            ],
          },
        ],
        'preferences.acceptAttachmentDisclaimer': {
          actions: [
            assign({ acceptAttachmentDisclaimer: { value: true, isSet: true } }),
            { type: 'storePreferences', params: ({ context }) => ({ preferences: toPreferences(context) }) },
          ],
        },
      },
      states: {
        idle: {},
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveAccountPreferences',
            src: 'saveAccountPreferences',
            input: ({ context }) => ({ isBusinessCustomer: context.isBusinessCustomer.value }),
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: 'notifySaveFailed' },
          },
          on: {
            // Logged out meanwhile: the account is no longer ours to write (the call would fail with 401).
            'preferences.accountCleared': { target: 'idle', actions: assign({ accountKnown: false }) },
          },
        },
      },
    },
  },
})
