import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/domain/limits.ts'

/** Locales other than the default (German) carry a path prefix (`/en/...`, `/fr/...`). */
export type PrefixedLocale = Exclude<Locale, 'de'>

/** Autonyms: a language is always named in itself, so these are data, not translatable UI text. */
export const LOCALE_AUTONYMS = { de: 'Deutsch', en: 'English', fr: 'Français' } as const satisfies Record<
  Locale,
  string
>

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** True for a value that may stand in the optional `{-$locale}` path segment. */
export function isPrefixedLocale(value: unknown): value is PrefixedLocale {
  return isLocale(value) && value !== DEFAULT_LOCALE
}

/** The locale a path is in: its first segment when that is a locale prefix, German otherwise. */
export function localeFromPathname(pathname: string): Locale {
  const first = pathname.split('/')[1]
  return isPrefixedLocale(first) ? first : DEFAULT_LOCALE
}

/** The path without its locale prefix, always starting with `/`. */
export function stripLocalePrefix(pathname: string): string {
  const segments = pathname.split('/')
  if (isPrefixedLocale(segments[1])) {
    const rest = segments.slice(2).join('/')
    return `/${rest}`
  }
  return pathname === '' ? '/' : pathname
}

/** The same page in another locale: `/cart` → `/en/cart`, `/en/cart` → `/cart` (German) or `/fr/cart`. */
export function localizePathname(pathname: string, locale: Locale): string {
  const bare = stripLocalePrefix(pathname)
  if (locale === DEFAULT_LOCALE) return bare
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`
}

/** The value of the optional `{-$locale}` route param for a locale (`undefined` for German). */
export function localeParam(locale: Locale): PrefixedLocale | undefined {
  return isPrefixedLocale(locale) ? locale : undefined
}
