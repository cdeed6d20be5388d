import { type Locale } from '#shared/domain/limits.ts'
import { CURRENCY } from '#shared/domain/limits.ts'
import { type Cents } from '#shared/domain/money.ts'

/** The number formats of each UI language (spec part 1 §9: German formatting, EUR, 2 decimals). */
export const INTL_LOCALES = { de: 'de-DE', en: 'en-US', fr: 'fr-FR' } as const satisfies Record<
  Locale,
  string
>

const moneyFormats = new Map<Locale, Intl.NumberFormat>()
const moneyFormat = (locale: Locale) => {
  let format = moneyFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'currency', currency: CURRENCY })
    moneyFormats.set(locale, format)
  }
  return format
}

/** 1488 → "14,88 €" (de), "€14.88" (en), "14,88 €" (fr). */
export function formatMoney(cents: Cents, locale: Locale): string {
  return moneyFormat(locale).format(cents / 100)
}

/** The empty-value currency placeholder for a selection that cannot be priced: "–,–– €" (de), "€–.––" (en). */
export function moneyPlaceholder(locale: Locale): string {
  return moneyFormat(locale)
    .formatToParts(0)
    .map((part) =>
      part.type === 'integer' || part.type === 'fraction' ? part.value.replace(/\d/g, '–') : part.value,
    )
    .join('')
}

// One format per language and number of decimals: creating an Intl.NumberFormat costs far more than using one, and
// the first in a page (ICU's number data) took about 30 ms of CPU in the configure form's first render (issue 14,
// item 10), so a view that formats a size on every render must not create new ones.
const numberFormats = new Map<string, Intl.NumberFormat>()

/** A plain number with a fixed or maximum number of decimals in the UI language: 40 → "40,00". */
export function formatNumber(
  value: number,
  locale: Locale,
  decimals: { min?: number; max: number } = { max: 2 },
): string {
  const min = decimals.min ?? 0
  const key = `${locale} ${min} ${decimals.max}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], {
      minimumFractionDigits: min,
      maximumFractionDigits: decimals.max,
    })
    numberFormats.set(key, format)
  }
  return format.format(value)
}

/** A tax rate in percent: 19 → "19", 7.7 → "7,7". */
export function formatRate(percent: number, locale: Locale): string {
  return formatNumber(percent, locale, { max: 2 })
}

/** The tax rate a set of lines was taxed at, from their sums (rounded to one decimal); null without a net amount. */
export function taxRateOf(netCents: Cents, taxCents: Cents): number | null {
  if (netCents <= 0) return null
  return Math.round((taxCents / netCents) * 1_000) / 10
}
