import { assign, type DoneActorEvent, sendTo, setup, spawnChild, stopChild } from 'xstate'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { type CartReport, cartMachine } from '#machines/cart/cart.machine.ts'
import { type CheckoutReport, checkoutMachine } from '#machines/checkout/checkout.machine.ts'
import { type VoucherReport, voucherMachine } from '#machines/voucher/voucher.machine.ts'
import { type Discount } from '#shared/contracts/checkout.contract.ts'
import {
  type ConfigureReport,
  configureMachine,
  type Output as ConfigureOutput,
} from '#machines/configure/configure.machine.ts'
import {
  type OrderProcessReport,
  orderProcessMachine,
} from '#machines/order-process/order-process.machine.ts'
import {
  type PricingReport,
  pricingMachine,
  type Input as PricingInput,
} from '#machines/pricing/pricing.machine.ts'
import { type PricingSelection, pricingRequestOf } from '#machines/pricing/pricing-request.ts'
import { type PrintModesReport, printModesMachine } from '#machines/print-modes/print-modes.machine.ts'
import {
  type Input as UploadInput,
  type Output as UploadOutput,
  type UploadReport,
  uploadMachine,
} from '#machines/upload/upload.machine.ts'
import { SYSTEM_IDS, tell } from './system-ids.ts'

export type Input = {
  /** The upload's limits (a fresh upload child gets them after each finished upload). */
  upload: UploadInput
  /** The pricing child's debounce and loading-flag times. */
  pricing: PricingInput
}

export type Context = {
  uploadInput: UploadInput
  pricingInput: PricingInput
  /** The uploaded file being configured (as uploaded; the configure child has the saved one); null when none. */
  file: AnalysisFile | null
  /** The configure child's last priced selection; null while the scale field is empty or nothing is configured. */
  selection: PricingSelection | null
  /** The print-mode catalogue as last loaded: what a selection is priced against. */
  printModes: PrintMode[]
  /** The voucher child's discount (issue 16): forwarded to the checkout, cleared with a placed order. */
  discount: Discount | null
}

/** Everything the children tell the order flow, and the done events of the children that finish. */
export type Event =
  | UploadReport
  | ConfigureReport
  | PricingReport
  | PrintModesReport
  | OrderProcessReport
  | CartReport
  | CheckoutReport
  | VoucherReport
  | DoneActorEvent<UploadOutput, typeof SYSTEM_IDS.upload>
  | DoneActorEvent<ConfigureOutput, typeof SYSTEM_IDS.configure>
  /** After a reload: configure this file again (re-read from the server by its id; issue 14, item 3). */
  | { type: 'orderFlow.restore'; file: AnalysisFile }

/** An upload that has started (or is about to open the picker): the order process goes to its upload step. */
const ensureUploadStep = ['leaveCartForUpload', 'startUploadStep'] as const

/**
 * The shopper's order flow (spec part 1 §4) as one system of actors (docs/decisions/0080): the order process, the
 * cart and the print-mode catalogue run as invoked children for the flow's whole life (the catalogue loads when a file
 * is first configured, the cart row is created with the first add: docs/decisions/0111); the upload is a spawned child,
 * replaced by a fresh one after each finished upload; a finished upload spawns configure and pricing children for its
 * file (a new file replaces them; leaving the configure step stops them). The children talk through events: they
 * report to this machine by system id, the configure child asks the cart directly (`cart.add` with `replyTo`), and
 * this machine forwards what each needs (prices to configure, sub-steps to the order process). Later checkout
 * machines join as further children.
 */
