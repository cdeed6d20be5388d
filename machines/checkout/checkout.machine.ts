import { and, assign, fromPromise, setup } from 'xstate'
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
import {
  editStored,
  EMPTY_CONTEXT,
  isRetryable,
  openedParams,
  type PageTarget,
  pageTargetOf,
  placeOrderInputOf,
  previewRequestOf,
  reportCompleted,
  resultParams,
} from './checkout-context.ts'
import type { CheckoutStep, CheckoutTag, Context, Event, PlaceOrderInput } from './checkout.types.ts'

// The parts live beside the machine: its context, events and tags (checkout.types.ts), the context's readers and
// builders (checkout-context.ts), the form rules (checkout-form.ts); importers keep using this module.
export type { CheckoutSetup, PaymentDetailsDraft } from './checkout-form.ts'
export type {
  CheckoutReport,
  CheckoutStep,
  CheckoutTag,
  Context,
  Event,
  PlaceOrderInput,
} from './checkout.types.ts'
export { CHECKOUT_TAGS } from './checkout.types.ts'
export { placeOrderInputOf, previewRequestOf, type PageTarget } from './checkout-context.ts'

/**
 * The checkout of spec part 2 §2 ("Payment-details screen", "Review order"), §4 ("Payment method selection", "Quote
 * flow", "Create order") and issue 16: payment details under the §4/§5 rules → review with the server's totals →
 * placing (one idempotency key per attempt) → complete | quote generated | redirecting (PayPal) | failed; a 409
 * `cart_changed` goes back to the review with the new totals; existing-order mode completes an order read-only.
 */
