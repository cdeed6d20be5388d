import { fromPromise } from 'xstate'
import { preferencesMachine } from '#machines/preferences/preferences.machine.ts'
import { PREFERENCES_STORAGE_KEY, PreferencesSchema } from '#shared/contracts/preferences.contract.ts'
import { readStoredJson, writeStoredJson } from './local-storage.ts'

/** The preferences with local storage as their store. */
export function createPreferencesActors(deps: { storage: Storage }) {
  return preferencesMachine.provide({
    actors: {
      loadPreferences: fromPromise(async () =>
        readStoredJson(deps.storage, PREFERENCES_STORAGE_KEY, PreferencesSchema),
      ),
    },
    actions: {
      storePreferences: (_, params) =>
        writeStoredJson(deps.storage, PREFERENCES_STORAGE_KEY, params.preferences),
    },
  })
}
