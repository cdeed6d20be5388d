import { assign, fromPromise, setup } from 'xstate'
import {
  type AnalysisFile,
  type AnalysisFilePatch,
  OBJECT_NAME_MAX,
} from '#shared/contracts/analysis.contract.ts'
import { MIN_QUANTITY, SCALE_FIELD, type UnitOfLength } from '#shared/domain/limits.ts'
import { type CartItemInput } from '#shared/contracts/cart.contract.ts'
import type { NotificationMessage } from '#machines/notifications/notification-messages.ts'
import { SYSTEM_IDS, tell } from '#machines/order-flow/system-ids.ts'
import { type PricingSelection } from '#machines/pricing/pricing-request.ts'
import { suggestUnit } from './unit-suggestion.ts'

export type Input = {
  /** The analysed 3D file (the upload machine's output). */
  file: AnalysisFile
}

export type Axis = 'x' | 'y' | 'z'

/** Why a quantity was refused (part 1 §5: whole number, at least 1); the same reasons as `assertQuantity`. */
export type QuantityError = 'not_integer' | 'below_minimum'

/** Why a typed scale was refused (part 1 §5: at least SCALE_FIELD.min; negative, tiny or not a number). */
export type ScaleError = 'below_minimum'

export type ConfigureError = Extract<NotificationMessage, 'configure-failure' | 'add-to-cart-failure'>

export type Context = {
  file: AnalysisFile
  /** The object name as typed; trimmed when saved. */
  name: string
  unit: UnitOfLength
  /** 0 while the scale field is empty (the printability message is hidden then). */
  scale: number
  quantity: number
  printModeId: string | null
  surfaceFinishId: string | null
  colorId: string | null
  /** True when the file has no repair info; otherwise false until the user ticks the repair agreement. */
  acknowledgedRepairInfo: boolean
  /** The current item, once step 0 created it. */
  cartItemId: string | null
  addingPending: boolean
  /** The unit the server has for the file (saved by step 0 or by add to cart). */
  savedUnit: UnitOfLength
  /** The `requestId` of the `cart.add` waiting for the cart's answer; null when none waits. */
  addRequestId: string | null
  /** Counts add-to-cart requests (their ids). */
  addRequests: number
  /** From the pricing machine (`pricing.updated`); false while prices are being calculated. */
  printable: boolean
  error: ConfigureError | null
  quantityError: QuantityError | null
  /** The scale field holds a refused value: nothing is priced or added until it is fixed (issue 14, item 5). */
  scaleError: ScaleError | null
  /** "Was this drawn in inches?": the unit to suggest, or null. */
  unitSuggestion: UnitOfLength | null
  unitSuggestionDismissed: boolean
  /**
   * The background read of a file still being analysed failed (decision 0124 §2): its wall thickness and pictures
   * stay pending until "next" asks for the complete file again.
   */
  analysisWatchFailed: boolean
}

export type { PricingSelection }

/** The configuration the actors persist and add to the cart. */
export type Configuration = {
  objectId: string
  cartItemId: string | null
  name: string
  unit: UnitOfLength
  scale: number
  quantity: number
  printModeId: string | null
  surfaceFinishId: string | null
  colorId: string | null
  acknowledgedRepairInfo: boolean
}

export type Output = { cartItemId: string; configuration: Configuration }

export type Event =
  | { type: 'configure.setName'; name: string }
  | { type: 'configure.setUnit'; unit: UnitOfLength }
  | { type: 'configure.toggleRepairAgreement' }
  | { type: 'configure.acceptUnitSuggestion' }
  | { type: 'configure.dismissUnitSuggestion' }
  | { type: 'configure.next' }
  /** The scale field (null when empty, which counts as 0) or the slider. */
  | { type: 'configure.setScale'; scale: number | null }
  /** A size field in the file's unit (null when empty): the scale becomes value ÷ analysed dimension. */
  | { type: 'configure.setDimension'; axis: Axis; value: number | null }
  /** The print mode's first finish and first colour become the selection (null when it has none). */
  | {
      type: 'configure.selectPrintMode'
      printModeId: string
      firstFinishId: string | null
      firstColorId: string | null
    }
  /** Choosing a finish selects its first colour. */
  | { type: 'configure.selectFinish'; finishId: string; firstColorId: string | null }
  /** `colorFinishIds`: the finishes the colour is offered in (its `surfaceFinishes`). */
  | { type: 'configure.selectColor'; colorId: string; colorFinishIds: readonly string[] }
  | { type: 'configure.setQuantity'; quantity: number }
  | { type: 'configure.chooseFinishes' }
  | { type: 'configure.back' }
  | { type: 'configure.addToCart' }
  | { type: 'pricing.updated'; printable: boolean }
  /** The cart's answer to this machine's `cart.add` (docs/decisions/0080). */
  | { type: 'cart.itemsAdded'; requestId: string | null; createdItemIds: string[] }
  | { type: 'cart.addFailed'; requestId: string | null }

