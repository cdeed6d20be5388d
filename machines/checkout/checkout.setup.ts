import { assign, fromPromise, setup } from 'xstate'
import type {
  CheckoutResponse,
  OrderPreviewRequestInput,
  OrderPreviewResponse,
} from '#shared/contracts/checkout.contract.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import {
  type CheckoutSetup,
  initialDraft,
  isLoggedInOf,
  type PaymentDetailsDraft,
  paymentDetailsOf,
  previewOfOrder,
} from './checkout-form.ts'
import { EMPTY_CONTEXT, isRetryable, type PageTarget, reportCompleted } from './checkout-context.ts'
import type { CheckoutStep, CheckoutTag, Context, Event, PlaceOrderInput } from './checkout.types.ts'

/** The checkout's actors (the client provides them), actions and guards; its states are in checkout.machine.ts. */
export const checkoutSetup = setup({
  types: { context: {} as Context, events: {} as Event, tags: {} as CheckoutTag },
  actors: {
    /** Client: shipping countries, session user, preferences, the cart, this tab's draft, an existing order. */
    loadCheckout: fromPromise<CheckoutSetup, { orderId: string | null; access: string | null }>(async () => {
      throw new Error('checkout: loadCheckout is not provided')
    }),
    /** Client: `POST ORDER_PREVIEW_PATH`. */
    loadPreview: fromPromise<OrderPreviewResponse, { request: OrderPreviewRequestInput }>(async () => {
      throw new Error('checkout: loadPreview is not provided')
    }),
    /** Client: `POST CHECKOUT_PATH` with the Idempotency-Key header, or `PUT ORDER_PAYMENT_DETAILS_PATH`. */
    placeOrder: fromPromise<CheckoutResponse, PlaceOrderInput>(async () => {
      throw new Error('checkout: placeOrder is not provided')
    }),
  },
  actions: {
    /** Client: keep the draft in this tab's sessionStorage (a reload keeps what was typed). */
    storeDraft: (_, _params: { draft: PaymentDetailsDraft }) => {},
    /** Client: forget the draft (the order is placed). */
    clearDraft: () => {},
    /** Client: navigation. */
    showPaymentDetails: (_, _params: PageTarget) => {},
    showReview: (_, _params: PageTarget) => {},
    showLogin: (_, _params: { returnTo: string }) => {},
    showOrderComplete: (_, _params: { orderId: string; accessToken: string }) => {},
    showQuoteGenerated: (_, _params: { orderId: string; accessToken: string }) => {},
    showOrderFailed: () => {},
    /** Client: `/redirecting`, then the browser leaves for the provider's approval page. */
    goToProvider: (_, _params: { approveUrl: string }) => {},
    /** Client: the generic warning (part 2 §8 "Order creation failure"). */
    notifyFailed: () => {},
    /** Client: a random key (crypto.randomUUID); this default counts, so tests and paths are deterministic. */
    newIdempotencyKey: assign(({ context }) => ({
      idempotencyKey: `attempt-${context.attempts + 1}`,
      attempts: context.attempts + 1,
    })),
    reportCompleted,
    markEdited: assign({ showIssues: false }),
    // A fresh checkout keeps only the voucher (the order flow's) and the attempt counter (keys stay unique).
    setOpened: assign(
      (
        { context },
        params: { orderId: string | null; access: string | null; step: CheckoutStep; quote: boolean },
      ) => ({
        ...EMPTY_CONTEXT,
        discount: context.discount,
        attempts: context.attempts,
        orderId: params.orderId,
        access: params.orderId === null ? null : params.access,
        step: params.step,
        wantsQuote: params.quote,
      }),
    ),
    setLoaded: assign(({ context }, params: { setup: CheckoutSetup }) => ({
      setup: params.setup,
      draft: initialDraft(params.setup, context.wantsQuote && isLoggedInOf(params.setup)),
      termsAccepted: params.setup.order !== null,
      preview: params.setup.order ? previewOfOrder(params.setup.order) : null,
      shippingMethodId: params.setup.order?.shippingMethod.id ?? null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    dropKey: assign({ idempotencyKey: null }),
  },
  guards: {
    isExistingOrder: ({ context }) => context.orderId !== null,
    isNewOrder: ({ context }) => context.orderId === null,
    isCartEmpty: ({ context }) => (context.setup?.itemCount ?? 0) === 0 || !context.setup?.cartId,
    guestWantsQuote: ({ context }) => context.wantsQuote && !isLoggedInOf(context.setup),
    wantsReview: ({ context }) => context.step === 'review' && paymentDetailsOf(context) !== null,
    isComplete: ({ context }) => paymentDetailsOf(context) !== null,
    isSameCheckout: ({ context, event }) =>
      event.type === 'checkout.open' &&
      context.setup !== null &&
      event.orderId === context.orderId &&
      (event.access ?? null) === context.access &&
      !event.quote,
    canPlace: ({ context }) => context.termsAccepted && context.preview !== null,
    hasKey: ({ context }) => context.idempotencyKey !== null,
    isRedirect: (_, params: { result: CheckoutResponse }) => params.result.payment !== null,
    isQuote: (_, params: { result: CheckoutResponse }) =>
      params.result.order.orderStatus === 'QUOTE_GENERATED',
    isCartChanged: (_, params: { error: unknown }) => errorCodeOf(params.error) === ErrorCode.CartChanged,
    isRetryable: (_, params: { error: unknown }) => isRetryable(params.error),
  },
})
