import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import {
  color,
  colorForm,
  conflict,
  material,
  newMaterialForm,
  PRINT_MODE_ID,
  refusedName,
  unavailable,
} from './staff-catalogue-form.fixtures.ts'
import { type Context, staffCatalogueFormMachine } from './staff-catalogue-form.machine.ts'

const serializeContext = (context: Context) => ({
  id: context.id,
  draft: context.draft,
  touched: context.touched,
  attempted: context.attempted,
  serverIssues: context.serverIssues,
  outcome: context.outcome,
  error: context.error,
})

/** A new material: load (failure, retry), an empty name refused at the field, a save refused or failed, created. */
export const staffCatalogueCreatePathModel = definePathModel({
  machine: staffCatalogueFormMachine,
  input: { resource: 'materials', id: null },
  serializeContext,
  events: [
    doneEvent('loadForm', newMaterialForm),
    errorEvent('loadForm', unavailable),
    { type: 'form.reload' },
    { type: 'form.change', key: 'name.de', value: 'PETG' },
    { type: 'form.submit' },
    doneEvent('saveItem', { ...material, name: { de: 'PETG' } }),
    errorEvent('saveItem', refusedName),
    errorEvent('saveItem', conflict),
    errorEvent('saveItem', unavailable),
  ],
})

/** An existing colour: its print mode is fixed, the hex code is checked and saved. */
export const staffCatalogueEditPathModel = definePathModel({
  machine: staffCatalogueFormMachine,
  input: { resource: 'colors', id: color.id },
  serializeContext,
  events: [
    doneEvent('loadForm', colorForm),
    { type: 'form.change', key: 'printModeId', value: PRINT_MODE_ID.replace('1', '2') },
    { type: 'form.change', key: 'hex', value: '#CC0000' },
    { type: 'form.submit' },
    doneEvent('saveItem', color),
  ],
})
