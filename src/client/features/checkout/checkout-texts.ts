import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type FormHint } from '#machines/checkout/checkout-form.ts'
import { type PaymentMethodId, type PaymentRefusal } from '#shared/domain/payment-methods.ts'

/** The payment methods as the radio list and the summaries name them (part 2 §1). */
export const paymentMethodLabels = {
  prepaid: msg`Vorkasse (Überweisung)`,
  paypal: msg`PayPal`,
  billing: msg`Rechnung`,
  quote: msg`Angebot anfordern`,
} as const satisfies Record<PaymentMethodId, MessageDescriptor>

/** Why a method is disabled (part 2 §4): shown beside it. */
export const refusalLabels = {
  login_required: msg`nur für Mitglieder`,
  only_germany: msg`nur für Kunden aus Deutschland`,
  drawings_attached: msg`nicht mit angehängten Zeichnungen`,
  not_configured: msg`derzeit nicht verfügbar`,
} as const satisfies Record<PaymentRefusal, MessageDescriptor>

/** Next's hint (part 2 §2: 'Not all required fields filled' / 'Some required fields are missing'). */
export const formHintTexts = {
  required_missing: msg`Nicht alle Pflichtfelder ausgefüllt`,
  fields_invalid: msg`Bitte prüfen Sie die markierten Felder.`,
  no_payment_method: msg`Keine Zahlungsart verfügbar: Bitte melden Sie sich an, um ein Angebot anzufordern.`,
} as const satisfies Record<Exclude<FormHint, null>, MessageDescriptor>

/** After a refused Next: the summary above the form. */
export const missingFieldsSummary = msg`Einige Pflichtfelder fehlen`
