import { discountPercent, type NoticesConfig, WELCOME_CODE_PATTERN } from './notices-config.ts'

/** The URL hash that opens the welcome notice (spec part 2 §1). */
export const WELCOME_HASH = 'welcome-jomatik'
/** Where the browser remembers that the welcome notice was seen. */
export const WELCOME_SEEN_STORAGE_KEY = 'welcomeNoticeSeen'

/** What the welcome notice promises: a discount in percent, with the voucher code when the link gives one. */
export type WelcomeNotice = { amount: number; code: string | null }

/**
 * The welcome notice a location asks for, or null: the hash is `welcome-jomatik`, the amount and the code come as
 * parameters, either in the hash (`#welcome-jomatik?amount=10&code=JOMATIK10`) or in the query
 * (`?amount=10&code=JOMATIK10#welcome-jomatik`); invalid or missing ones take the configured defaults.
 */
export function welcomeNoticeOf(
  hash: string,
  searchStr: string,
  defaults: NoticesConfig['welcomeDefaults'],
): WelcomeNotice | null {
  const bare = hash.replace(/^#/, '')
  const queryStart = bare.indexOf('?')
  const name = queryStart === -1 ? bare : bare.slice(0, queryStart)
  if (name !== WELCOME_HASH) return null
  const fromHash = new URLSearchParams(queryStart === -1 ? '' : bare.slice(queryStart + 1))
  const fromSearch = new URLSearchParams(searchStr)
  const param = (key: string) => fromHash.get(key) ?? fromSearch.get(key) ?? ''
  const code = param('code').trim()
  return {
    amount: discountPercent(param('amount')) ?? defaults.amount,
    code: WELCOME_CODE_PATTERN.test(code) ? code : defaults.code,
  }
}

/** Remembers (in local storage) that the visitor closed the welcome notice, so it shows once. */
export type WelcomeStore = {
  isSeen(): boolean
  markSeen(): void
  subscribe(listener: () => void): () => void
}

export function createWelcomeStore(storage: Storage): WelcomeStore {
  const listeners = new Set<() => void>()
  return {
    isSeen: () => {
      try {
        return storage.getItem(WELCOME_SEEN_STORAGE_KEY) !== null
      } catch {
        return false
      }
    },
    markSeen: () => {
      try {
        storage.setItem(WELCOME_SEEN_STORAGE_KEY, new Date().toISOString())
      } catch {
        // Storage full or blocked: the notice may show again, which is harmless.
      }
      for (const listener of [...listeners]) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
