import type { UserDetails } from '#shared/contracts/account.contract.ts'
import type {
  Discount,
  Order,
  OrderPreviewResponse,
  PaymentDetailsInput,
} from '#shared/contracts/checkout.contract.ts'
import type { ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import {
  type AddressIssues,
  type AddressRules,
  addressIssues,
  countryOf,
  emptyAddress,
  parseAddress,
  REQUIRED_ADDRESS_FIELDS,
} from '#shared/domain/forms/address.ts'
import {
  type FormIssueCode,
  fieldIssuesOf,
  mailField,
  oneLineText,
  phoneField,
} from '#shared/domain/forms/form-fields.ts'
import {
  effectivePaymentMethod,
  PAYMENT_METHOD_ORDER,
  type PaymentMethodId,
  type PaymentRefusal,
  paymentRefusal,
  type PaymentSituation,
} from '#shared/domain/payment-methods.ts'
import { z } from 'zod'

/**
 * The payment-details form of the checkout (spec part 2 §2 "Payment-details screen", §3 "Payment details", §4
 * "Payment method selection", §5): the draft as the form holds it and the pure rules the machine and the views read.
 */

/** Every field of an address as the form holds it (a shipping address leaves VAT number and invoice mail empty). */
export type AddressDraft = ReturnType<typeof emptyAddress>
export type AddressPart = 'billing' | 'shipping'
export type CustomerField = 'email' | 'phone' | 'referenceNumber'

export type PaymentDetailsDraft = {
  email: string
  phone: string
  referenceNumber: string
  billing: AddressDraft
  /** The separate shipping address is switched on. */
  shippingDiffers: boolean
  shipping: AddressDraft
  /** Business customers only: invoices go to `billing.email`. */
  separateInvoiceMail: boolean
  /** The method the customer chose (the rules may force another one: {@link selectedPaymentMethod}). */
  paymentMethod: PaymentMethodId
  /** A signed-in customer keeps changed addresses on the account. */
  saveNewAddress: boolean
  signUpToNewsletter: boolean
}

/** What `loadCheckout` hands over when the checkout opens. */
export type CheckoutSetup = {
  countries: readonly ShippingCountry[]
  /** The signed-in customer's account (prefill, invoice and quote), or null for a guest. */
  user: UserDetails | null
  /** The customer-type preference (or a verified company). */
  isBusinessCustomer: boolean
  cartId: string | null
  itemCount: number
  /** Any cart item carries a technical drawing. */
  hasDrawings: boolean
  /** PayPal (or the test provider) is offered. */
  paypalAvailable: boolean
  /** The draft this tab kept (sessionStorage), if any. */
  savedDraft: PaymentDetailsDraft | null
  /** Existing-order mode: the order loaded by `/payment-details/{orderId}`. */
  order: Order | null
}

export type FormContext = {
  setup: CheckoutSetup | null
  draft: PaymentDetailsDraft
  /** Any address field changed since the checkout opened (save-new-address is offered then). */
  addressChanged: boolean
  shippingMethodId: string | null
  discount: Discount | null
}

export type CustomerIssues = Partial<Record<CustomerField, FormIssueCode>>
export type FormIssues = { customer: CustomerIssues; billing: AddressIssues; shipping: AddressIssues }

/** Why Next is not possible yet: required fields empty, or everything filled but something invalid. */
export type FormHint = 'required_missing' | 'fields_invalid' | 'no_payment_method' | null

export const emptyDraft = (countries: readonly ShippingCountry[]): PaymentDetailsDraft => ({
  email: '',
  phone: '',
  referenceNumber: '',
  billing: emptyAddress(countries),
  shippingDiffers: false,
  shipping: emptyAddress(countries),
  separateInvoiceMail: false,
  paymentMethod: 'prepaid',
  saveNewAddress: false,
  signUpToNewsletter: false,
})

/** A business customer: the preference is set or staff verified the company. */
export const isBusinessOf = (setup: CheckoutSetup | null): boolean =>
  setup !== null && (setup.isBusinessCustomer || setup.user?.isVerifiedCompany === true)

export const isLoggedInOf = (setup: CheckoutSetup | null): boolean => setup?.user != null

const rulesOf = (context: FormContext, kind: AddressRules['kind']): AddressRules => ({
  countries: context.setup?.countries ?? [],
  isBusinessCustomer: isBusinessOf(context.setup),
  kind,
})

const CustomerSchema = z.object({
  email: mailField(),
  phone: phoneField(),
  referenceNumber: oneLineText(50),
})

/** Every field's first issue; the shipping part only when it differs, the invoice mail only when it is used. */
export function formIssues(context: FormContext): FormIssues {
  const { draft } = context
  const billing = addressIssues(billingOf(context), rulesOf(context, 'billing'))
  return {
    customer: fieldIssuesOf<CustomerField>(CustomerSchema, draft),
    billing,
    shipping: draft.shippingDiffers ? addressIssues(draft.shipping, rulesOf(context, 'shipping')) : {},
  }
}

/** The invoice e-mail goes with the billing address only for a business customer (the fieldset shows it then). */
const billingOf = (context: FormContext): AddressDraft =>
  isBusinessOf(context.setup) ? context.draft.billing : { ...context.draft.billing, email: '' }

export function paymentSituation(context: FormContext): PaymentSituation {
  const country = countryOf(context.setup?.countries ?? [], context.draft.billing.countryId)
  return {
    loggedIn: isLoggedInOf(context.setup),
    billingCountryCode: country?.countryCode ?? '',
    hasDrawings: context.setup?.hasDrawings ?? false,
    paypalAvailable: context.setup?.paypalAvailable ?? false,
  }
}

export type PaymentOption = { method: PaymentMethodId; refusal: PaymentRefusal | null }

/**
 * The radio list: every method in order with why it is disabled; PayPal without configuration is not shown. An
 * existing PayPal order offers only PayPal; an existing quote is ordered with a real method (part 2 §2).
 */
export function paymentOptions(context: FormContext): PaymentOption[] {
  const order = context.setup?.order ?? null
  if (order?.paymentMethod === 'paypal') return [{ method: 'paypal', refusal: null }]
  const situation = paymentSituation(context)
  return PAYMENT_METHOD_ORDER.filter((method) => !(order?.isQuote && method === 'quote'))
    .map((method) => ({ method, refusal: paymentRefusal(method, situation) }))
    .filter((option) => option.refusal !== 'not_configured')
}

/** The method that is used: the chosen one if the rules allow it, else prepaid (or the first allowed), or null. */
export function selectedPaymentMethod(context: FormContext): PaymentMethodId | null {
  const options = paymentOptions(context)
  const allowed = options.filter((option) => option.refusal === null).map((option) => option.method)
  if (allowed.includes(context.draft.paymentMethod)) return context.draft.paymentMethod
  const forced = effectivePaymentMethod(context.draft.paymentMethod, paymentSituation(context))
  return forced !== null && allowed.includes(forced) ? forced : (allowed[0] ?? null)
}

/** The destination's shipping methods: the shipping address's country when it differs, else the billing one. */
export function shippingMethodsOf(context: FormContext) {
  const { draft } = context
  const countryId = draft.shippingDiffers ? draft.shipping.countryId : draft.billing.countryId
  return countryOf(context.setup?.countries ?? [], countryId)?.shippingMethods ?? []
}

/** The chosen shipping method if the destination offers it, else the destination's first one. */
export function chosenShippingMethodId(context: FormContext): string | null {
  const methods = shippingMethodsOf(context)
  const chosen = methods.find((method) => method.shippingMethodId === context.shippingMethodId)
  return (chosen ?? methods[0])?.shippingMethodId ?? null
}

const hasIssues = (issues: FormIssues): boolean =>
  [issues.customer, issues.billing, issues.shipping].some((part) => Object.keys(part).length > 0)

/** Next's hint: what keeps the form from going on (null when it can). */
export function formHint(context: FormContext): FormHint {
  const { draft } = context
  const empty = (value: string) => value.trim() === ''
  const addressMissing = (address: AddressDraft) =>
    REQUIRED_ADDRESS_FIELDS.some((field) => empty(address[field]))
  if (
    empty(draft.email) ||
    addressMissing(draft.billing) ||
    (draft.shippingDiffers && addressMissing(draft.shipping))
  )
    return 'required_missing'
  if (hasIssues(formIssues(context)) || chosenShippingMethodId(context) === null) return 'fields_invalid'
  return selectedPaymentMethod(context) === null ? 'no_payment_method' : null
}

/** Part 2 §3 "Payment details" as the preview and placement send them, or null while the form is not complete. */
export function paymentDetailsOf(context: FormContext): PaymentDetailsInput | null {
  if (formHint(context) !== null) return null
  const billing = parseAddress(billingOf(context), rulesOf(context, 'billing'))
  const shipping = context.draft.shippingDiffers
    ? parseAddress(context.draft.shipping, rulesOf(context, 'shipping'))
    : null
  const method = selectedPaymentMethod(context)
  const shippingMethodId = chosenShippingMethodId(context)
  if (billing === null || method === null || shippingMethodId === null) return null
  const { draft } = context
  return {
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    billingPaymentMethod: method,
    shippingMethodId,
    signUpToNewsletter: draft.signUpToNewsletter,
    customerRemarks: { referenceNumber: draft.referenceNumber.trim() },
    billingAddress: billing,
    shippingAddress: shipping,
    saveNewAddress: canSaveNewAddress(context) && draft.saveNewAddress,
  }
}

/** Save-new-address is offered to a signed-in customer once an address changed (never for an existing order). */
export const canSaveNewAddress = (context: FormContext & { addressChanged: boolean }): boolean =>
  isLoggedInOf(context.setup) && context.addressChanged && context.setup?.order == null

/** The form's start: this tab's draft, else the account's data, else empty; an existing order's own data. */
export function initialDraft(setup: CheckoutSetup, wantsQuote: boolean): PaymentDetailsDraft {
  const empty = emptyDraft(setup.countries)
  if (setup.order) return draftOfOrder(setup.order, empty)
  if (setup.savedDraft) return { ...setup.savedDraft, ...(wantsQuote ? { paymentMethod: 'quote' } : {}) }
  const { user } = setup
  const fill = (address: Partial<AddressDraft> | null): AddressDraft => ({
    ...empty.billing,
    ...(address ?? {}),
  })
  const base: PaymentDetailsDraft = user
    ? {
        ...empty,
        email: user.email,
        phone: user.phone,
        billing: fill(user.billingInformation),
        shippingDiffers: user.shippingInformation !== null,
        shipping: fill(user.shippingInformation),
        separateInvoiceMail: (user.billingInformation?.email ?? '') !== '',
        paymentMethod: user.billingPaymentMethod,
      }
    : empty
  return wantsQuote ? { ...base, paymentMethod: 'quote' } : base
}

/** An existing order, read-only: its addresses; a quote is ordered with prepaid preselected (part 2 §2). */
function draftOfOrder(order: Order, empty: PaymentDetailsDraft): PaymentDetailsDraft {
  const address = ({ countryName: _name, countryCode: _code, ...rest }: Order['billingInformation']) => ({
    ...empty.billing,
    ...rest,
  })
  const billing = address(order.billingInformation)
  const shipping = address(order.shippingInformation)
  const differs =
    JSON.stringify({ ...shipping, vatRegistrationNumber: '', email: '' }) !==
    JSON.stringify({ ...billing, vatRegistrationNumber: '', email: '' })
  return {
    ...empty,
    email: order.email,
    phone: order.phone,
    referenceNumber: order.customerRemarks.referenceNumber,
    billing,
    shippingDiffers: differs,
    shipping,
    separateInvoiceMail: billing.email !== '',
    paymentMethod: order.isQuote ? 'prepaid' : order.paymentMethod,
  }
}

/** An existing order's review shows its own amounts (no preview call). */
export function previewOfOrder(order: Order): OrderPreviewResponse {
  return {
    amounts: order.amounts,
    paymentMethods: [],
    shippingMethod: {
      id: order.shippingMethod.id,
      name: order.shippingMethod.name,
      priceCents: order.amounts.shipping.netCents,
      shippingTimeDays: order.shippingMethod.shippingTimeDays,
    },
    estimatedProductionTimeDays: order.estimatedProductionTimeDays,
  }
}
