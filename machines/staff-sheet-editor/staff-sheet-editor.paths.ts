import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import {
  cleanEvaluation,
  currentSheet,
  emptySheetEvaluation,
  failedEvaluation,
  loadedSheet,
  NEW_PRINT_MODE_ID,
  noSheet,
  PRINT_MODE_ID,
  replayResult,
  sheetSources,
  sheetVersions,
  TEST_PARAMETERS,
  versionDiff,
} from './staff-sheet-editor.fixtures.ts'
import { pickerUploads } from './upload-picker.fixtures.ts'
import { type Context, staffSheetEditorMachine } from './staff-sheet-editor.machine.ts'

const [newest, oldest] = sheetVersions

/** What tells two graph nodes apart: the draft's shape and which results are on screen, not their contents. */
const serializeContext = (context: Context) => ({
  cells: context.cells.length,
  firstFormula: context.cells[0]?.formula,
  evaluation: context.evaluation === null ? null : context.evaluation.issues.length,
  replay: context.replay !== null,
  diff: context.diff !== null,
  error: context.error,
  current: context.current !== null,
  sources: context.sources.length,
  object: context.object?.id ?? null,
  testX: context.testParameters?.xMm ?? null,
})

const loading = [
  doneEvent('loadSheet', loadedSheet),
  errorEvent('loadSheet'),
  { type: 'sheet.reload' },
] as const

/** Load (its failure and retry), edit cells with live evaluation (an error at a cell, then clean), publish. */
export const staffSheetEditorPathModel = definePathModel({
  machine: staffSheetEditorMachine,
  input: { printModeId: PRINT_MODE_ID },
  serializeContext,
  events: (snapshot) => [
    ...loading,
    { type: 'sheet.editCell', index: 0, name: 'material_eur', formula: '=volum * 2' },
    ...(snapshot.context.cells.length === 3 ? [{ type: 'sheet.addCell' } as const] : []),
    ...(snapshot.context.cells.length === 4 ? [{ type: 'sheet.removeCell', index: 3 } as const] : []),
    ...afterEvents(staffSheetEditorMachine),
    doneEvent('evaluateSheet', cleanEvaluation),
    doneEvent('evaluateSheet', failedEvaluation),
    errorEvent('evaluateSheet'),
    { type: 'sheet.publish' },
    doneEvent('publishSheet', loadedSheet),
    errorEvent('publishSheet'),
  ],
})

/** Test parameters and an object, and the replay. */
export const staffSheetEditorToolsPathModel = definePathModel({
  machine: staffSheetEditorMachine,
  input: { printModeId: PRINT_MODE_ID },
  serializeContext,
  events: [
    doneEvent('loadSheet', loadedSheet),
    ...afterEvents(staffSheetEditorMachine),
    doneEvent('evaluateSheet', cleanEvaluation),
    { type: 'sheet.setTestParameters', testParameters: { ...TEST_PARAMETERS, xMm: 80 } },
    { type: 'sheet.pickObject', object: pickerUploads[0]! },
    { type: 'sheet.pickObject', object: null },
    { type: 'sheet.replay' },
    doneEvent('replaySheet', replayResult),
    errorEvent('replaySheet'),
  ],
})

/** The version history: diff two versions (not a version with itself), restore one. */
export const staffSheetEditorHistoryPathModel = definePathModel({
  machine: staffSheetEditorMachine,
  input: { printModeId: PRINT_MODE_ID },
  serializeContext,
  events: [
    doneEvent('loadSheet', loadedSheet),
    ...afterEvents(staffSheetEditorMachine),
    doneEvent('evaluateSheet', cleanEvaluation),
    { type: 'sheet.openHistory' },
    { type: 'sheet.closeHistory' },
    { type: 'sheet.compare', versionId: newest!.id, againstId: oldest!.id },
    { type: 'sheet.compare', versionId: newest!.id, againstId: newest!.id },
    doneEvent('diffVersions', versionDiff),
    errorEvent('diffVersions'),
    { type: 'sheet.restore', versionId: oldest!.id },
    doneEvent('restoreVersion', {}),
    errorEvent('restoreVersion'),
  ],
})

/**
 * A print mode without a sheet (decision 0116): the sources to copy from (or their failure), an empty start or a
 * copy (or its failure), then the first version evaluated and published.
 */
export const staffSheetEditorStartPathModel = definePathModel({
  machine: staffSheetEditorMachine,
  input: { printModeId: NEW_PRINT_MODE_ID },
  serializeContext,
  events: [
    doneEvent('loadSheet', noSheet),
    doneEvent('loadSheetSources', sheetSources),
    errorEvent('loadSheetSources'),
    { type: 'sheet.startEmpty' },
    { type: 'sheet.startCopy', versionId: sheetSources[0]!.versionId },
    doneEvent('loadSourceSheet', currentSheet),
    errorEvent('loadSourceSheet'),
    ...afterEvents(staffSheetEditorMachine),
    doneEvent('evaluateSheet', emptySheetEvaluation),
    doneEvent('evaluateSheet', cleanEvaluation),
    { type: 'sheet.publish' },
    doneEvent('publishSheet', loadedSheet),
  ],
})
