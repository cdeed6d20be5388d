import type { SnapshotFrom } from 'xstate'
import { definePathModel, doneEvent, errorEvent, type PathEvent } from '#tests/graph/path-testing.ts'
import {
  AT_ID,
  belowMinimumPreview,
  drawingsSetup,
  foreignGuestSetup,
  checkoutDiscount,
  emptyCartSetup,
  existingPaypalSetup,
  existingQuoteSetup,
  EXPRESS_ID,
  filledGuestSetup,
  guestSetup,
  memberSetup,
  ORDER_ID,
  placedOrder,
  placedPaypal,
  placedQuote,
  previewResponse,
} from './checkout.fixtures.ts'
import { type Context, checkoutMachine } from './checkout.machine.ts'

type Events = PathEvent<typeof checkoutMachine>[]
type Snapshot = SnapshotFrom<typeof checkoutMachine>

const open = (step: 'details' | 'review' = 'details', extra: { orderId?: string; quote?: boolean } = {}) =>
  ({
    type: 'checkout.open',
    orderId: extra.orderId ?? null,
    step,
    ...(extra.quote ? { quote: true } : {}),
  }) as const

/** What identifies a node: the parts the guards and the views read (the draft only as far as it changes). */
export const serializeCheckoutContext = (context: Context) => ({
  ...context,
  setup:
    context.setup === null
      ? null
      : [
          context.setup.user?.userId ?? 'guest',
          context.setup.itemCount,
          context.setup.order?.paymentMethod ?? '-',
        ],
  preview: context.preview?.amounts.total.totalCents ?? null,
  result: context.result?.order.orderStatus ?? null,
  // The key's counter grows with every attempt: whether there is one is what the guards read.
  idempotencyKey: context.idempotencyKey !== null,
  attempts: undefined,
  error: undefined,
  discount: context.discount?._id ?? null,
})

const placingOutcomes: Events = [
  doneEvent('placeOrder', placedOrder),
  doneEvent('placeOrder', placedQuote),
  doneEvent('placeOrder', placedPaypal),
  errorEvent('placeOrder', { code: 'cart_changed', status: 409 }),
  errorEvent('placeOrder', new Error('network down')),
  errorEvent('placeOrder', { code: 'payment_failed', status: 422 }),
]

/** A guest with a complete draft in this tab: load, the steps back and forth, review, every placement outcome. */
function guestFlowEvents(snapshot: Snapshot): Events {
  if (snapshot.matches('idle'))
    return [open(), open('review'), { type: 'checkout.discountChanged', discount: checkoutDiscount }]
  if (snapshot.matches('loading'))
    return [
      doneEvent('loadCheckout', filledGuestSetup),
      doneEvent('loadCheckout', emptyCartSetup),
      errorEvent('loadCheckout'),
    ]
  if (snapshot.hasTag('load-failed') || snapshot.hasTag('preview-failed')) return [{ type: 'checkout.retry' }]
  if (snapshot.hasTag('payment-details'))
    return [
      { type: 'checkout.next' },
      { type: 'checkout.changeCustomer', field: 'email', value: '' },
      open('review'),
    ]
  if (snapshot.hasTag('preview-loading'))
    return [doneEvent('loadPreview', previewResponse), errorEvent('loadPreview')]
  if (snapshot.hasTag('placing')) return placingOutcomes
  if (snapshot.hasTag('review'))
    return [
      { type: 'checkout.setTerms', accepted: !snapshot.context.termsAccepted },
      { type: 'checkout.setNewsletter', signUp: true },
      { type: 'checkout.chooseShipping', shippingMethodId: EXPRESS_ID },
      { type: 'checkout.discountChanged', discount: checkoutDiscount },
      { type: 'checkout.place' },
      { type: 'checkout.editDetails' },
      open('details', { quote: true }),
    ]
  return [open()]
}

export const checkoutGuestPathModel = definePathModel({
  machine: checkoutMachine,
  input: undefined,
  events: guestFlowEvents,
  serializeContext: serializeCheckoutContext,
  limit: 8000,
})

/** Filling the form from empty: every field kind, the toggles, the payment method and Next with its hint. */
export const checkoutFormPathModel = definePathModel({
  machine: checkoutMachine,
  input: undefined,
  events: (snapshot): Events => {
    if (snapshot.matches('idle')) return [open()]
    if (snapshot.matches('loading'))
      return [doneEvent('loadCheckout', { ...guestSetup, user: memberSetup.user })]
    if (!snapshot.hasTag('payment-details')) return []
    return [
      { type: 'checkout.changeCustomer', field: 'email', value: 'max@example.com' },
      { type: 'checkout.changeAddress', part: 'billing', field: 'firstname', value: 'Max' },
      { type: 'checkout.changeAddress', part: 'billing', field: 'countryId', value: AT_ID },
      { type: 'checkout.setShippingDiffers', differs: !snapshot.context.draft.shippingDiffers },
      { type: 'checkout.setSeparateInvoiceMail', enabled: true },
      { type: 'checkout.setSaveNewAddress', save: true },
      { type: 'checkout.choosePaymentMethod', method: 'paypal' },
      { type: 'checkout.next' },
    ]
  },
  serializeContext: serializeCheckoutContext,
  limit: 8000,
})

/** A member: the cart's 'Get a quote', a guest sent to the login for it, and the existing-order modes. */
export const checkoutMemberPathModel = definePathModel({
  machine: checkoutMachine,
  input: undefined,
  events: (snapshot): Events => {
    if (snapshot.matches('idle'))
      return [open('details', { quote: true }), open('details', { orderId: ORDER_ID })]
    if (snapshot.matches('loading'))
      return snapshot.context.orderId
        ? [doneEvent('loadCheckout', existingQuoteSetup), doneEvent('loadCheckout', existingPaypalSetup)]
        : [doneEvent('loadCheckout', memberSetup), doneEvent('loadCheckout', guestSetup)]
    if (snapshot.hasTag('payment-details')) return [{ type: 'checkout.next' }]
    if (snapshot.hasTag('preview-loading')) return [doneEvent('loadPreview', previewResponse)]
    if (snapshot.hasTag('placing')) return [doneEvent('placeOrder', placedQuote)]
    if (snapshot.hasTag('review'))
      return [{ type: 'checkout.setTerms', accepted: true }, { type: 'checkout.place' }]
    return []
  },
  serializeContext: serializeCheckoutContext,
})

/** The setups the stories show besides: a foreign guest, drawings attached, a review below the minimum. */
export const checkoutStoryPathModel = definePathModel({
  machine: checkoutMachine,
  input: undefined,
  events: (snapshot): Events => {
    if (snapshot.matches('idle')) return [open()]
    if (snapshot.matches('loading'))
      return [
        doneEvent('loadCheckout', foreignGuestSetup),
        doneEvent('loadCheckout', drawingsSetup),
        doneEvent('loadCheckout', filledGuestSetup),
      ]
    if (snapshot.hasTag('payment-details')) return [{ type: 'checkout.next' }]
    if (snapshot.hasTag('preview-loading')) return [doneEvent('loadPreview', belowMinimumPreview)]
    return []
  },
  serializeContext: serializeCheckoutContext,
})
