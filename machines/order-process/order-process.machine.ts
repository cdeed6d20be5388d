import { assign, setup } from 'xstate'
import { SYSTEM_IDS, tell } from '#machines/order-flow/system-ids.ts'

/** The configure-model sub-steps (spec part 1 §4): 0 basics, 1 materials, 2 finishes. */
export type ConfigureSubStep = 0 | 1 | 2

export type Context = {
  /** The checkout (order process panel) is open: the header upload button opened it, closing the upload hid it. */
  checkoutOpen: boolean
  configureSubStep: ConfigureSubStep
  /** The object being configured (the uploaded file's object id); null when nothing is being configured. */
  currentItemId: string | null
}

export type Event =
  | { type: 'order.startUpload' }
  | { type: 'order.reset' }
  | { type: 'order.closeUpload' }
  | { type: 'order.completed' }
  | { type: 'upload.succeeded'; objectId: string }
  | { type: 'upload.failed' }
  | { type: 'configure.next' }
  | { type: 'configure.chooseFinishes' }
  | { type: 'configure.back' }
  | { type: 'cart.open' }
  | { type: 'cart.itemAdded' }
  | { type: 'cart.emptied' }
  | { type: 'cart.addAnotherFile' }
  | { type: 'checkout.proceed' }
  | { type: 'checkout.review' }
  | { type: 'checkout.back' }

/**
 * What the order process tells the order flow: back to no order (a running upload stops), or the configure step was
 * left (the configuration ends).
 */
export type OrderProcessReport = { type: 'orderProcess.noOrder' } | { type: 'orderProcess.leftConfigure' }

/** The order process has no input: it always starts with no order ongoing. */
export type Input = undefined

/** Tags the views select on: the steps bar, the mobile header upload button and the order panel. */
export const ORDER_PROCESS_TAGS = [
  'step-upload',
  'step-configure',
  'step-cart',
  'show-header-upload',
  'order-ongoing',
] as const
export type OrderProcessTag = (typeof ORDER_PROCESS_TAGS)[number]

/**
 * The order process steps of the shop (spec part 1 §2 Layout, §4): from no order over upload, configuration, cart and
 * customer details to the completed order; tags drive the steps bar, the header upload button and the order panel.
 */
export const orderProcessMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as OrderProcessTag,
  },
  actions: {
    /** Client: show the generic upload-failed warning. */
    notifyUploadFailed: () => {},
    /** Client: scroll to the top and navigate to `/` ('add another file' from the cart). */
    scrollToTopAndGoHome: () => {},
    openCheckout: assign({ checkoutOpen: true }),
    closeCheckout: assign({ checkoutOpen: false }),
    clearCurrentItem: assign({ currentItemId: null }),
    resetSubStep: assign({ configureSubStep: 0 as ConfigureSubStep }),
    report: ({ system }, params: { report: OrderProcessReport }) =>
      tell(system, SYSTEM_IDS.orderFlow, params.report),
  },
  guards: {
    isOnBasicsStep: ({ context }) => context.configureSubStep === 0,
    isOnMaterialsStep: ({ context }) => context.configureSubStep === 1,
    isOnFinishesStep: ({ context }) => context.configureSubStep === 2,
  },
}).createMachine({
  id: 'orderProcess',
  initial: 'noOrderOngoing',
  context: { checkoutOpen: false, configureSubStep: 0, currentItemId: null },
  on: {
    // The logo: from anywhere back to no order ongoing, current item cleared, checkout closed.
    'order.reset': {
      target: '.noOrderOngoing',
      actions: ['clearCurrentItem', 'closeCheckout', 'resetSubStep'],
    },
  },
  states: {
    noOrderOngoing: {
      tags: ['step-upload', 'show-header-upload'],
      entry: { type: 'report', params: { report: { type: 'orderProcess.noOrder' } } },
      on: {
        'order.startUpload': { target: 'upload', actions: 'openCheckout' },
        'cart.open': { target: 'viewCart', actions: 'openCheckout' },
      },
    },
    upload: {
      tags: ['step-upload', 'order-ongoing'],
      on: {
        'upload.succeeded': {
          target: 'configureModel',
          actions: assign({ currentItemId: ({ event }) => event.objectId, configureSubStep: 0 }),
        },
        'upload.failed': { target: 'noOrderOngoing', actions: 'notifyUploadFailed' },
        'order.closeUpload': { target: 'noOrderOngoing', actions: 'closeCheckout' },
      },
    },
    configureModel: {
      tags: ['step-configure', 'order-ongoing'],
      // The sub-step resets to 0 whenever the configure view is left (spec part 1 §4).
      exit: ['resetSubStep', { type: 'report', params: { report: { type: 'orderProcess.leftConfigure' } } }],
      on: {
        'configure.next': {
          guard: 'isOnBasicsStep',
          actions: assign({ configureSubStep: 1 as ConfigureSubStep }),
        },
        'configure.chooseFinishes': {
          guard: 'isOnMaterialsStep',
          actions: assign({ configureSubStep: 2 as ConfigureSubStep }),
        },
        // Back from finishes, and (the browser's Back, issue 14 item 3) from materials to basics.
        'configure.back': [
          { guard: 'isOnFinishesStep', actions: assign({ configureSubStep: 1 as ConfigureSubStep }) },
          { guard: 'isOnMaterialsStep', actions: assign({ configureSubStep: 0 as ConfigureSubStep }) },
        ],
        // 'Choose a different 3D file' starts a new upload.
        'order.startUpload': { target: 'upload', actions: 'openCheckout' },
        // The current item moves into the cart.
        'cart.itemAdded': { target: 'viewCart', actions: 'clearCurrentItem' },
        'cart.open': { target: 'viewCart', actions: 'openCheckout' },
      },
    },
    viewCart: {
      tags: ['step-cart', 'order-ongoing'],
      on: {
        'cart.emptied': { target: 'noOrderOngoing' },
        'cart.addAnotherFile': {
          target: 'configureModel',
          actions: ['resetSubStep', 'scrollToTopAndGoHome'],
        },
        'checkout.proceed': { target: 'provideCustomerDetails' },
      },
    },
    provideCustomerDetails: {
      tags: ['step-cart', 'order-ongoing'],
      on: {
        'checkout.review': { target: 'reviewOrder' },
        'checkout.back': { target: 'viewCart' },
      },
    },
    reviewOrder: {
      tags: ['step-cart', 'order-ongoing'],
      on: {
        'checkout.back': { target: 'provideCustomerDetails' },
        'order.completed': { target: 'orderCompleted', actions: 'clearCurrentItem' },
      },
    },
    orderCompleted: {
      tags: ['step-upload', 'show-header-upload'],
      on: {
        'order.startUpload': { target: 'upload', actions: 'openCheckout' },
      },
    },
  },
})
