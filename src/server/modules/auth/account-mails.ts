import type { Locale } from '#shared/domain/limits.ts'
import type { MailMessage } from '#server/modules/mail/mail.module.ts'

/**
 * The account mails in the shopper's language (the request's language header). The catalogs of Lingui cover the
 * SPA only, so the server keeps its few mail texts here, one table per language, German being the source
 * (decision 0086). Links are absolute URLs from `accountLinkUrl`. A mail to someone who did not act (a known address)
 * carries no text of the caller's, so the form cannot be used to send chosen words to a stranger.
 */
export type AccountMail =
  | { kind: 'optin'; username: string; link: string }
  | { kind: 'reset'; username: string; link: string }
  | { kind: 'email-change'; username: string; link: string }
  /** Someone registered with an address that has an account (no enumeration: the owner is told, not the caller). */
  | { kind: 'signup-known-address' }
  /** Someone asked to move their account to an address that has an account. */
  | { kind: 'email-change-taken' }

interface MailText {
  subject: string
  lines: readonly string[]
}

type Texts = { [K in AccountMail['kind']]: (mail: Extract<AccountMail, { kind: K }>) => MailText }

const de: Texts = {
  optin: ({ username, link }) => ({
    subject: 'Bitte bestätigen Sie Ihre Registrierung bei Schichtwerk',
    lines: [
      `Hallo ${username},`,
      'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihr Konto mit diesem Link (7 Tage gültig):',
      link,
      'Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
    ],
  }),
  reset: ({ username, link }) => ({
    subject: 'Ihr Link zum Zurücksetzen des Passworts',
    lines: [
      `Hallo ${username},`,
      'mit diesem Link wählen Sie ein neues Passwort (24 Stunden gültig, nur einmal verwendbar):',
      link,
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    ],
  }),
  'email-change': ({ username, link }) => ({
    subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
    lines: [
      `Hallo ${username},`,
      'bitte bestätigen Sie mit diesem Link, dass Ihr Schichtwerk-Konto diese Adresse verwenden soll (24 Stunden gültig):',
      link,
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
    ],
  }),
  'signup-known-address': () => ({
    subject: 'Registrierungsversuch mit Ihrer E-Mail-Adresse',
    lines: [
      'Hallo,',
      'jemand hat versucht, sich mit Ihrer E-Mail-Adresse bei Schichtwerk zu registrieren. Für diese Adresse besteht bereits ein Konto.',
      'Waren Sie das, melden Sie sich einfach an oder setzen Sie Ihr Passwort zurück. Andernfalls können Sie diese E-Mail ignorieren.',
    ],
  }),
  'email-change-taken': () => ({
    subject: 'Änderungsversuch mit Ihrer E-Mail-Adresse',
    lines: [
      'Hallo,',
      'jemand hat versucht, ein anderes Schichtwerk-Konto auf Ihre E-Mail-Adresse umzustellen. Für diese Adresse besteht bereits ein Konto; es wurde nichts geändert.',
      'Sie müssen nichts tun.',
    ],
  }),
}

const en: Texts = {
  optin: ({ username, link }) => ({
    subject: 'Please confirm your registration at Schichtwerk',
    lines: [
      `Hello ${username},`,
      'thank you for registering. Please confirm your account with this link (valid for 7 days):',
      link,
      'If you did not register, please ignore this e-mail.',
    ],
  }),
  reset: ({ username, link }) => ({
    subject: 'Your link to reset your password',
    lines: [
      `Hello ${username},`,
      'use this link to choose a new password (valid for 24 hours, single use):',
      link,
      'If you did not ask for this, please ignore this e-mail; your password stays unchanged.',
    ],
  }),
  'email-change': ({ username, link }) => ({
    subject: 'Please confirm your new e-mail address',
    lines: [
      `Hello ${username},`,
      'please confirm with this link that your Schichtwerk account should use this address (valid for 24 hours):',
      link,
      'If you did not ask for this, please ignore this e-mail.',
    ],
  }),
  'signup-known-address': () => ({
    subject: 'Registration attempt with your e-mail address',
    lines: [
      'Hello,',
      'someone tried to register at Schichtwerk with your e-mail address. An account already exists for this address.',
      'If that was you, simply log in or reset your password. Otherwise you can ignore this e-mail.',
    ],
  }),
  'email-change-taken': () => ({
    subject: 'Change attempt with your e-mail address',
    lines: [
      'Hello,',
      'someone tried to move another Schichtwerk account to your e-mail address. An account already exists for this address; nothing was changed.',
      'You do not need to do anything.',
    ],
  }),
}

const fr: Texts = {
  optin: ({ username, link }) => ({
    subject: 'Veuillez confirmer votre inscription chez Schichtwerk',
    lines: [
      `Bonjour ${username},`,
      'merci pour votre inscription. Veuillez confirmer votre compte avec ce lien (valable 7 jours) :',
      link,
      'Si vous ne vous êtes pas inscrit, ignorez cet e-mail.',
    ],
  }),
  reset: ({ username, link }) => ({
    subject: 'Votre lien pour réinitialiser le mot de passe',
    lines: [
      `Bonjour ${username},`,
      'ce lien vous permet de choisir un nouveau mot de passe (valable 24 heures, utilisable une seule fois) :',
      link,
      "Si vous ne l'avez pas demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.",
    ],
  }),
  'email-change': ({ username, link }) => ({
    subject: 'Veuillez confirmer votre nouvelle adresse e-mail',
    lines: [
      `Bonjour ${username},`,
      'veuillez confirmer avec ce lien que votre compte Schichtwerk doit utiliser cette adresse (valable 24 heures) :',
      link,
      "Si vous ne l'avez pas demandé, ignorez cet e-mail.",
    ],
  }),
  'signup-known-address': () => ({
    subject: 'Tentative d’inscription avec votre adresse e-mail',
    lines: [
      'Bonjour,',
      'quelqu’un a tenté de s’inscrire chez Schichtwerk avec votre adresse e-mail. Un compte existe déjà pour cette adresse.',
      'Si c’était vous, connectez-vous ou réinitialisez votre mot de passe. Sinon, vous pouvez ignorer cet e-mail.',
    ],
  }),
  'email-change-taken': () => ({
    subject: 'Tentative de modification avec votre adresse e-mail',
    lines: [
      'Bonjour,',
      'quelqu’un a tenté de transférer un autre compte Schichtwerk vers votre adresse e-mail. Un compte existe déjà pour cette adresse ; rien n’a été modifié.',
      'Vous n’avez rien à faire.',
    ],
  }),
}

const TEXTS: Record<Locale, Texts> = { de, en, fr }

/** The message of `mail` to `to` in `locale`. */
export function accountMailMessage(mail: AccountMail, to: string, locale: Locale): MailMessage {
  // The union is narrowed per kind by the table's type; TypeScript cannot follow the lookup, hence the cast.
  const render = TEXTS[locale][mail.kind] as (mail: AccountMail) => MailText
  const { subject, lines } = render(mail)
  return { to: [to], subject, text: `${lines.join('\n\n')}\n\n— Schichtwerk\n` }
}