export const checkoutMachine = setup({
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
}).createMachine({
  id: 'checkout',
  initial: 'idle',
  context: EMPTY_CONTEXT,
  on: {
    'checkout.open': {
      target: '.loading',
      actions: {
        type: 'setOpened',
        params: ({ event }) => openedParams(event),
      },
    },
    'checkout.discountChanged': { actions: assign({ discount: ({ event }) => event.discount }) },
  },
  states: {
    idle: {},
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadCheckout',
        src: 'loadCheckout',
        input: ({ context }) => ({ orderId: context.orderId, access: context.access }),
        onDone: {
          target: 'routing',
          actions: { type: 'setLoaded', params: ({ event }) => ({ setup: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      tags: 'load-failed',
      on: { 'checkout.retry': { target: 'loading' } },
    },
    /** Where the opened checkout starts. */
    routing: {
      always: [
        { guard: 'isExistingOrder', target: 'active' },
        { guard: 'isCartEmpty', target: 'emptyCart' },
        {
          guard: 'guestWantsQuote',
          target: 'idle',
          actions: { type: 'showLogin', params: { returnTo: '/payment-details?quote=1' } },
        },
        { target: 'active' },
      ],
    },
    emptyCart: { tags: 'empty-cart' },
    active: {
      initial: 'routing',
      on: {
        // Back and forth between the two routes keeps what was typed and the review's totals.
        'checkout.open': [
          {
            guard: 'isSameCheckout',
            target: '.routing',
            actions: assign({ step: ({ event }) => event.step }),
          },
          {
            target: 'loading',
            actions: {
              type: 'setOpened',
              params: ({ event }) => openedParams(event),
            },
          },
        ],
      },
      states: {
        routing: {
          always: [{ guard: 'wantsReview', target: 'review' }, { target: 'paymentDetails' }],
        },
        paymentDetails: {
          tags: 'payment-details',
          initial: 'choosing',
          on: {
            'checkout.next': [
              {
                guard: 'isComplete',
                target: 'review',
                actions: [
                  assign({ step: 'review' as const, notice: null }),
                  { type: 'showReview', params: pageTargetOf },
                ],
              },
              { actions: assign({ showIssues: true }) },
            ],
            'checkout.choosePaymentMethod': {
              actions: [
                assign({
                  draft: ({ context, event }) => ({ ...context.draft, paymentMethod: event.method }),
                }),
                ...editStored,
              ],
            },
          },
          states: {
            choosing: {
              always: { guard: 'isExistingOrder', target: 'readOnly' },
              on: {
                'checkout.changeCustomer': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
                    }),
                    ...editStored,
                  ],
                },
                'checkout.changeAddress': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({
                        ...context.draft,
                        [event.part]: { ...context.draft[event.part], [event.field]: event.value },
                      }),
                      addressChanged: true,
                    }),
                    ...editStored,
                  ],
                },
                'checkout.setShippingDiffers': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({ ...context.draft, shippingDiffers: event.differs }),
                      addressChanged: true,
                    }),
                    ...editStored,
                  ],
                },
                'checkout.setSeparateInvoiceMail': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({
                        ...context.draft,
                        separateInvoiceMail: event.enabled,
                      }),
                    }),
                    ...editStored,
                  ],
                },
                'checkout.setSaveNewAddress': {
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({ ...context.draft, saveNewAddress: event.save }),
                    }),
                    ...editStored,
                  ],
                },
              },
            },
            /** Existing-order mode: the order's data, only the payment method can change. */
            readOnly: { tags: 'read-only' },
          },
        },
        review: {
          tags: 'review',
          initial: 'deciding',
          on: {
            'checkout.editDetails': {
              target: 'paymentDetails',
              actions: [
                assign({ step: 'details' as const, notice: null }),
                { type: 'showPaymentDetails', params: pageTargetOf },
              ],
            },
          },
          states: {
            deciding: {
              always: [{ guard: 'isExistingOrder', target: 'ready' }, { target: 'loading' }],
            },
            loading: {
              tags: ['preview-loading', 'busy'],
              entry: 'dropKey',
              invoke: {
                id: 'loadPreview',
                src: 'loadPreview',
                input: ({ context }) => ({ request: previewRequestOf(context) }),
                onDone: { target: 'ready', actions: assign({ preview: ({ event }) => event.output }) },
                onError: {
                  target: 'failed',
                  actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            failed: {
              tags: 'preview-failed',
              on: { 'checkout.retry': { target: 'loading' } },
            },
            ready: {
              on: {
                'checkout.chooseShipping': {
                  guard: 'isNewOrder',
                  target: 'loading',
                  actions: assign({
                    shippingMethodId: ({ event }) => event.shippingMethodId,
                    notice: null,
                  }),
                },
                'checkout.discountChanged': {
                  guard: 'isNewOrder',
                  target: 'loading',
                  actions: assign({ discount: ({ event }) => event.discount, notice: null }),
                },
                'checkout.setTerms': {
                  guard: 'isNewOrder',
                  actions: assign({ termsAccepted: ({ event }) => event.accepted }),
                },
                'checkout.setNewsletter': {
                  guard: 'isNewOrder',
                  actions: [
                    assign({
                      draft: ({ context, event }) => ({ ...context.draft, signUpToNewsletter: event.signUp }),
                      idempotencyKey: null,
                    }),
                    { type: 'storeDraft', params: ({ context }) => ({ draft: context.draft }) },
                  ],
                },
                'checkout.place': [
                  {
                    guard: and(['canPlace', 'isExistingOrder']),
                    target: '#checkout.placing',
                  },
                  { guard: and(['canPlace', 'hasKey']), target: '#checkout.placing' },
                  { guard: 'canPlace', target: '#checkout.placing', actions: 'newIdempotencyKey' },
                ],
              },
            },
          },
        },
      },
    },
    placing: {
      tags: ['placing', 'busy', 'review'],
      entry: assign({ notice: null, error: null }),
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => placeOrderInputOf(context),
        onDone: [
          {
            guard: { type: 'isRedirect', params: ({ event }) => ({ result: event.output }) },
            target: 'redirecting',
            actions: [
              assign({ result: ({ event }) => event.output }),
              'dropKey',
              'clearDraft',
              'reportCompleted',
            ],
          },
          {
            guard: { type: 'isQuote', params: ({ event }) => ({ result: event.output }) },
            target: 'quoteGenerated',
            actions: [
              assign({ result: ({ event }) => event.output }),
              'dropKey',
              'clearDraft',
              'reportCompleted',
            ],
          },
          {
            target: 'complete',
            actions: [
              assign({ result: ({ event }) => event.output }),
              'dropKey',
              'clearDraft',
              'reportCompleted',
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isCartChanged', params: ({ event }) => ({ error: event.error }) },
            target: '#checkout.active.review.loading',
            actions: assign({ notice: 'cart_changed' as const }),
          },
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
            target: '#checkout.active.review.ready',
            actions: [
              assign({ notice: 'place_retry' as const }),
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'failed',
            actions: [
              'dropKey',
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              'notifyFailed',
              'showOrderFailed',
            ],
          },
        ],
      },
    },
    complete: {
      tags: 'complete',
      entry: { type: 'showOrderComplete', params: ({ context }) => resultParams(context) },
    },
    quoteGenerated: {
      tags: 'quote-generated',
      entry: { type: 'showQuoteGenerated', params: ({ context }) => resultParams(context) },
    },
    redirecting: {
      tags: 'redirecting',
      entry: {
        type: 'goToProvider',
        params: ({ context }) => ({ approveUrl: context.result?.payment?.approveUrl ?? '' }),
      },
    },
    failed: { tags: 'failed' },
  },
})
