import { DEFAULT_LOCALE, type Locale } from '#shared/domain/limits.ts'

/**
 * The pages the links of account mails open (issue 15), shared by the server (which writes the links into mails),
 * the client routes and the e2e tests, so all three agree on one scheme. German pages have no prefix, the other
 * languages `/en` and `/fr` (the client's `{-$locale}` segment).
 */
export const OPTIN_PAGE = '/optin'
export const RESET_PASSWORD_PAGE = '/reset-password'
export const MAIL_UPDATE_PAGE = '/mail-update'
/** The query parameter of the e-mail change link (`/mail-update?confirm={code}`). */
export const MAIL_UPDATE_CONFIRM_PARAM = 'confirm'

/** '' for German, '/en' or '/fr' otherwise. */
export const localePrefix = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`)

export type AccountLinkKind = 'optin' | 'reset' | 'email-change'

/** The path (with locale prefix) a mail link of `kind` opens, carrying its single-use code. */
export function accountLinkPath(kind: AccountLinkKind, code: string, locale: Locale): string {
  const encoded = encodeURIComponent(code)
  const prefix = localePrefix(locale)
  switch (kind) {
    case 'optin':
      return `${prefix}${OPTIN_PAGE}/${encoded}`
    case 'reset':
      return `${prefix}${RESET_PASSWORD_PAGE}/${encoded}`
    case 'email-change':
      return `${prefix}${MAIL_UPDATE_PAGE}?${MAIL_UPDATE_CONFIRM_PARAM}=${encoded}`
  }
}

/** The absolute link of a mail: the shop's public URL (without a trailing slash) and {@link accountLinkPath}. */
export function accountLinkUrl(
  publicUrl: string,
  kind: AccountLinkKind,
  code: string,
  locale: Locale,
): string {
  return `${publicUrl.replace(/\/+$/, '')}${accountLinkPath(kind, code, locale)}`
}
