import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { printModesMachine } from './print-modes.machine.ts'

/** Path model of the catalogue load: asked for, loaded, failed and retried, reloaded after a language change. */
export const printModesPathModel = definePathModel({
  machine: printModesMachine,
  input: undefined,
  events: [
    { type: 'printModes.load' },
    doneEvent('loadPrintModes', []),
    errorEvent('loadPrintModes'),
    { type: 'printModes.retry' },
    { type: 'printModes.reload' },
  ],
})
