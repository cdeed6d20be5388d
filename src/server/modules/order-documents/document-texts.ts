import type { Locale } from '#shared/domain/limits.ts'
import type { OrderStatus, PaymentStatus } from '#shared/domain/order-status.ts'
import type { Order } from '#shared/contracts/checkout.contract.ts'

/**
 * The texts of the order documents and mails, one table per language, German being the source. Lingui's catalogs
 * cover the SPA only; the server keeps its few texts here, like the account mails (decision 0086).
 */

export interface DocumentTexts {
  confirmationTitle: string
  quoteTitle: string
  orderNumber: string
  date: string
  status: string
  paymentStatus: string
  billingAddress: string
  shippingAddress: string
  reference: string
  position: string
  article: string
  quantity: string
  unitPrice: string
  lineTotal: string
  printMode: string
  finish: string
  colour: string
  itemsBeforeDiscount: string
  discount: (code: string) => string
  itemsAfterDiscount: string
  surcharge: string
  shipping: (name: string) => string
  net: string
  tax: (percent: string) => string
  total: string
  pricesNet: string
  pricesGross: string
  paymentMethod: string
  paymentMethods: Record<Order['paymentMethod'], string>
  bankIntro: (orderNumber: string) => string
  accountHolder: string
  invoiceDue: (days: number) => string
  quoteNote: string
  fileHash: string
  sheetVersion: string
  productionTime: (days: number) => string
  statuses: Record<OrderStatus, string>
  paymentStatuses: Record<PaymentStatus, string>
}

const de: DocumentTexts = {
  confirmationTitle: 'Auftragsbestätigung',
  quoteTitle: 'Unverbindliches Angebot',
  orderNumber: 'Bestellnummer',
  date: 'Datum',
  status: 'Status',
  paymentStatus: 'Zahlungsstatus',
  billingAddress: 'Rechnungsadresse',
  shippingAddress: 'Lieferadresse',
  reference: 'Ihre Referenz',
  position: 'Pos.',
  article: 'Artikel',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  lineTotal: 'Gesamt',
  printMode: 'Druckverfahren',
  finish: 'Oberfläche',
  colour: 'Farbe',
  itemsBeforeDiscount: 'Warenwert',
  discount: (code) => `Rabatt (${code})`,
  itemsAfterDiscount: 'Warenwert nach Rabatt',
  surcharge: 'Mindermengenzuschlag',
  shipping: (name) => `Versand (${name})`,
  net: 'Summe netto',
  tax: (percent) => `MwSt. ${percent} %`,
  total: 'Gesamtbetrag',
  pricesNet: 'Preise netto zuzüglich MwSt.',
  pricesGross: 'Preise inklusive MwSt.',
  paymentMethod: 'Zahlungsart',
  paymentMethods: {
    prepaid: 'Vorkasse (Überweisung)',
    billing: 'Rechnung',
    quote: 'Angebot',
    paypal: 'PayPal',
  },
  bankIntro: (orderNumber) =>
    `Bitte überweisen Sie den Gesamtbetrag unter Angabe der Bestellnummer ${orderNumber} auf dieses Konto:`,
  accountHolder: 'Kontoinhaber',
  invoiceDue: (days) => `Zahlbar innerhalb von ${days} Tagen ohne Abzug.`,
  quoteNote:
    'Dieses Angebot ist unverbindlich. Die Preise gelten für die Dateien mit den angegebenen SHA-256-Prüfsummen und die genannten Preisblatt-Versionen.',
  fileHash: 'Datei (SHA-256)',
  sheetVersion: 'Preisblatt',
  productionTime: (days) => `Voraussichtliche Produktionszeit: ${days} Werktage`,
  statuses: {
    QUOTE_GENERATED: 'Angebot erstellt',
    ORDER_RECEIVED: 'Bestellung eingegangen',
    READY_FOR_PROCESSING: 'Bereit zur Bearbeitung',
    CUSTOMER_CONTACTED: 'Kunde kontaktiert',
    FILES_PRINTABLE: 'Dateien druckbar',
    FILES_NOT_PRINTABLE: 'Dateien nicht druckbar',
    SUPPLIER_REQUEST_SENT: 'Anfrage an Lieferanten gesendet',
    IN_PRODUCTION: 'In Produktion',
    PARTS_DEFECTIVE: 'Teile fehlerhaft',
    PARTS_REVIEWED: 'Teile geprüft',
    ORDER_CANCELLED: 'Storniert',
    ORDER_COMPLETED: 'Versendet',
    UNKNOWN: 'Offen',
  },
  paymentStatuses: {
    PAYMENT_NOT_DUE: 'Nicht fällig',
    PAYMENT_PENDING: 'Offen',
    PAYMENT_RECEIVED: 'Bezahlt',
    PAYMENT_FAILED: 'Fehlgeschlagen',
    PAYMENT_REFUNDED: 'Erstattet',
  },
}