/** The cart's `cart.add` as this machine sends it (the cart machine's event; machines do not import each other). */
type CartAddRequest = { type: 'cart.add'; items: CartItemInput[]; requestId: string; replyTo: string }

/** What the configure machine tells the order flow (its parent). */
export type ConfigureReport =
  | { type: 'configure.selectionChanged'; selection: PricingSelection | null }
  | { type: 'configure.stepChanged'; step: 0 | 1 | 2 }

export const CONFIGURE_TAGS = [
  'step-basics',
  'analysis-pending',
  'step-materials',
  'step-finishes',
  'busy',
  'adding',
  'added',
] as const
export type ConfigureTag = (typeof CONFIGURE_TAGS)[number]

/** A scale the fields accept: 0 (empty field) or at least SCALE_FIELD.min. */
export const isAcceptedScale = (scale: number): boolean =>
  Number.isFinite(scale) && (scale === 0 || scale >= SCALE_FIELD.min)

/** The scale a size field asks for, or null when it cannot be had (flat axis, negative or tiny value). */
export const scaleForDimension = (file: AnalysisFile, axis: Axis, value: number | null): number | null => {
  const dimension = file.analysedProperties.dimensions[axis]
  const wanted = value ?? 0
  if (!(dimension > 0) || !Number.isFinite(wanted) || wanted < 0) return null
  const scale = wanted / dimension
  return isAcceptedScale(scale) ? scale : null
}

export const quantityErrorOf = (quantity: number): QuantityError | null => {
  if (!Number.isSafeInteger(quantity)) return 'not_integer'
  return quantity < MIN_QUANTITY ? 'below_minimum' : null
}

/** The name to save: trimmed, the file's own name when nothing is left, at most OBJECT_NAME_MAX characters. */
export const nameToSave = (name: string, fallback: string): string =>
  (name.trim() || fallback.trim() || fallback).slice(0, OBJECT_NAME_MAX)

/**
 * The selection to price, or null while the scale is not a number (0: empty field) or a field holds a refused value:
 * the price follows the fields, so a refused quantity or scale shows no total of the last valid one.
 */
export const pricingSelectionOf = (context: Context): PricingSelection | null =>
  context.scale > 0 && context.quantityError === null && context.scaleError === null
    ? {
        objectId: context.file._id,
        objectScale: context.scale,
        objectUnitLength: context.unit,
        objectQuantity: context.quantity,
        printModeId: context.printModeId,
        surfaceFinishId: context.surfaceFinishId,
        printModeColorId: context.colorId,
      }
    : null

export const configurationOf = (context: Context): Configuration => ({
  objectId: context.file._id,
  cartItemId: context.cartItemId,
  name: nameToSave(context.name, context.file.name),
  unit: context.unit,
  scale: context.scale,
  quantity: context.quantity,
  printModeId: context.printModeId,
  surfaceFinishId: context.surfaceFinishId,
  colorId: context.colorId,
  acknowledgedRepairInfo: context.acknowledgedRepairInfo,
})

/** What the cart gets for a configuration (never a price: the server prices it). */
export function cartItemInputOf(configuration: Configuration): CartItemInput {
  if (configuration.printModeId === null) throw new Error('configure: no print mode chosen')
  return {
    objectId: configuration.objectId,
    quantity: configuration.quantity,
    scale: configuration.scale,
    printModeId: configuration.printModeId,
    surfaceFinishId: configuration.surfaceFinishId,
    printModeColorId: configuration.colorId,
    acknowledgedRepairInfo: configuration.acknowledgedRepairInfo,
  }
}

/** No field holds a refused value. */
const isValidEntry = (context: Context): boolean =>
  context.quantityError === null && context.scaleError === null

const failAdding = ['markAddFailed', 'notifyAddToCartFailure'] as const

// Every change to what is priced asks for new prices (used after the change's own assign).
const reprice = [
  'markRepricing',
  {
    type: 'invalidatePrices',
    params: ({ context }: { context: Context }) => ({ selection: pricingSelectionOf(context) }),
  },
] as const

const unitSuggestionFor = (context: Context, unit: UnitOfLength): UnitOfLength | null =>
  context.unitSuggestionDismissed ? null : suggestUnit(context.file.analysedProperties.dimensions, unit)

/**
 * The configure-model step (spec part 1 §2 checkout hero, §4 configure sub-steps, printability and price
 * recalculation, §5 validation): name, unit and repair agreement (step 0, saved on next with a new cart item), print
 * mode, finish, colour, scale and quantity (steps 1 and 2), add to cart; plus the "drawn in inches?" unit suggestion.
 */
