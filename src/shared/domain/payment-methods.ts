import { TAX_HOME_COUNTRY_CODE } from '#shared/domain/limits.ts'

/**
 * Which payment methods a checkout may use (spec part 2 §4 "Payment method selection"). The checkout machine shows
 * the result (a disabled method with its reason) and the server runs the same function again at placement, so a
 * method the page would not offer is refused there too (422 payment_method_not_allowed).
 */

export type PaymentMethodId = 'prepaid' | 'billing' | 'quote' | 'paypal'
export const PAYMENT_METHOD_ORDER: readonly PaymentMethodId[] = ['prepaid', 'paypal', 'billing', 'quote']

export type PaymentRefusal = 'login_required' | 'only_germany' | 'drawings_attached' | 'not_configured'

export interface PaymentSituation {
  readonly loggedIn: boolean
  /** ISO code of the billing address's country. */
  readonly billingCountryCode: string
  /** Any cart item carries a technical drawing: the order needs a human look first, so only a quote remains. */
  readonly hasDrawings: boolean
  /** PayPal (or the test provider) is configured on the server. */
  readonly paypalAvailable: boolean
}

const isHomeCountry = (code: string): boolean => code.trim().toUpperCase() === TAX_HOME_COUNTRY_CODE

/** Why `method` cannot be used, or null when it can. */
export function paymentRefusal(method: PaymentMethodId, situation: PaymentSituation): PaymentRefusal | null {
  switch (method) {
    case 'prepaid':
      return situation.hasDrawings ? 'drawings_attached' : null
    case 'paypal':
      if (!situation.paypalAvailable) return 'not_configured'
      return situation.hasDrawings ? 'drawings_attached' : null
    case 'billing':
      if (!situation.loggedIn) return 'login_required'
      if (!isHomeCountry(situation.billingCountryCode)) return 'only_germany'
      return situation.hasDrawings ? 'drawings_attached' : null
    case 'quote':
      return situation.loggedIn ? null : 'login_required'
  }
}

export const isPaymentAllowed = (method: PaymentMethodId, situation: PaymentSituation): boolean =>
  paymentRefusal(method, situation) === null

/**
 * The method preselected when the wanted one is not allowed (part 2 §4: "forced to bank transfer (prepaid) when the
 * customer is foreign or invoice is not allowed"). With drawings attached prepaid is not allowed either; then the
 * first allowed method in PAYMENT_METHOD_ORDER is taken, or null when none is (a guest with drawings must log in
 * to ask for a quote).
 */
export function effectivePaymentMethod(
  wanted: PaymentMethodId,
  situation: PaymentSituation,
): PaymentMethodId | null {
  if (isPaymentAllowed(wanted, situation)) return wanted
  if (isPaymentAllowed('prepaid', situation)) return 'prepaid'
  return PAYMENT_METHOD_ORDER.find((method) => isPaymentAllowed(method, situation)) ?? null
}
