import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  type NotificationKind,
  type NotificationMessage,
} from '#machines/notifications/notification-messages.ts'

export type NotificationText = { title: MessageDescriptor; body?: MessageDescriptor }

const errorTitle = msg`Hier scheint ein Fehler aufgetreten zu sein.`
const tryLater = msg`Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`

/** The text of every snackbar message code (spec part 1 §8, part 2 §8); a missing code fails typecheck. */
export const notificationTexts = {
  'generic-warning': { title: errorTitle, body: tryLater },
  'server-unreachable': {
    title: msg`Der Server ist aktuell nicht erreichbar. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  },
  'upload-failed': { title: errorTitle, body: tryLater },
  'upload-repairing': {
    title: msg`Ihre Datei wird repariert`,
    body: msg`Ihr 3D-Modell wird gerade automatisch repariert. Das kann einen Moment dauern.`,
  },
  'add-to-cart-failure': {
    title: errorTitle,
    body: msg`Das Objekt konnte nicht in den Warenkorb gelegt werden.`,
  },
  'configure-failure': {
    title: errorTitle,
    body: msg`Das Objekt konnte nicht verarbeitet werden. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  },
  'configuration-lost': {
    title: msg`Konfiguration nicht wiederhergestellt`,
    body: msg`Das Objekt, das Sie vor dem Neuladen konfiguriert haben, ist nicht mehr verfügbar. Ihre Auswahl ist verloren; bitte laden Sie die Datei erneut hoch.`,
  },
  'attachment-failure': {
    title: errorTitle,
    body: msg`Ihre Anfrage konnte nicht versendet werden. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  },
  'cart-item-move-failure': { title: msg`Das Objekt konnte nicht in den Warenkorb verschoben werden.` },
  'newsletter-success': {
    title: msg`Newsletteranmeldung erfolgreich`,
    body: msg`Ihre Anfrage wurde versendet. Sie werden in Kürze für den Newsletter angemeldet.`,
  },
  'newsletter-failure': {
    title: errorTitle,
    body: msg`Ihre Newsletteranmeldung konnte nicht verarbeitet werden. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  },
  // Part 2 §8: contact success and failure (the failure is the attachment failure's text).
  'contact-success': {
    title: msg`Absenden erfolgreich`,
    body: msg`Ihre Anfrage wurde versendet. Wir melden uns in Kürze bei Ihnen zurück.`,
  },
  'contact-failure': {
    title: errorTitle,
    body: msg`Ihre Anfrage konnte nicht versendet werden. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  },
  'logout-success': { title: msg`Logout erfolgreich`, body: msg`Sie wurden erfolgreich ausgeloggt.` },
  // Part 2 §8: the account save's wording.
  'account-save-success': { title: msg`Speichern erfolgreich`, body: msg`Ihre Daten wurden gespeichert` },
  'account-save-failure': {
    title: errorTitle,
    body: msg`Ihre Kundendaten konnten nicht gespeichert werden.`,
  },
  'password-reset-success': {
    title: msg`Passwort geändert`,
    body: msg`Ihr Passwort wurde zurückgesetzt. Sie werden gleich zur Anmeldung weitergeleitet.`,
  },
  'password-change-success': {
    title: msg`Passwort geändert`,
    body: msg`Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.`,
  },
  // Part 2 §8: the VAT-ID was received (not yet checked); the notice stays 15 s.
  'vat-id-success': {
    title: msg`Wir haben Ihre Anfrage erhalten.`,
    body: msg`Wir prüfen Ihre Umsatzsteuer-Identifikationsnummer und melden uns in Kürze bei Ihnen.`,
  },
  'vat-id-failure': {
    title: errorTitle,
    body: msg`Ihre Anfrage konnte nicht verarbeitet werden. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  },
  'order-load-failure': { title: errorTitle, body: msg`Die Bestellung konnte nicht geladen werden.` },
  'order-failure': {
    title: errorTitle,
    body: msg`Ihre Bestellung konnte nicht verarbeitet werden. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  },
  // Part 2 §8: the re-order places a new order (POST /checkout/order/{id}), confirmed by e-mail.
  'reorder-success': {
    title: msg`Bestellung wurde erneut aufgegeben`,
    body: msg`Sie erhalten in Kürze eine Bestätigung per E-Mail.`,
  },
  'reorder-failure': { title: errorTitle, body: tryLater },
} as const satisfies Record<NotificationMessage, NotificationText>

/** What a screen reader announces before the message. */
export const notificationKindLabels = {
  success: msg`Erfolg`,
  warning: msg`Warnung`,
  danger: msg`Fehler`,
  info: msg`Hinweis`,
} as const satisfies Record<NotificationKind, MessageDescriptor>
