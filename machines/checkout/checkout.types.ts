import type {
  CheckoutRequestInput,
  CheckoutResponse,
  Discount,
  OrderPreviewResponse,
} from '#shared/contracts/checkout.contract.ts'
import type { AddressField } from '#shared/domain/forms/address.ts'
import type { PaymentMethodId } from '#shared/domain/payment-methods.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import type { AddressPart, CheckoutSetup, CustomerField, PaymentDetailsDraft } from './checkout-form.ts'

// The checkout machine's context, events, tags and what it hands to its provided edges (checkout.machine.ts).

export type CheckoutStep = 'details' | 'review'

export type Context = {
  /** Existing-order mode (`/payment-details/{orderId}`); null for the cart's checkout. */
  orderId: string | null
  /** A guest's access token for that order (`?access=`, decision 0100); null for a signed-in owner or a new order. */
  access: string | null
  /** The step the route asked for (a reload on `/review-order` goes on to the review when the draft is complete). */
  step: CheckoutStep
  /** The cart's 'Get a quote': quote preselected, a guest goes to the login first. */
  wantsQuote: boolean
  setup: CheckoutSetup | null
  draft: PaymentDetailsDraft
  addressChanged: boolean
  /** Next was pressed with an incomplete form: every field shows its issue (the view focuses the first one). */
  showIssues: boolean
  shippingMethodId: string | null
  /** The review's server totals (an existing order's own amounts). */
  preview: OrderPreviewResponse | null
  termsAccepted: boolean
  /** The voucher the order flow forwarded (helper voucher machine); its `_id` goes with preview and placement. */
  discount: Discount | null
  /** One key per placement attempt: a retry after no answer reuses it, anything that changes the order drops it. */
  idempotencyKey: string | null
  /** Placements tried since the checkout started (the default key generator's counter). */
  attempts: number
  /** Why the review is shown again: the totals changed (409), or the placement got no answer (try again). */
  notice: 'cart_changed' | 'place_retry' | null
  error: ErrorCode | null
  /** The placed order (complete, quote, redirecting). */
  result: CheckoutResponse | null
}

export type Event =
  /** The route opened `/payment-details` or `/review-order` (with an order id: existing-order mode). */
  | {
      type: 'checkout.open'
      orderId: string | null
      step: CheckoutStep
      quote?: boolean
      access?: string | null
    }
  | { type: 'checkout.changeCustomer'; field: CustomerField; value: string }
  | { type: 'checkout.changeAddress'; part: AddressPart; field: AddressField; value: string }
  | { type: 'checkout.setShippingDiffers'; differs: boolean }
  | { type: 'checkout.setSeparateInvoiceMail'; enabled: boolean }
  | { type: 'checkout.choosePaymentMethod'; method: PaymentMethodId }
  | { type: 'checkout.setSaveNewAddress'; save: boolean }
  | { type: 'checkout.next' }
  | { type: 'checkout.editDetails' }
  | { type: 'checkout.chooseShipping'; shippingMethodId: string }
  | { type: 'checkout.setTerms'; accepted: boolean }
  | { type: 'checkout.setNewsletter'; signUp: boolean }
  | { type: 'checkout.place' }
  | { type: 'checkout.retry' }
  /** The order flow forwards the voucher child's discount. */
  | { type: 'checkout.discountChanged'; discount: Discount | null }

/** What the checkout tells the order flow: an order was placed (cart, discount and storage are cleared then). */
export type CheckoutReport = { type: 'checkout.completed'; orderId: string }

/** How `placeOrder` is called: a new order from the cart, or new payment details for an existing order. */
export type PlaceOrderInput =
  | { kind: 'new'; request: CheckoutRequestInput; idempotencyKey: string }
  | {
      kind: 'existing'
      orderId: string
      access: string | null
      request: { billingPaymentMethod: PaymentMethodId; termsAccepted: true; expectedTotalCents: number }
    }

export const CHECKOUT_TAGS = [
  'loading',
  'load-failed',
  'empty-cart',
  'payment-details',
  'read-only',
  'review',
  'preview-loading',
  'preview-failed',
  'placing',
  'busy',
  'complete',
  'quote-generated',
  'failed',
  'redirecting',
] as const
export type CheckoutTag = (typeof CHECKOUT_TAGS)[number]
