import { fromPromise } from 'xstate'
import {
  type Event as PreferencesEvent,
  preferencesMachine,
} from '#machines/preferences/preferences.machine.ts'
import { USER_PREFERENCES_PATH, UserDetailsSchema } from '#shared/contracts/account.contract.ts'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import { PREFERENCES_STORAGE_KEY, PreferencesSchema } from '#shared/contracts/preferences.contract.ts'
import type { ApiClient } from './api-client.ts'
import { readStoredJson, writeStoredJson } from './local-storage.ts'
import { notify, type NotificationsRef } from './notify.ts'

export type PreferencesDeps = {
  storage: Storage
  /** The API client (a 401/403 refreshes the session first, docs/decisions/0088). */
  api: Pick<ApiClient, 'put'>
  notifications: NotificationsRef
}

/** What the preferences learn when the session's user appears or goes (the session's `notifyUserChanged`). */
export function accountEventOf(user: SessionUser | null): PreferencesEvent {
  return user === null
    ? { type: 'preferences.accountCleared' }
    : { type: 'preferences.accountLoaded', isBusinessCustomer: user.isBusinessCustomer }
}

/** The preferences with local storage as their store, and the account on the server while a user is logged in. */
export function createPreferencesActors(deps: PreferencesDeps) {
  return preferencesMachine.provide({
    actors: {
      loadPreferences: fromPromise(async () =>
        readStoredJson(deps.storage, PREFERENCES_STORAGE_KEY, PreferencesSchema),
      ),
      saveAccountPreferences: fromPromise(({ input, signal }) =>
        deps.api.put(USER_PREFERENCES_PATH, input, UserDetailsSchema, {
          signal,
        }),
      ),
    },
    actions: {
      storePreferences: (_, params) =>
        writeStoredJson(deps.storage, PREFERENCES_STORAGE_KEY, params.preferences),
      notifySaveFailed: () => notify(deps.notifications, 'generic-warning'),
    },
  })
}
