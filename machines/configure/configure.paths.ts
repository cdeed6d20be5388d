import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { analysedFile, repairedTinyFile } from '#machines/upload/upload.fixtures.ts'
import { configureMachine, type Event } from './configure.machine.ts'
import { selectC2, selectC3, selectC4, selectF2, selectPm1, selectPm2 } from './configure.fixtures.ts'

const settle = [
  doneEvent('persistFile', analysedFile),
  errorEvent('persistFile'),
  doneEvent('createCartItem', { cartItemId: 'item-1' }),
  errorEvent('createCartItem'),
  doneEvent('addToCart', { cartItemId: 'item-1' }),
  errorEvent('addToCart'),
  ...afterEvents(configureMachine),
]

const steps: Event[] = [
  { type: 'configure.next' },
  { type: 'configure.chooseFinishes' },
  { type: 'configure.back' },
  { type: 'configure.addToCart' },
  { type: 'pricing.updated', printable: true },
  { type: 'pricing.updated', printable: false },
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
  machine: configureMachine,
  input: { file: repairedTinyFile },
  events: (snapshot) =>
    snapshot.status === 'done'
      ? []
      : snapshot.hasTag('step-basics')
        ? [...steps, ...settle, ...basicsEdits]
        : [...steps, ...settle],
  // What the guards of step 0 read; the values themselves are checked by the behaviour tests.
  serializeContext: ({ acknowledgedRepairInfo, unitSuggestion, printable, error }) => ({
    acknowledgedRepairInfo,
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
        : [...steps, ...settle, ...choices],
  // What the guards of steps 1 and 2 read.
  serializeContext: ({ printModeId, surfaceFinishId, printable, addingPending, error }) => ({
    printModeId,
    surfaceFinishId,
    printable,
    addingPending,
    error,
  }),
})
