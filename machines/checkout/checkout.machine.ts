import { and, assign } from 'xstate'
import {
  editStored,
  EMPTY_CONTEXT,
  openedParams,
  pageTargetOf,
  placeOrderInputOf,
  previewRequestOf,
  resultParams,
} from './checkout-context.ts'
import { checkoutSetup } from './checkout.setup.ts'

// The parts live beside the machine: its context, events and tags (checkout.types.ts), its actors, actions and
// guards (checkout.setup.ts), the context's readers and builders (checkout-context.ts), the form rules
// (checkout-form.ts); importers keep using this module.
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
export const checkoutMachine = checkoutSetup.createMachine({
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