const en: DocumentTexts = {
  confirmationTitle: 'Order confirmation',
  quoteTitle: 'Non-binding quote',
  orderNumber: 'Order number',
  date: 'Date',
  status: 'Status',
  paymentStatus: 'Payment status',
  billingAddress: 'Billing address',
  shippingAddress: 'Shipping address',
  reference: 'Your reference',
  position: 'No.',
  article: 'Item',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  lineTotal: 'Total',
  printMode: 'Print mode',
  finish: 'Finish',
  colour: 'Colour',
  itemsBeforeDiscount: 'Goods',
  discount: (code) => `Discount (${code})`,
  itemsAfterDiscount: 'Goods after discount',
  surcharge: 'Small-order surcharge',
  shipping: (name) => `Shipping (${name})`,
  net: 'Net total',
  tax: (percent) => `VAT ${percent} %`,
  total: 'Total',
  pricesNet: 'Prices net plus VAT.',
  pricesGross: 'Prices including VAT.',
  paymentMethod: 'Payment method',
  paymentMethods: {
    prepaid: 'Prepayment (bank transfer)',
    billing: 'Invoice',
    quote: 'Quote',
    paypal: 'PayPal',
  },
  bankIntro: (orderNumber) =>
    `Please transfer the total to this account, quoting the order number ${orderNumber}:`,
  accountHolder: 'Account holder',
  invoiceDue: (days) => `Payable within ${days} days without deduction.`,
  quoteNote:
    'This quote is non-binding. The prices apply to the files with the SHA-256 checksums and the price sheet versions given.',
  fileHash: 'File (SHA-256)',
  sheetVersion: 'Price sheet',
  productionTime: (days) => `Estimated production time: ${days} working days`,
  statuses: {
    QUOTE_GENERATED: 'Quote generated',
    ORDER_RECEIVED: 'Order received',
    READY_FOR_PROCESSING: 'Ready for processing',
    CUSTOMER_CONTACTED: 'Customer contacted',
    FILES_PRINTABLE: 'Files printable',
    FILES_NOT_PRINTABLE: 'Files not printable',
    SUPPLIER_REQUEST_SENT: 'Supplier request sent',
    IN_PRODUCTION: 'In production',
    PARTS_DEFECTIVE: 'Parts defective',
    PARTS_REVIEWED: 'Parts reviewed',
    ORDER_CANCELLED: 'Cancelled',
    ORDER_COMPLETED: 'Has been shipped',
    UNKNOWN: 'Open',
  },
  paymentStatuses: {
    PAYMENT_NOT_DUE: 'Not due',
    PAYMENT_PENDING: 'Pending',
    PAYMENT_RECEIVED: 'Paid',
    PAYMENT_FAILED: 'Failed',
    PAYMENT_REFUNDED: 'Refunded',
  },
}

