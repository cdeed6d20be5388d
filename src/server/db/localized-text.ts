import type { Locale } from '#shared/domain/limits.ts'

/** A translatable text as stored in jsonb columns; German is required, the others fall back to it. */
export type LocalizedText = { de: string } & Partial<Record<Exclude<Locale, 'de'>, string>>

export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.de
}
