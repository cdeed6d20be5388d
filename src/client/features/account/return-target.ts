import { stripLocalePrefix } from '#client/i18n/locales.ts'

const BASE = 'https://return-target.invalid'
const MAX_LENGTH = 2_000

const hasControlCharacter = (text: string): boolean =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)

/**
 * The `returnTo` search parameter of `/login`, made safe: only a path of this site (no scheme, no `//host`, no
 * backslash trick) survives, without its locale prefix (the login page returns in the language it is shown in) and
 * never `/login` itself. Anything else is dropped, so a crafted link cannot send the shopper elsewhere after login.
 */
export function safeReturnTo(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return undefined
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw))
    return undefined
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return undefined
  }
  if (url.origin !== BASE) return undefined
  const path = stripLocalePrefix(url.pathname)
  if (path === '/login' || path.startsWith('/login/')) return undefined
  return `${path}${url.search}${url.hash}`
}

/** The search of `/login` (validated): where to go after logging in. */
export type LoginSearch = { returnTo?: string }

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const returnTo = safeReturnTo(search.returnTo)
  return returnTo === undefined ? {} : { returnTo }
}
