import type { Locale } from '#shared/domain/limits.ts'

/**
 * The local test provider's approval page (PAYMENT_TEST_PROVIDER=1): two links back to the shop, as PayPal's page
 * would send the buyer, with `token` (and `PayerID` on approval) appended. No script and no inline style, so it
 * passes the shop's strict CSP; the texts are the server's own tables, like the mails (decision 0086).
 */

interface PageTexts {
  title: string
  intro: (amount: string, orderNumber: string) => string
  confirm: string
  cancel: string
  note: string
}

const TEXTS: Record<Locale, PageTexts> = {
  de: {
    title: 'Testzahlung',
    intro: (amount, orderNumber) => `Bestellung ${orderNumber}: ${amount} bezahlen.`,
    confirm: 'Zahlung bestätigen',
    cancel: 'Abbrechen',
    note: 'Dies ist der Testanbieter des Shops. Es wird kein Geld bewegt.',
  },
  en: {
    title: 'Test payment',
    intro: (amount, orderNumber) => `Order ${orderNumber}: pay ${amount}.`,
    confirm: 'Confirm payment',
    cancel: 'Cancel',
    note: 'This is the shop’s test provider. No money is moved.',
  },
  fr: {
    title: 'Paiement de test',
    intro: (amount, orderNumber) => `Commande ${orderNumber} : payer ${amount}.`,
    confirm: 'Confirmer le paiement',
    cancel: 'Annuler',
    note: 'Ceci est le prestataire de test de la boutique. Aucun argent n’est transféré.',
  },
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)

/** `url` with `params` appended to its query (PayPal appends `token` and `PayerID` the same way). */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
  return target.toString()
}

/** The language of the page: the Accept-Language header's first known language, else the order's. */
export function pageLocale(acceptLanguage: string | undefined, orderLocale: Locale): Locale {
  const first = acceptLanguage
    ?.split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find((code): code is Locale => code === 'de' || code === 'en' || code === 'fr')
  return first ?? orderLocale
}

export interface TestProviderPage {
  locale: Locale
  providerOrderId: string
  orderNumber: string
  amount: string
  returnUrl: string
  cancelUrl: string
}

export function testProviderPageHtml(page: TestProviderPage): string {
  const texts = TEXTS[page.locale]
  const confirmUrl = withQuery(page.returnUrl, { token: page.providerOrderId, PayerID: 'TESTPAYER' })
  const cancelUrl = withQuery(page.cancelUrl, { token: page.providerOrderId })
  return `<!doctype html>
<html lang="${page.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(texts.title)}</title></head>
<body>
<main>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.intro(page.amount, page.orderNumber))}</p>
<p><a href="${escapeHtml(confirmUrl)}">${escapeHtml(texts.confirm)}</a></p>
<p><a href="${escapeHtml(cancelUrl)}">${escapeHtml(texts.cancel)}</a></p>
<p>${escapeHtml(texts.note)}</p>
</main>
</body>
</html>
`
}
