import { useLingui } from '@lingui/react'
import { DEFAULT_LOCALE, type Locale } from '#shared/domain/limits.ts'
import { isLocale } from './locales.ts'

/** The active locale (the one the URL asked for; the locale route activates it before rendering). */
export function useLocale(): Locale {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
}