const fr: DocumentTexts = {
  confirmationTitle: 'Confirmation de commande',
  quoteTitle: 'Devis sans engagement',
  orderNumber: 'Numéro de commande',
  date: 'Date',
  status: 'Statut',
  paymentStatus: 'Statut du paiement',
  billingAddress: 'Adresse de facturation',
  shippingAddress: 'Adresse de livraison',
  reference: 'Votre référence',
  position: 'N°',
  article: 'Article',
  quantity: 'Qté',
  unitPrice: 'Prix unitaire',
  lineTotal: 'Total',
  printMode: 'Procédé d’impression',
  finish: 'Finition',
  colour: 'Couleur',
  itemsBeforeDiscount: 'Marchandises',
  discount: (code) => `Remise (${code})`,
  itemsAfterDiscount: 'Marchandises après remise',
  surcharge: 'Supplément petite commande',
  shipping: (name) => `Livraison (${name})`,
  net: 'Total HT',
  tax: (percent) => `TVA ${percent} %`,
  total: 'Total TTC',
  pricesNet: 'Prix HT, TVA en sus.',
  pricesGross: 'Prix TTC.',
  paymentMethod: 'Mode de paiement',
  paymentMethods: {
    prepaid: 'Paiement anticipé (virement)',
    billing: 'Facture',
    quote: 'Devis',
    paypal: 'PayPal',
  },
  bankIntro: (orderNumber) =>
    `Veuillez virer le montant total sur ce compte en indiquant le numéro de commande ${orderNumber} :`,
  accountHolder: 'Titulaire du compte',
  invoiceDue: (days) => `Payable sous ${days} jours sans escompte.`,
  quoteNote:
    'Ce devis est sans engagement. Les prix s’appliquent aux fichiers dont les sommes SHA-256 et les versions de grille tarifaire sont indiquées.',
  fileHash: 'Fichier (SHA-256)',
  sheetVersion: 'Grille tarifaire',
  productionTime: (days) => `Délai de production estimé : ${days} jours ouvrés`,
  statuses: {
    QUOTE_GENERATED: 'Devis établi',
    ORDER_RECEIVED: 'Commande reçue',
    READY_FOR_PROCESSING: 'Prête à être traitée',
    CUSTOMER_CONTACTED: 'Client contacté',
    FILES_PRINTABLE: 'Fichiers imprimables',
    FILES_NOT_PRINTABLE: 'Fichiers non imprimables',
    SUPPLIER_REQUEST_SENT: 'Demande au fournisseur envoyée',
    IN_PRODUCTION: 'En production',
    PARTS_DEFECTIVE: 'Pièces défectueuses',
    PARTS_REVIEWED: 'Pièces contrôlées',
    ORDER_CANCELLED: 'Annulée',
    ORDER_COMPLETED: 'Expédiée',
    UNKNOWN: 'Ouverte',
  },
  paymentStatuses: {
    PAYMENT_NOT_DUE: 'Non exigible',
    PAYMENT_PENDING: 'En attente',
    PAYMENT_RECEIVED: 'Payée',
    PAYMENT_FAILED: 'Échoué',
    PAYMENT_REFUNDED: 'Remboursée',
  },
}

export const DOCUMENT_TEXTS: Record<Locale, DocumentTexts> = { de, en, fr }

// The SPA's number formats (src/client/common/money.ts), so a mail shows an amount as the shop did.
const INTL_LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-US', fr: 'fr-FR' }
const moneyFormats = new Map<Locale, Intl.NumberFormat>()

/**
 * Cents as the shop writes them: "1.234,56 €" (de), "€1,234.56" (en), "1 234,56 €" (fr). The narrow no-break space
 * of French becomes a plain one: the PDF's standard fonts have no glyph for it.
 */
export function formatCents(cents: number, locale: Locale): string {
  let format = moneyFormats.get(locale)
  if (format === undefined) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'currency', currency: 'EUR' })
    moneyFormats.set(locale, format)
  }
  return format.format(cents / 100).replace(/\u202f/g, '\u00a0')
}

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: 'long',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso))
}
