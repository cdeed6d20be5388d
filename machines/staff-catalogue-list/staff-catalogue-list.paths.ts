import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { abs, conflict, materials, pla, unavailable } from './staff-catalogue-list.fixtures.ts'
import { staffCatalogueListMachine } from './staff-catalogue-list.machine.ts'

/** Load (failure, retry, empty), archive an active entity and restore an archived one (a refusal, then success). */
export const staffCatalogueListPathModel = definePathModel({
  machine: staffCatalogueListMachine,
  input: { resource: 'materials' },
  events: [
    doneEvent('loadItems', materials),
    doneEvent('loadItems', []),
    errorEvent('loadItems', unavailable),
    { type: 'list.reload' },
    { type: 'list.archive', id: pla.id },
    { type: 'list.archive', id: abs.id },
    { type: 'list.restore', id: abs.id },
    doneEvent('setArchived', undefined),
    errorEvent('setArchived', conflict),
  ],
  limit: 2_000,
})
