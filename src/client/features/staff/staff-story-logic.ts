import { fromPromise } from 'xstate'
import { staffAuditLogMachine } from '#machines/staff-audit-log/staff-audit-log.machine.ts'
import { staffSheetEditorMachine } from '#machines/staff-sheet-editor/staff-sheet-editor.machine.ts'
import { staffUploadPickerMachine } from '#machines/staff-sheet-editor/upload-picker.machine.ts'

/** A call that never answers: a story stays in the state it starts in. */
const pending = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}))

/** The staff machines for stories: every call pending, so each story shows one state. */
export const storySheetEditor = staffSheetEditorMachine.provide({
  actors: {
    loadSheet: pending(),
    loadSheetSources: pending(),
    loadSourceSheet: pending(),
    evaluateSheet: pending(),
    publishSheet: pending(),
    replaySheet: pending(),
    diffVersions: pending(),
    restoreVersion: pending(),
  },
})

export const storyUploadPicker = staffUploadPickerMachine.provide({ actors: { listUploads: pending() } })

export const storyAuditLog = staffAuditLogMachine.provide({ actors: { loadPage: pending() } })