export const orderFlowMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
  },
  actors: {
    orderProcess: orderProcessMachine,
    cart: cartMachine,
    printModes: printModesMachine,
    upload: uploadMachine,
    configure: configureMachine,
    pricing: pricingMachine,
    checkout: checkoutMachine,
    voucher: voucherMachine,
  },
  actions: {
    /** Client: the configure view lives on the home page: go there (keeps the scroll position). */
    showConfigure: () => {},
    /** Client: after "add to cart", the cart page. */
    showCart: () => {},
    /** Client: a placed order clears local storage except cookies, preferences and the welcome notice (part 2 §4). */
    clearOrderStorage: () => {},
    /** The voucher child may not run (a stand-alone flow): told by system id. */
    clearVoucher: ({ system }) => tell(system, SYSTEM_IDS.voucher, { type: 'voucher.clear' }),
    spawnUpload: spawnChild('upload', {
      id: SYSTEM_IDS.upload,
      systemId: SYSTEM_IDS.upload,
      input: ({ context }) => context.uploadInput,
    }),
    leaveCartForUpload: sendTo(SYSTEM_IDS.orderProcess, { type: 'cart.addAnotherFile' }),
    startUploadStep: sendTo(SYSTEM_IDS.orderProcess, { type: 'order.startUpload' }),
    /** The order process's configure step for the uploaded file. */
    reportUploaded: sendTo(SYSTEM_IDS.orderProcess, (_, params: { objectId: string }) => ({
      type: 'upload.succeeded' as const,
      objectId: params.objectId,
    })),
    /** The file the configure child gets. */
    storeFile: assign((_, params: { file: AnalysisFile }) => ({ file: params.file })),
    /** The selection priced against the catalogue, or cleared while there is nothing to price. */
    reprice: sendTo(SYSTEM_IDS.pricing, ({ context }) => {
      const request = context.selection && pricingRequestOf(context.selection, context.printModes)
      return request ? { type: 'pricing.invalidate' as const, request } : { type: 'pricing.clear' as const }
    }),
  },
  guards: {
    hasSelection: ({ context }) => context.selection !== null,
    isStep: (_, params: { step: 0 | 1 | 2; wanted: 0 | 1 | 2 }) => params.step === params.wanted,
  },
}).createMachine({
  id: SYSTEM_IDS.orderFlow,
  context: ({ input }) => ({
    uploadInput: input.upload,
    pricingInput: input.pricing,
    file: null,
    selection: null,
    printModes: [],
    discount: null,
  }),
  invoke: [
    { id: SYSTEM_IDS.orderProcess, systemId: SYSTEM_IDS.orderProcess, src: 'orderProcess' },
    { id: SYSTEM_IDS.cart, systemId: SYSTEM_IDS.cart, src: 'cart' },
    { id: SYSTEM_IDS.printModes, systemId: SYSTEM_IDS.printModes, src: 'printModes' },
    { id: SYSTEM_IDS.checkout, systemId: SYSTEM_IDS.checkout, src: 'checkout' },
    // Invoked after the checkout: its restored voucher's `voucher.changed` reaches a running checkout.
    { id: SYSTEM_IDS.voucher, systemId: SYSTEM_IDS.voucher, src: 'voucher' },
  ],
  entry: 'spawnUpload',
  initial: 'waiting',
  on: {
    'upload.underway': { actions: [...ensureUploadStep] },
    'upload.failed': { actions: sendTo(SYSTEM_IDS.orderProcess, { type: 'upload.failed' }) },
    // The logo, a failed upload or closing the upload: nothing may keep uploading.
    'orderProcess.noOrder': { actions: sendTo(SYSTEM_IDS.upload, { type: 'upload.abort' }) },
    'cart.emptied': { actions: sendTo(SYSTEM_IDS.orderProcess, { type: 'cart.emptied' }) },
    'printModes.loaded': { actions: assign({ printModes: ({ event }) => event.printModes }) },
    // The checkout sends the discount's id with its preview and placement.
    'voucher.changed': {
      actions: [
        assign({ discount: ({ event }) => event.discount }),
        sendTo(SYSTEM_IDS.checkout, ({ event }) => ({
          type: 'checkout.discountChanged' as const,
          discount: event.discount,
        })),
      ],
    },
    // An order was placed (part 2 §4 "Create order"): storage, cart and discount start afresh.
    'checkout.completed': {
      actions: [
        'clearOrderStorage',
        assign({ discount: null }),
        'clearVoucher',
        sendTo(SYSTEM_IDS.checkout, { type: 'checkout.discountChanged', discount: null }),
        sendTo(SYSTEM_IDS.cart, { type: 'cart.reset' }),
        sendTo(SYSTEM_IDS.orderProcess, { type: 'order.completed' }),
      ],
    },
  },
  states: {
    waiting: {
      on: {
        'xstate.done.actor.upload': {
          target: 'configuring',
          actions: [
            ...ensureUploadStep,
            { type: 'reportUploaded', params: ({ event }) => ({ objectId: event.output.file._id }) },
            { type: 'storeFile', params: ({ event }) => ({ file: event.output.file }) },
            'spawnUpload',
            'showConfigure',
          ],
        },
        // The file configured before a reload: the same steps as a finished upload, the upload child stays fresh.
        'orderFlow.restore': {
          target: 'configuring',
          actions: [
            ...ensureUploadStep,
            { type: 'reportUploaded', params: ({ event }) => ({ objectId: event.file._id }) },
            { type: 'storeFile', params: ({ event }) => ({ file: event.file }) },
          ],
        },
      },
    },
    configuring: {
      entry: [
        // The catalogue is first needed here: a model is configured (not on a first visit, issue 18).
        sendTo(SYSTEM_IDS.printModes, { type: 'printModes.load' }),
        spawnChild('pricing', {
          id: SYSTEM_IDS.pricing,
          systemId: SYSTEM_IDS.pricing,
          input: ({ context }) => context.pricingInput,
        }),
        spawnChild('configure', {
          id: SYSTEM_IDS.configure,
          systemId: SYSTEM_IDS.configure,
          input: ({ context }) => {
            if (context.file === null) throw new Error('orderFlow: configuring without a file')
            return { file: context.file }
          },
        }),
      ],
      exit: [stopChild(SYSTEM_IDS.configure), stopChild(SYSTEM_IDS.pricing), assign({ selection: null })],
      on: {
        // A new file replaces the one being configured (only this state re-enters, not the whole flow).
        'xstate.done.actor.upload': {
          target: 'configuring',
          reenter: true,
          actions: [
            ...ensureUploadStep,
            { type: 'reportUploaded', params: ({ event }) => ({ objectId: event.output.file._id }) },
            { type: 'storeFile', params: ({ event }) => ({ file: event.output.file }) },
            'spawnUpload',
            'showConfigure',
          ],
        },
        // The sub-step resets when the configure view is left (spec part 1 §4): so does the configuration.
        'orderProcess.leftConfigure': { target: 'waiting', actions: assign({ file: null }) },
        'configure.selectionChanged': {
          actions: [assign({ selection: ({ event }) => event.selection }), 'reprice'],
        },
        'configure.stepChanged': [
          {
            guard: { type: 'isStep', params: ({ event }) => ({ step: event.step, wanted: 2 }) },
            actions: sendTo(SYSTEM_IDS.orderProcess, { type: 'configure.chooseFinishes' }),
          },
          // The browser's Back from materials to basics (issue 14, item 3).
          {
            guard: { type: 'isStep', params: ({ event }) => ({ step: event.step, wanted: 0 }) },
            actions: sendTo(SYSTEM_IDS.orderProcess, { type: 'configure.back' }),
          },
          // Only one of the two applies: next from basics, back from finishes (the order process guards both).
          {
            actions: [
              sendTo(SYSTEM_IDS.orderProcess, { type: 'configure.back' }),
              sendTo(SYSTEM_IDS.orderProcess, { type: 'configure.next' }),
            ],
          },
        ],
        // The catalogue decides what is priced: price again once it (re)loads.
        'printModes.loaded': {
          guard: 'hasSelection',
          actions: [assign({ printModes: ({ event }) => event.printModes }), 'reprice'],
        },
        // Without a chosen print mode params[0] is only the first mode's default: nothing to add to the cart yet.
        'pricing.changed': {
          actions: sendTo(SYSTEM_IDS.configure, ({ context, event }) => ({
            type: 'pricing.updated' as const,
            printable: context.selection?.printModeId != null && event.printable,
          })),
        },
        // The current item moved into the cart.
        'xstate.done.actor.configure': {
          target: 'waiting',
          actions: [
            sendTo(SYSTEM_IDS.orderProcess, { type: 'cart.itemAdded' }),
            assign({ file: null }),
            'showCart',
          ],
        },
      },
    },
  },
})
