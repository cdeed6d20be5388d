import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type PaymentMethod } from '#shared/contracts/account.contract.ts'
import { type OrderStatus, type PaymentStatus } from '#shared/domain/order-status.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'

/**
 * The statuses as staff read them in the back office. The spec's code stays beside each label (the views show
 * both), since staff talk about orders in those codes.
 */
export const staffOrderStatusTexts = {
  QUOTE_GENERATED: msg`Angebot erstellt`,
  ORDER_RECEIVED: msg`Bestellung eingegangen`,
  READY_FOR_PROCESSING: msg`Bereit zur Bearbeitung`,
  CUSTOMER_CONTACTED: msg`Kunde kontaktiert`,
  FILES_PRINTABLE: msg`Dateien druckbar`,
  FILES_NOT_PRINTABLE: msg`Dateien nicht druckbar`,
  SUPPLIER_REQUEST_SENT: msg`Anfrage an den Fertigungspartner gesendet`,
  IN_PRODUCTION: msg`In Produktion`,
  PARTS_DEFECTIVE: msg`Teile fehlerhaft`,
  PARTS_REVIEWED: msg`Teile geprüft`,
  ORDER_CANCELLED: msg`Storniert`,
  ORDER_COMPLETED: msg`Abgeschlossen (versandt)`,
  UNKNOWN: msg`Offen`,
} as const satisfies Record<OrderStatus, MessageDescriptor>

export const staffPaymentStatusTexts = {
  PAYMENT_NOT_DUE: msg`Noch nicht fällig`,
  PAYMENT_PENDING: msg`Zahlung ausstehend`,
  PAYMENT_RECEIVED: msg`Zahlung eingegangen`,
  PAYMENT_FAILED: msg`Zahlung nicht abgeschlossen`,
  PAYMENT_REFUNDED: msg`Zahlung erstattet`,
} as const satisfies Record<PaymentStatus, MessageDescriptor>

export const staffPaymentMethodTexts = {
  prepaid: msg`Vorkasse (Überweisung)`,
  billing: msg`Rechnung`,
  quote: msg`Angebot`,
  paypal: msg`PayPal`,
} as const satisfies Record<PaymentMethod, MessageDescriptor>

/** The mails of the order's outbox; unknown kinds are shown by their code. */
export const staffMailKindTexts: Partial<Record<string, MessageDescriptor>> = {
  order_confirmation: msg`Bestellbestätigung`,
  quote: msg`Angebot`,
  payment_received: msg`Zahlungseingang`,
  status_changed: msg`Statusänderung`,
  printability_note: msg`Hinweis zur Druckbarkeit`,
}

/** Why a change was refused or failed, in the staff member's words. */
export function staffOrderFailureText(code: ErrorCode): MessageDescriptor {
  switch (code) {
    case 'status_change_refused':
      return msg`Der Server lehnt diesen Statuswechsel ab: Er ist für die Bestellung nicht (mehr) erlaubt, etwa weil die Zahlung noch aussteht oder erst erstattet werden muss. Laden Sie die Bestellung neu.`
    case 'conflict':
      return msg`Die Bestellung ist nicht (mehr) in einem Zustand, der diese Änderung erlaubt. Laden Sie sie neu.`
    case 'not_found':
      return msg`Diese Bestellung, Position oder dieses Kundenkonto gibt es nicht (mehr).`
    case 'unauthorized':
    case 'forbidden':
      return msg`Ihre Anmeldung als Mitarbeiter ist abgelaufen. Melden Sie sich erneut an.`
    case 'validation_failed':
      return msg`Die Eingaben sind ungültig.`
    default:
      return msg`Die Änderung ist fehlgeschlagen. Bitte versuchen Sie es erneut.`
  }
}
