import { assign } from 'xstate'
import { MIN_QUANTITY } from '#shared/domain/limits.ts'
import { suggestUnit } from './unit-suggestion.ts'
import {
  configurationOf,
  nameToSave,
  pricingSelectionOf,
  quantityErrorOf,
  scaleForDimension,
} from './configure-context.ts'
import { configureSetup } from './configure.setup.ts'
import type { Context } from './configure.types.ts'

// The parts live beside the machine: its context, events and tags (configure.types.ts), its actors, actions and
// guards (configure.setup.ts), the context's readers and field rules (configure-context.ts); importers keep using
// this module.
export type {
  Axis,
  Configuration,
  ConfigureError,
  ConfigureReport,
  ConfigureTag,
  Context,
  Event,
  Input,
  Output,
  PricingSelection,
  QuantityError,
  ScaleError,
} from './configure.types.ts'
export { CONFIGURE_TAGS } from './configure.types.ts'
export {
  cartItemInputOf,
  configurationOf,
  isAcceptedScale,
  nameToSave,
  pricingSelectionOf,
  quantityErrorOf,
  scaleForDimension,
} from './configure-context.ts'

const failAdding = ['markAddFailed', 'notifyAddToCartFailure'] as const

// Every change to what is priced asks for new prices (used after the change's own assign).
const reprice = [
  'markRepricing',
  {
    type: 'invalidatePrices',
    params: ({ context }: { context: Context }) => ({ selection: pricingSelectionOf(context) }),
  },
] as const

/**
 * The configure-model step (spec part 1 §2 checkout hero, §4 configure sub-steps, printability and price
 * recalculation, §5 validation): name, unit and repair agreement (step 0, saved on next with a new cart item), print
 * mode, finish, colour, scale and quantity (steps 1 and 2), add to cart; plus the "drawn in inches?" unit suggestion.
 */
