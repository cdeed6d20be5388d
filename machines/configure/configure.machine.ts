import { assign, fromPromise, setup } from 'xstate'
import {
  type AnalysisFile,
  type AnalysisFilePatch,
  OBJECT_NAME_MAX,
} from '#shared/contracts/analysis.contract.ts'
import { MIN_QUANTITY, SCALE_FIELD, type UnitOfLength } from '#shared/domain/limits.ts'
import type { NotificationMessage } from '#machines/notifications/notification-messages.ts'
import { suggestUnit } from './unit-suggestion.ts'

export type Input = {
  /** The analysed 3D file (the upload machine's output). */
  file: AnalysisFile
}

export type Axis = 'x' | 'y' | 'z'

/** Why a quantity was refused (part 1 §5: whole number, at least 1); the same reasons as `assertQuantity`. */
export type QuantityError = 'not_integer' | 'below_minimum'

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
  /** From the pricing machine (`pricing.updated`); false while prices are being calculated. */
  printable: boolean
  error: ConfigureError | null
  quantityError: QuantityError | null
  /** "Was this drawn in inches?": the unit to suggest, or null. */
  unitSuggestion: UnitOfLength | null
  unitSuggestionDismissed: boolean
}

/** What the pricing machine needs to know about the selection; the client turns it into a batch request. */
export type PricingSelection = {
  objectId: string
  objectScale: number
  objectUnitLength: UnitOfLength
  objectQuantity: number
  printModeId: string | null
  surfaceFinishId: string | null
  printModeColorId: string | null
}

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

export const CONFIGURE_TAGS = [
  'step-basics',
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

/** The selection to price, or null while the scale is not a number (0: empty field). */
export const pricingSelectionOf = (context: Context): PricingSelection | null =>
  context.scale > 0
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
    /** Client: create the current cart item for the object (defaults scale 1, quantity 1). */
    createCartItem: fromPromise<{ cartItemId: string }, { configuration: Configuration }>(async () => {
      throw new Error('configure: createCartItem is not provided')
    }),
    /** Client: put the configured item into the cart (the server prices it). */
    addToCart: fromPromise<{ cartItemId: string }, { configuration: Configuration }>(async () => {
      throw new Error('configure: addToCart is not provided')
    }),
  },
  actions: {
    /** Client: `pricing.invalidate` on the pricing actor with a batch request for this selection (null: no scale). */
    invalidatePrices: (_, _params: { selection: PricingSelection | null }) => {},
    /** Client: the configure-failure warning. */
    notifyConfigureFailure: () => {},
    /** Client: the add-to-cart-failure warning. */
    notifyAddToCartFailure: () => {},
    /** Until the new prices come, the selection counts as not printable. */
    markRepricing: assign({ printable: false }),
    setUnit: assign(({ context }, params: { unit: UnitOfLength }) => ({
      unit: params.unit,
      unitSuggestion: unitSuggestionFor(context, params.unit),
    })),
  },
  guards: {
    hasRepairInfo: ({ context }) => context.file.repairInfo !== null,
    hasRepairAgreement: ({ context }) => context.acknowledgedRepairInfo,
    hasUnitSuggestion: ({ context }) => context.unitSuggestion !== null,
    isAcceptedScale: (_, params: { scale: number }) => isAcceptedScale(params.scale),
    isReachableDimension: ({ context }, params: { axis: Axis; value: number | null }) =>
      scaleForDimension(context.file, params.axis, params.value) !== null,
    isValidQuantity: (_, params: { quantity: number }) => quantityErrorOf(params.quantity) === null,
    hasPrintMode: ({ context }) => context.printModeId !== null,
    /** Part 1 §4: a colour supports the current finish, or has no finishes when none is chosen. */
    isColorSelectable: ({ context }, params: { colorFinishIds: readonly string[] }) =>
      context.surfaceFinishId === null
        ? params.colorFinishIds.length === 0
        : params.colorFinishIds.includes(context.surfaceFinishId),
    /** Part 1 §5: choose-finishes needs a printable selection and no pending add. */
    canChooseFinishes: ({ context }) => context.printable && !context.addingPending,
    /** Part 1 §5: add to cart needs a printable selection, no pending add and the repair agreement. */
    canAddToCart: ({ context }) =>
      context.printable &&
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
    printable: false,
    error: null,
    quantityError: null,
    unitSuggestion: suggestUnit(input.file.analysedProperties.dimensions, input.file.givenUnitOfLength),
    unitSuggestionDismissed: false,
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
        'configure.setScale': {
          guard: { type: 'isAcceptedScale', params: ({ event }) => ({ scale: event.scale ?? 0 }) },
          actions: [assign({ scale: ({ event }) => event.scale ?? 0 }), ...reprice],
        },
        'configure.setDimension': {
          guard: {
            type: 'isReachableDimension',
            params: ({ event }) => ({ axis: event.axis, value: event.value }),
          },
          actions: [
            assign({
              scale: ({ context, event }) =>
                scaleForDimension(context.file, event.axis, event.value) ?? context.scale,
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
              // Refused: the quantity stays, the view shows why.
              { actions: assign({ quantityError: ({ event }) => quantityErrorOf(event.quantity) }) },
            ],
          },
          states: {
            materials: {
              tags: 'step-materials',
              on: {
                'configure.chooseFinishes': { guard: 'canChooseFinishes', target: 'finishes' },
              },
            },
            finishes: {
              tags: 'step-finishes',
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
      initial: 'persistingFile',
      entry: assign({ error: null }),
      states: {
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
              actions: assign({ file: ({ event }) => event.output, name: ({ event }) => event.output.name }),
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
    adding: {
      tags: ['step-finishes', 'busy', 'adding'],
      entry: assign({ addingPending: true, error: null }),
      exit: assign({ addingPending: false }),
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => ({ configuration: configurationOf(context) }),
        onDone: {
          target: 'added',
          actions: assign({ cartItemId: ({ event }) => event.output.cartItemId }),
        },
        onError: {
          target: '#configure.editing.choosing.finishes',
          actions: [assign({ error: 'add-to-cart-failure' }), 'notifyAddToCartFailure'],
        },
      },
    },
    added: { type: 'final', tags: 'added' },
  },
})
