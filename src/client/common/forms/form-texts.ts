import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Salutation } from '#shared/contracts/newsletter.contract.ts'
import { type ContactField } from '#shared/domain/forms/contact-draft.ts'
import { type FormIssueCode } from '#shared/domain/forms/form-fields.ts'
import { type NewsletterField } from '#shared/domain/forms/newsletter-form.ts'

/**
 * The texts of the forms (spec part 1 §5, part 2 §3 and §5): the field labels, the choices and one text per issue code
 * the shared form rules return. `satisfies Record<…>` keeps every table complete.
 */

/** What a field's issue code says next to the field. `too_long` names the limit where the field has one. */
export const issueTexts = {
  required: msg`Bitte füllen Sie dieses Feld aus.`,
  too_long: msg`Die Eingabe ist zu lang.`,
  line_break: msg`Bitte ohne Zeilenumbrüche und Steuerzeichen.`,
  invalid_email: msg`Bitte geben Sie eine gültige E-Mail-Adresse ein.`,
  not_numeric: msg`Bitte geben Sie nur Ziffern ein.`,
  must_confirm: msg`Bitte stimmen Sie der Datenschutzerklärung zu.`,
  invalid_choice: msg`Bitte wählen Sie eine der angebotenen Möglichkeiten.`,
  not_allowed: msg`Dieses Feld bleibt leer, solange keine Fehlermeldung angezeigt wurde.`,
  too_short: msg`Die Eingabe ist zu kurz.`,
  no_at_sign: msg`Ihr Benutzername darf kein @ enthalten.`,
  passwords_differ: msg`Die Passwörter stimmen nicht überein.`,
  invalid_postal_code: msg`Diese Postleitzahl passt nicht zum gewählten Land.`,
  invalid_vat_id: msg`Bitte geben Sie eine gültige USt-IdNr. ein (z. B. ATU12345678).`,
} as const satisfies Record<FormIssueCode, MessageDescriptor>

export const salutationLabels = {
  ms: msg`Frau`,
  mr: msg`Herr`,
  diverse: msg`Divers`,
} as const satisfies Record<Salutation, MessageDescriptor>

export const newsletterFieldLabels = {
  salutation: msg`Anrede`,
  firstName: msg`Vorname`,
  lastName: msg`Nachname`,
  firm: msg`Firma`,
  street: msg`Straße und Hausnummer`,
  plz: msg`Postleitzahl`,
  location: msg`Ort`,
  mail: msg`E-Mail-Adresse`,
  confirmation: msg`Einwilligung zum Datenschutz`,
} as const satisfies Record<NewsletterField, MessageDescriptor>

export const contactFieldLabels = {
  isBugReport: msg`Ihr Anliegen`,
  firstName: msg`Vorname`,
  lastName: msg`Nachname`,
  phone: msg`Telefon`,
  mail: msg`E-Mail-Adresse`,
  subject: msg`Betreff`,
  message: msg`Nachricht`,
  confirmation: msg`Einwilligung zum Datenschutz`,
  userIntention: msg`Was wollten Sie tun?`,
  userExpectation: msg`Was haben Sie erwartet?`,
  systemResponse: msg`Was ist stattdessen passiert?`,
  userCheckedInternetConnection: msg`Haben Sie Ihre Internetverbindung geprüft?`,
  errorMessageOccurred: msg`Es wurde eine Fehlermeldung angezeigt`,
  errorMessage: msg`Fehlermeldung`,
  browserUsed: msg`Verwendeter Browser`,
  differentBrowsers: msg`Auch versucht mit`,
  osUsed: msg`Betriebssystem`,
} as const satisfies Record<ContactField, MessageDescriptor>

/** Browser and OS names are product names, shown as they are; only "other" is translated. */
export const otherBrowserLabel = msg`Anderer Browser`
export const otherOperatingSystemLabel = msg`Anderes Betriebssystem`
