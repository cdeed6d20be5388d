import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type PaymentMethod } from '#shared/contracts/account.contract.ts'
import { type OrderStatus, type PaymentStatus } from '#shared/domain/order-status.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { INTL_LOCALES } from '#client/common/money.ts'

/** The order statuses as the customer reads them (spec part 2 §4: ORDER_COMPLETED 'has been shipped', UNKNOWN 'Open'). */
export const orderStatusTexts = {
  QUOTE_GENERATED: msg`Angebot erstellt`,
  ORDER_RECEIVED: msg`Bestellung eingegangen`,
  READY_FOR_PROCESSING: msg`Bereit zur Bearbeitung`,
  CUSTOMER_CONTACTED: msg`Rückfrage an Sie`,
  FILES_PRINTABLE: msg`Dateien druckbar`,
  FILES_NOT_PRINTABLE: msg`Dateien nicht druckbar`,
  SUPPLIER_REQUEST_SENT: msg`Anfrage an den Fertigungspartner gesendet`,
  IN_PRODUCTION: msg`In Produktion`,
  PARTS_DEFECTIVE: msg`Teile werden neu gefertigt`,
  PARTS_REVIEWED: msg`Teile geprüft`,
  ORDER_CANCELLED: msg`Storniert`,
  ORDER_COMPLETED: msg`wurde versandt`,
  UNKNOWN: msg`Offen`,
} as const satisfies Record<OrderStatus, MessageDescriptor>

export const paymentStatusTexts = {
  PAYMENT_NOT_DUE: msg`Noch nicht fällig`,
  PAYMENT_PENDING: msg`Zahlung ausstehend`,
  PAYMENT_RECEIVED: msg`Zahlung eingegangen`,
  PAYMENT_FAILED: msg`Zahlung nicht abgeschlossen`,
  PAYMENT_REFUNDED: msg`Zahlung erstattet`,
} as const satisfies Record<PaymentStatus, MessageDescriptor>

export const paymentMethodTexts = {
  prepaid: msg`Vorkasse (Überweisung)`,
  billing: msg`Rechnung`,
  quote: msg`Angebot`,
  paypal: msg`PayPal`,
} as const satisfies Record<PaymentMethod, MessageDescriptor>

/** 2026-11-20T09:30:00Z → "20.11.2026" (de), "Nov 20, 2026" (en), "20 nov. 2026" (fr). */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium' }).format(date)
}
