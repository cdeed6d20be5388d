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
}

export type Event =
  | { type: 'preferences.setBusinessCustomer'; value: boolean }
  | { type: 'preferences.acceptAttachmentDisclaimer' }

export const PREFERENCES_TAGS = ['loading'] as const
export type PreferencesTag = (typeof PREFERENCES_TAGS)[number]

const toPreferences = (context: Context): Preferences => ({
  isBusinessCustomer: context.isBusinessCustomer,
  acceptAttachmentDisclaimer: context.acceptAttachmentDisclaimer,
})

/**
 * The user preferences (spec part 1 §2 Layout, §5): business or private customer and the accepted attachment
 * disclaimer, loaded from and stored to local storage by the client.
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
  },
  actions: {
    /** Client: write the preferences to local storage. */
    storePreferences: (_, _params: { preferences: Preferences }) => {},
  },
}).createMachine({
  id: 'preferences',
  initial: 'loading',
  context: { ...DEFAULT_PREFERENCES },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => (event.output === null ? {} : { ...event.output })),
        },
        // Unreadable storage: keep the defaults.
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        'preferences.setBusinessCustomer': {
          actions: [
            assign({ isBusinessCustomer: ({ event }) => ({ value: event.value, isSet: true }) }),
            { type: 'storePreferences', params: ({ context }) => ({ preferences: toPreferences(context) }) },
          ],
        },
        'preferences.acceptAttachmentDisclaimer': {
          actions: [
            assign({ acceptAttachmentDisclaimer: { value: true, isSet: true } }),
            { type: 'storePreferences', params: ({ context }) => ({ preferences: toPreferences(context) }) },
          ],
        },
      },
    },
  },
})
