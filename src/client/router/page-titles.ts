import { msg } from '@lingui/core/macro'
import { type MessageDescriptor } from '@lingui/core'

/** Every page of both spec parts; later issues replace the placeholders one by one. */
export type PageKey =
  | 'home'
  | 'cart'
  | 'login'
  | 'register'
  | 'optin'
  | 'resetPassword'
  | 'account'
  | 'passwordUpdate'
  | 'mailUpdate'
  | 'profileUpdate'
  | 'orderDetails'
  | 'trackOrder'
  | 'paymentDetails'
  | 'reviewOrder'
  | 'orderComplete'
  | 'quoteGenerated'
  | 'orderFailed'
  | 'redirecting'
  | 'checkout'
  | 'contact'
  | 'privacy'
  | 'designGuidelines'
  | 'terms'
  | 'growTogether'
  | 'start'
  | 'notAvailable'
  | 'cmsPage'
  | 'staff'
  | 'staffSheet'
  | 'staffAuditLog'
  | 'staffOrders'
  | 'staffOrder'
  | 'staffCatalogue'
  | 'staffCatalogueNew'
  | 'staffCatalogueEdit'

/** The title of each page; the type checker keeps it exhaustive. */
export const pageTitles = {
  home: msg`3D-Druck online bestellen`,
  cart: msg`Warenkorb`,
  login: msg`Anmelden`,
  register: msg`Registrieren`,
  optin: msg`Registrierung bestätigen`,
  resetPassword: msg`Passwort zurücksetzen`,
  account: msg`Mein Konto`,
  passwordUpdate: msg`Passwort ändern`,
  mailUpdate: msg`E-Mail-Adresse ändern`,
  profileUpdate: msg`Kundendaten bearbeiten`,
  orderDetails: msg`Bestelldetails`,
  trackOrder: msg`Bestellung verfolgen`,
  paymentDetails: msg`Kunden- und Zahlungsdaten`,
  reviewOrder: msg`Bestellung prüfen`,
  orderComplete: msg`Vielen Dank für Ihre Bestellung`,
  quoteGenerated: msg`Angebot erstellt`,
  orderFailed: msg`Bestellung abgebrochen`,
  redirecting: msg`Weiterleitung zum Zahlungsanbieter`,
  checkout: msg`Kasse`,
  contact: msg`Kontakt`,
  privacy: msg`Datenschutzerklärung`,
  designGuidelines: msg`Tipps und Tricks im 3D-Druck`,
  terms: msg`Allgemeine Geschäftsbedingungen`,
  growTogether: msg`Zusammen wachsen`,
  start: msg`Start`,
  notAvailable: msg`Seite nicht verfügbar`,
  cmsPage: msg`Inhaltsseite`,
  staff: msg`Mitarbeiterbereich`,
  staffSheet: msg`Preistabelle bearbeiten`,
  staffAuditLog: msg`Änderungsprotokoll`,
  staffOrders: msg`Bestellungen`,
  staffOrder: msg`Bestellung`,
  staffCatalogue: msg`Katalog`,
  staffCatalogueNew: msg`Neuer Katalogeintrag`,
  staffCatalogueEdit: msg`Katalogeintrag bearbeiten`,
} as const satisfies Record<PageKey, MessageDescriptor>
