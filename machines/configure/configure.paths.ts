import {
  afterEvents,
  definePathModel,
  doneEvent,
  errorEvent,
  type PathEvent,
} from '#tests/graph/path-testing.ts'
import { analysedFile, measuredFile, repairedTinyFile } from '#machines/upload/upload.fixtures.ts'
import { configureMachine, type Event } from './configure.machine.ts'
import { selectC2, selectC3, selectC4, selectF2, selectPm1, selectPm2 } from './configure.fixtures.ts'

const settle = [
  doneEvent('persistFile', analysedFile),
  errorEvent('persistFile'),
  doneEvent('createCartItem', { cartItemId: 'item-1' }),
  errorEvent('createCartItem'),
  doneEvent('persistUnit', { ...analysedFile, givenUnitOfLength: 'cm' }),
  errorEvent('persistUnit'),
  ...afterEvents(configureMachine),
]

const steps: Event[] = [
  { type: 'configure.next' },
  { type: 'configure.chooseFinishes' },
  { type: 'configure.back' },
  { type: 'configure.addToCart' },
  { type: 'pricing.updated', printable: true },
  { type: 'pricing.updated', printable: false },
  // The cart's answers to the first add-to-cart request (and to one nobody asked).
  { type: 'cart.itemsAdded', requestId: 'add-1', createdItemIds: ['item-9'] },
  { type: 'cart.itemsAdded', requestId: 'add-1', createdItemIds: [] },
  { type: 'cart.itemsAdded', requestId: 'add-7', createdItemIds: ['item-9'] },
  { type: 'cart.addFailed', requestId: 'add-1' },
  { type: 'cart.addFailed', requestId: 'add-7' },
]

const basicsEdits: Event[] = [
  { type: 'configure.setName', name: '  Clip v2 ' },
  { type: 'configure.setUnit', unit: 'cm' },
  { type: 'configure.setUnit', unit: 'inch' },
  { type: 'configure.toggleRepairAgreement' },
  { type: 'configure.acceptUnitSuggestion' },
  { type: 'configure.dismissUnitSuggestion' },
  { type: 'configure.setScale', scale: 2 },
  { type: 'configure.setScale', scale: null },
  { type: 'configure.setScale', scale: 0.005 },
  { type: 'configure.setDimension', axis: 'x', value: 0.24 },
  { type: 'configure.setDimension', axis: 'x', value: 0.0001 },
]

const isRefusedScale = (event: PathEvent<typeof configureMachine>) =>
  event.type === 'configure.setScale' && event.scale === 0.005

const isRefusedQuantity = (event: PathEvent<typeof configureMachine>) =>
  event.type === 'configure.setQuantity' && event.quantity !== 3

const choices: Event[] = [
  selectPm1,
  selectPm2,
  selectF2,
  selectC2,
  selectC3,
  selectC4,
  { type: 'configure.setQuantity', quantity: 3 },
  { type: 'configure.setQuantity', quantity: 0 },
  { type: 'configure.setQuantity', quantity: 1.5 },
]

/**
 * Step 0 of a repaired file drawn in inches: name, unit, the repair agreement, the unit suggestion, scale and size
 * fields, and the save that can fail; later steps only move on. (A done machine takes no events.)
 */
export const configureBasicsPathModel = definePathModel({
  // The refused scale (issue 14, item 5) is a state of its own: the graph is a little over the default limit.
  limit: 8_000,
  machine: configureMachine,
  input: { file: repairedTinyFile },
  events: (snapshot) =>
    snapshot.status === 'done'
      ? []
      : snapshot.hasTag('step-basics')
        ? // A refused scale once, from a clean field: enough for its transition without doubling the graph.
          [...steps, ...settle, ...basicsEdits].filter(
            (event) => snapshot.context.scaleError === null || !isRefusedScale(event),
          )
        : [...steps, ...settle],
  // What the guards of step 0 read; the values themselves are checked by the behaviour tests.
  serializeContext: ({ acknowledgedRepairInfo, unitSuggestion, printable, error, scaleError }) => ({
    acknowledgedRepairInfo,
    scaleError,
    unitSuggestion,
    printable,
    error,
  }),
})

/**
 * Steps 1 and 2 of a file without repairs: print modes, finishes, colours (selectable or not), quantities, prices
 * arriving, add to cart that works or fails.
 */
export const configureChoicesPathModel = definePathModel({
  machine: configureMachine,
  input: { file: analysedFile },
  events: (snapshot) =>
    snapshot.status === 'done'
      ? []
      : snapshot.hasTag('step-basics')
        ? [...settle, { type: 'configure.next' }, { type: 'configure.toggleRepairAgreement' }]
        : // One add-to-cart request is enough to cover its answers; more would only grow the request ids.
          [...steps, ...settle, ...choices].filter(
            (event) =>
              snapshot.context.addRequests === 0 ||
              (event.type !== 'configure.addToCart' && !isRefusedQuantity(event)),
          ),
  // What the guards of steps 1 and 2 read.
  serializeContext: ({
    printModeId,
    surfaceFinishId,
    printable,
    addingPending,
    error,
    addRequestId,
    quantityError,
  }) => ({
    addRequestId,
    quantityRefused: quantityError !== null,
    printModeId,
    surfaceFinishId,
    printable,
    addingPending,
    error,
  }),
})

/**
 * Add to cart after the unit changed on step 1: the unit is saved first (which can fail), then the cart is asked.
 */
export const configureUnitChangePathModel = definePathModel({
  machine: configureMachine,
  input: { file: analysedFile },
  events: (snapshot): PathEvent<typeof configureMachine>[] =>
    snapshot.status === 'done' || snapshot.context.addRequests > 0
      ? []
      : [
          { type: 'configure.next' },
          doneEvent('createCartItem', { cartItemId: 'item-1' }),
          doneEvent('persistFile', analysedFile),
          selectPm1,
          { type: 'pricing.updated', printable: true },
          { type: 'configure.chooseFinishes' },
          { type: 'configure.setUnit', unit: 'cm' },
          { type: 'configure.addToCart' },
          doneEvent('persistUnit', { ...analysedFile, givenUnitOfLength: 'cm' }),
          errorEvent('persistUnit'),
        ],
  serializeContext: ({ unit, savedUnit, printModeId, printable, error }) => ({
    unitSaved: unit === savedUnit,
    printModeId,
    printable,
    error,
  }),
})

/**
 * A file measured while its wall thickness and pictures are computed (decision 0124 §2): completed in the background
 * on step 0 (or not: the watch fails quietly), and "next" waiting for the complete file, which can fail.
 */
export const configurePendingAnalysisPathModel = definePathModel({
  machine: configureMachine,
  input: { file: measuredFile },
  events: (snapshot): PathEvent<typeof configureMachine>[] =>
    snapshot.hasTag('step-basics')
      ? [
          { type: 'configure.next' },
          // The watch settles once: after that the file is complete, or the watch failed.
          ...(snapshot.context.file.pending === true && !snapshot.context.analysisWatchFailed
            ? [doneEvent('watchAnalysis', analysedFile), errorEvent('watchAnalysis')]
            : []),
          doneEvent('awaitAnalysis', analysedFile),
          errorEvent('awaitAnalysis'),
          doneEvent('persistFile', analysedFile),
        ]
      : [],
  serializeContext: ({ file, error, analysisWatchFailed }) => ({
    pending: file.pending === true,
    analysisWatchFailed,
    error,
  }),
})