export const configureMachine = configureSetup.createMachine({
  id: 'configure',
  initial: 'editing',
  context: ({ input }) => ({
    file: input.file,
    name: input.file.name,
    unit: input.file.givenUnitOfLength,
    scale: 1,
    quantity: MIN_QUANTITY,
    printModeId: null,
    surfaceFinishId: null,
    colorId: null,
    acknowledgedRepairInfo: input.file.repairInfo === null,
    cartItemId: null,
    addingPending: false,
    savedUnit: input.file.givenUnitOfLength,
    addRequestId: null,
    addRequests: 0,
    printable: false,
    error: null,
    quantityError: null,
    scaleError: null,
    unitSuggestion: suggestUnit(input.file.analysedProperties.dimensions, input.file.givenUnitOfLength),
    unitSuggestionDismissed: false,
    analysisWatchFailed: false,
  }),
  output: ({ context }) => {
    if (context.cartItemId === null) throw new Error('configure: added without a cart item')
    return { cartItemId: context.cartItemId, configuration: configurationOf(context) }
  },
  on: {
    // The pricing machine's verdict on the current selection, in any state.
    'pricing.updated': { actions: assign({ printable: ({ event }) => event.printable }) },
  },
  states: {
    editing: {
      initial: 'basics',
      // A file measured while its analysis goes on (decision 0124 §2) is completed in the background: the wall
      // thickness and the pictures appear once they are there. A failure here only stops the watch; "next" waits
      // for the complete file again and says so if it fails.
      invoke: {
        id: 'watchAnalysis',
        src: 'awaitAnalysis',
        input: ({ context }) => ({ file: context.file }),
        onDone: { actions: assign({ file: ({ event }) => event.output }) },
        onError: { actions: assign({ analysisWatchFailed: true }) },
      },
      on: {
        'configure.setUnit': {
          actions: [{ type: 'setUnit', params: ({ event }) => ({ unit: event.unit }) }, ...reprice],
        },
        'configure.acceptUnitSuggestion': {
          guard: 'hasUnitSuggestion',
          actions: [
            { type: 'setUnit', params: ({ context }) => ({ unit: context.unitSuggestion ?? context.unit }) },
            ...reprice,
          ],
        },
        'configure.dismissUnitSuggestion': {
          guard: 'hasUnitSuggestion',
          actions: assign({ unitSuggestion: null, unitSuggestionDismissed: true }),
        },
        'configure.setScale': [
          {
            guard: { type: 'isAcceptedScale', params: ({ event }) => ({ scale: event.scale ?? 0 }) },
            actions: [assign({ scale: ({ event }) => event.scale ?? 0, scaleError: null }), ...reprice],
          },
          // Refused (negative, below the minimum, not a number): the last valid scale stays, the view says why and
          // the price is withdrawn until the field holds a valid scale again.
          { actions: [assign({ scaleError: 'below_minimum' as const }), ...reprice] },
        ],
        'configure.setDimension': {
          guard: {
            type: 'isReachableDimension',
            params: ({ event }) => ({ axis: event.axis, value: event.value }),
          },
          actions: [
            assign({
              scale: ({ context, event }) =>
                scaleForDimension(context.file, event.axis, event.value) ?? context.scale,
              scaleError: null,
            }),
            ...reprice,
          ],
        },
      },
      states: {
        // Step 0: name, unit, repair agreement.
        basics: {
          tags: 'step-basics',
          on: {
            'configure.setName': { actions: assign({ name: ({ event }) => event.name }) },
            'configure.toggleRepairAgreement': {
              guard: 'hasRepairInfo',
              actions: assign({ acknowledgedRepairInfo: ({ context }) => !context.acknowledgedRepairInfo }),
            },
            'configure.next': { guard: 'hasRepairAgreement', target: '#configure.savingBasics' },
          },
        },
        // Steps 1 and 2: print mode, finish, colour, quantity.
        choosing: {
          initial: 'materials',
          entry: [...reprice],
          on: {
            'configure.selectPrintMode': {
              actions: [
                assign({
                  printModeId: ({ event }) => event.printModeId,
                  surfaceFinishId: ({ event }) => event.firstFinishId,
                  colorId: ({ event }) => event.firstColorId,
                }),
                ...reprice,
              ],
            },
            'configure.selectFinish': {
              guard: 'hasPrintMode',
              actions: [
                assign({
                  surfaceFinishId: ({ event }) => event.finishId,
                  colorId: ({ event }) => event.firstColorId,
                }),
                ...reprice,
              ],
            },
            'configure.selectColor': {
              guard: {
                type: 'isColorSelectable',
                params: ({ event }) => ({ colorFinishIds: event.colorFinishIds }),
              },
              actions: [assign({ colorId: ({ event }) => event.colorId }), ...reprice],
            },
            'configure.setQuantity': [
              {
                guard: { type: 'isValidQuantity', params: ({ event }) => ({ quantity: event.quantity }) },
                actions: [
                  assign({ quantity: ({ event }) => event.quantity, quantityError: null }),
                  ...reprice,
                ],
              },
              // Refused: the last valid quantity stays, the view shows why, and the price is withdrawn (no total of
              // the old quantity) until the field holds a valid quantity again.
              {
                actions: [
                  assign({ quantityError: ({ event }) => quantityErrorOf(event.quantity) }),
                  ...reprice,
                ],
              },
            ],
          },
          states: {
            materials: {
              tags: 'step-materials',
              entry: { type: 'reportStep', params: { step: 1 } },
              on: {
                'configure.chooseFinishes': { guard: 'canChooseFinishes', target: 'finishes' },
                // The browser's Back (issue 14, item 3): the name and unit can be changed again; the choices stay.
                'configure.back': {
                  target: '#configure.editing.basics',
                  actions: { type: 'reportStep', params: { step: 0 } },
                },
              },
            },
            finishes: {
              tags: 'step-finishes',
              entry: { type: 'reportStep', params: { step: 2 } },
              on: {
                'configure.back': { target: 'materials' },
                'configure.addToCart': { guard: 'canAddToCart', target: '#configure.adding' },
              },
            },
          },
        },
      },
    },
    // Next from step 0: save the name and unit, create the current cart item, then step 1.
    savingBasics: {
      tags: ['step-basics', 'busy'],
      initial: 'checkingAnalysis',
      entry: assign({ error: null }),
      states: {
        // Prices, the printability verdict and the saved name need the complete analysis: the measures alone open
        // step 0, step 1 waits for the wall thickness (decision 0124 §2; the server prices only complete files).
        checkingAnalysis: {
          always: [{ guard: 'isAnalysisPending', target: 'awaitingAnalysis' }, { target: 'persistingFile' }],
        },
        awaitingAnalysis: {
          tags: 'analysis-pending',
          invoke: {
            id: 'awaitAnalysis',
            src: 'awaitAnalysis',
            input: ({ context }) => ({ file: context.file }),
            onDone: { target: 'persistingFile', actions: assign({ file: ({ event }) => event.output }) },
            onError: {
              target: '#configure.editing.basics',
              actions: [assign({ error: 'configure-failure' }), 'notifyConfigureFailure'],
            },
          },
        },
        persistingFile: {
          invoke: {
            id: 'persistFile',
            src: 'persistFile',
            input: ({ context }) => ({
              objectId: context.file._id,
              patch: { name: nameToSave(context.name, context.file.name), givenUnitOfLength: context.unit },
            }),
            onDone: {
              target: 'creatingItem',
              actions: assign({
                file: ({ event }) => event.output,
                name: ({ event }) => event.output.name,
                savedUnit: ({ event }) => event.output.givenUnitOfLength,
              }),
            },
            onError: {
              target: '#configure.editing.basics',
              actions: [assign({ error: 'configure-failure' }), 'notifyConfigureFailure'],
            },
          },
        },
        creatingItem: {
          invoke: {
            id: 'createCartItem',
            src: 'createCartItem',
            input: ({ context }) => ({ configuration: configurationOf(context) }),
            onDone: {
              target: '#configure.editing.choosing',
              actions: assign({ cartItemId: ({ event }) => event.output.cartItemId }),
            },
            onError: {
              target: '#configure.editing.basics',
              actions: [assign({ error: 'configure-failure' }), 'notifyConfigureFailure'],
            },
          },
        },
      },
    },
    // Add to cart: save a changed unit, then ask the cart and wait for its answer (events, not a promise).
    adding: {
      tags: ['step-finishes', 'busy', 'adding'],
      entry: [assign({ addingPending: true, error: null }), 'capturePreview'],
      exit: assign({ addingPending: false, addRequestId: null }),
      initial: 'checkingUnit',
      states: {
        checkingUnit: {
          always: [{ guard: 'isUnitUnsaved', target: 'savingUnit' }, { target: 'waitingForCart' }],
        },
        savingUnit: {
          invoke: {
            id: 'persistUnit',
            src: 'persistFile',
            input: ({ context }) => ({
              objectId: context.file._id,
              patch: { givenUnitOfLength: context.unit },
            }),
            onDone: {
              target: 'waitingForCart',
              actions: assign({ savedUnit: ({ event }) => event.output.givenUnitOfLength }),
            },
            onError: { target: '#configure.editing.choosing.finishes', actions: [...failAdding] },
          },
        },
        waitingForCart: {
          entry: [
            assign(({ context }) => ({
              addRequests: context.addRequests + 1,
              addRequestId: `add-${context.addRequests + 1}`,
            })),
            {
              type: 'requestAddToCart',
              params: ({ context }) => ({
                requestId: context.addRequestId ?? '',
                configuration: configurationOf(context),
              }),
            },
          ],
          on: {
            'cart.itemsAdded': [
              {
                guard: {
                  type: 'isItemCreated',
                  params: ({ event }) => ({
                    requestId: event.requestId,
                    createdItemIds: event.createdItemIds,
                  }),
                },
                target: '#configure.added',
                actions: [
                  assign({ cartItemId: ({ event }) => event.createdItemIds[0] ?? null }),
                  {
                    type: 'uploadPreview',
                    params: ({ event }) => ({ cartItemId: event.createdItemIds[0] ?? '' }),
                  },
                ],
              },
              // The cart created no item.
              {
                guard: { type: 'isAnswer', params: ({ event }) => ({ requestId: event.requestId }) },
                target: '#configure.editing.choosing.finishes',
                actions: [...failAdding],
              },
            ],
            'cart.addFailed': {
              guard: { type: 'isAnswer', params: ({ event }) => ({ requestId: event.requestId }) },
              target: '#configure.editing.choosing.finishes',
              actions: [...failAdding],
            },
          },
        },
      },
    },
    added: { type: 'final', tags: 'added' },
  },
})
