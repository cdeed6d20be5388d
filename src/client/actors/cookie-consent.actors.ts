import { fromPromise } from 'xstate'
import { cookieConsentMachine } from '#machines/cookie-consent/cookie-consent.machine.ts'
import { COOKIE_CHOICE_STORAGE_KEY, CookieChoiceSchema } from '#shared/contracts/cookie-choice.contract.ts'
import { readStoredJson, writeStoredJson } from './local-storage.ts'
import { type TagManager } from './tag-manager.ts'

export type CookieConsentDeps = {
  storage: Storage
  tagManager: TagManager
  reloadPage: () => void
}

/** The cookie consent with its real edges: local storage (`cookies`), the tag manager stub and a page reload. */
export function createCookieConsentActors(deps: CookieConsentDeps) {
  return cookieConsentMachine.provide({
    actors: {
      loadChoice: fromPromise(async () =>
        readStoredJson(deps.storage, COOKIE_CHOICE_STORAGE_KEY, CookieChoiceSchema),
      ),
    },
    actions: {
      storeChoice: (_, params) => writeStoredJson(deps.storage, COOKIE_CHOICE_STORAGE_KEY, params.choice),
      clearChoice: () => deps.storage.removeItem(COOKIE_CHOICE_STORAGE_KEY),
      setTagManager: (_, params) => deps.tagManager.setEnabled(params.enabled),
      reloadPage: () => deps.reloadPage(),
    },
  })
}
