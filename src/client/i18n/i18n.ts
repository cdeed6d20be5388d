import { i18n, type Messages } from '@lingui/core'
import { type Locale } from '#shared/domain/limits.ts'

type CatalogModule = { messages: Messages }

/**
 * Catalog loaders: the Lingui Vite plugin compiles each `.po` file on import, so every locale is its own small
 * chunk and no compiled catalog is committed.
 */
const catalogLoaders = {
  de: () => import('../../../locales/de/messages.po'),
  en: () => import('../../../locales/en/messages.po'),
  fr: () => import('../../../locales/fr/messages.po'),
} as const satisfies Record<Locale, () => Promise<CatalogModule>>

const loaded = new Set<Locale>()

/** Loads a locale's catalog once. */
export async function loadCatalog(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return
  const { messages } = await catalogLoaders[locale]()
  i18n.load(locale, messages)
  loaded.add(locale)
}

/**
 * Loads and activates a locale, and makes `<html lang>` follow it. Called before the first render (Lingui's
 * provider renders nothing without an active locale) and by the locale route before each navigation.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadCatalog(locale)
  if (i18n.locale !== locale) i18n.activate(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** Loads already-imported catalogs synchronously (Storybook and tests import all three up front). */
export function activateLoadedLocale(locale: Locale, messages: Messages): void {
  if (!loaded.has(locale)) {
    i18n.load(locale, messages)
    loaded.add(locale)
  }
  i18n.activate(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export { i18n }