export const configureMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    output: {} as Output,
    tags: {} as ConfigureTag,
  },
  actors: {
    /** Client: `PATCH /api/analytx/file/{objectId}` with the trimmed name and the unit; answers the file. */
    persistFile: fromPromise<AnalysisFile, { objectId: string; patch: AnalysisFilePatch }>(async () => {
      throw new Error('configure: persistFile is not provided')
    }),
    /**
     * Client: the file once its analysis is complete (decision 0124 §2). A file measured while its wall thickness
     * and pictures are computed (`pending`) is read again (`GET /api/analytx/file/{id}`) until it is complete; a
     * complete one is the answer at once, without a request.
     */
    awaitAnalysis: fromPromise<AnalysisFile, { file: AnalysisFile }>(async ({ input }) => {
      if (input.file.pending !== true) return input.file
      throw new Error('configure: awaitAnalysis is not provided')
    }),
    /** Client: create the current cart item for the object (defaults scale 1, quantity 1). */
    createCartItem: fromPromise<{ cartItemId: string }, { configuration: Configuration }>(async () => {
      throw new Error('configure: createCartItem is not provided')
    }),
  },
  actions: {
    /** The order flow turns the selection into a batch request for the pricing actor (null: no scale). */
    invalidatePrices: ({ system }, params: { selection: PricingSelection | null }) => {
      const report: ConfigureReport = { type: 'configure.selectionChanged', selection: params.selection }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
    /** The order flow moves the order process's sub-step along. */
    reportStep: ({ system }, params: { step: 0 | 1 | 2 }) => {
      const report: ConfigureReport = { type: 'configure.stepChanged', step: params.step }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
    /** `cart.add` to the cart; it answers `cart.itemsAdded` / `cart.addFailed` with the request id. */
    requestAddToCart: ({ system }, params: { requestId: string; configuration: Configuration }) => {
      const request: CartAddRequest = {
        type: 'cart.add',
        items: [cartItemInputOf(params.configuration)],
        requestId: params.requestId,
        replyTo: SYSTEM_IDS.configure,
      }
      tell(system, SYSTEM_IDS.cart, request)
    },
    /** Client: take a picture of the 3D preview for the item being added (I/O). */
    capturePreview: () => {},
    /** Client: upload that picture as the new cart item's thumbnail (I/O). */
    uploadPreview: (_, _params: { cartItemId: string }) => {},
    /** Client: the configure-failure warning. */
    notifyConfigureFailure: () => {},
    /** Client: the add-to-cart-failure warning. */
    notifyAddToCartFailure: () => {},
    markAddFailed: assign({ error: 'add-to-cart-failure' as const }),
    /** Until the new prices come, the selection counts as not printable. */
    markRepricing: assign({ printable: false }),
    setUnit: assign(({ context }, params: { unit: UnitOfLength }) => ({
      unit: params.unit,
      unitSuggestion: unitSuggestionFor(context, params.unit),
    })),
  },
  guards: {
    /** The file is measured, its wall thickness and pictures still being computed (decision 0124 §2). */
    isAnalysisPending: ({ context }) => context.file.pending === true,
    hasRepairInfo: ({ context }) => context.file.repairInfo !== null,
    hasRepairAgreement: ({ context }) => context.acknowledgedRepairInfo,
    hasUnitSuggestion: ({ context }) => context.unitSuggestion !== null,
    isAcceptedScale: (_, params: { scale: number }) => isAcceptedScale(params.scale),
    isReachableDimension: ({ context }, params: { axis: Axis; value: number | null }) =>
      scaleForDimension(context.file, params.axis, params.value) !== null,
    isValidQuantity: (_, params: { quantity: number }) => quantityErrorOf(params.quantity) === null,
    /** The unit changed after step 0 saved the file: the server prices the cart item in the file's unit. */
    isUnitUnsaved: ({ context }) => context.unit !== context.savedUnit,
    /** The cart's answer to the request this machine waits for. */
    isAnswer: ({ context }, params: { requestId: string | null }) =>
      context.addRequestId !== null && params.requestId === context.addRequestId,
    /** The answer created the item (an answer without one counts as a failure). */
    isItemCreated: ({ context }, params: { requestId: string | null; createdItemIds: readonly string[] }) =>
      context.addRequestId !== null &&
      params.requestId === context.addRequestId &&
      params.createdItemIds.length > 0,
    hasPrintMode: ({ context }) => context.printModeId !== null,
    /** Part 1 §4: a colour supports the current finish, or has no finishes when none is chosen. */
    isColorSelectable: ({ context }, params: { colorFinishIds: readonly string[] }) =>
      context.surfaceFinishId === null
        ? params.colorFinishIds.length === 0
        : params.colorFinishIds.includes(context.surfaceFinishId),
    /** Part 1 §5: choose-finishes needs a printable selection and no pending add. */
    canChooseFinishes: ({ context }) => context.printable && !context.addingPending && isValidEntry(context),
    /** Part 1 §5: add to cart needs a printable selection, no pending add and the repair agreement. */
    canAddToCart: ({ context }) =>
      context.printable &&
      isValidEntry(context) &&
      !context.addingPending &&
      context.acknowledgedRepairInfo &&
      context.printModeId !== null,
  },
}).createMachine({
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
