import { fromPromise } from 'xstate'
import { staffAuditLogMachine } from '#machines/staff-audit-log/staff-audit-log.machine.ts'
import {
  type Context as SheetEditorContext,
  staffSheetEditorMachine,
} from '#machines/staff-sheet-editor/staff-sheet-editor.machine.ts'
import { staffUploadPickerMachine } from '#machines/staff-sheet-editor/upload-picker.machine.ts'
import {
  priceSheetPaths,
  SheetVersionListResponseSchema,
  SheetVersionResponseSchema,
} from '#shared/contracts/price-sheet.contract.ts'
import { AuditLogResponseSchema, auditLogUrl } from '#shared/contracts/staff-audit.contract.ts'
import {
  EvaluateSheetResponseSchema,
  ReplaySheetResponseSchema,
  RestoreSheetResponseSchema,
  SheetDiffResponseSchema,
  staffSheetPaths,
  StaffUploadListResponseSchema,
  staffUploadsUrl,
} from '#shared/contracts/staff-sheet.contract.ts'
import { StaffPrintModeListSchema, staffPaths } from '#shared/contracts/staff-catalogue.contract.ts'
import { type ApiClient } from '#client/actors/api-client.ts'
import { notify, type NotificationsRef } from '#client/actors/notify.ts'
import { createStaffOrdersLogic } from '#client/actors/staff-orders.actors.ts'

export type StaffDeps = { api: ApiClient; notifications: NotificationsRef }

const whiteLabelQuery = (whiteLabelId: string | undefined) =>
  whiteLabelId === undefined ? '' : `?whiteLabelId=${encodeURIComponent(whiteLabelId)}`

/** The current version and the list, as the sheet editor loads them (and again after a publish). */
async function loadSheet(
  api: ApiClient,
  input: { printModeId: string; whiteLabelId?: string | undefined },
  signal: AbortSignal,
) {
  const query = whiteLabelQuery(input.whiteLabelId)
  // The list first: an empty one means no sheet yet (the current version would be a 404 that an unknown print mode
  // answers too), and the editor then offers to start one.
  const list = await api.get(
    priceSheetPaths.versions(input.printModeId) + query,
    SheetVersionListResponseSchema,
    {
      signal,
    },
  )
  if (list.versions.length === 0) return { current: null, versions: [] }
  const current = await api.get(
    priceSheetPaths.current(input.printModeId) + query,
    SheetVersionResponseSchema,
    {
      signal,
    },
  )
  return { current: current.version, versions: list.versions }
}

/** Other print modes with a published (default white label) sheet: what a first version may copy. */
async function loadSheetSources(api: ApiClient, printModeId: string, signal: AbortSignal) {
  const { printModes } = await api.get(staffPaths.list('print-modes'), StaffPrintModeListSchema, { signal })
  return printModes.flatMap((mode) =>
    mode.id === printModeId || mode.archived || mode.currentSheetVersionId === null
      ? []
      : [{ printModeId: mode.id, name: mode.name, versionId: mode.currentSheetVersionId }],
  )
}

const draftOf = (context: SheetEditorContext) => ({
  cells: context.cells,
  optionVariables: context.optionVariables,
  ...(context.whiteLabelId === undefined ? {} : { whiteLabelId: context.whiteLabelId }),
})

/** The sheet editor with its calls (staff-sheet.contract.ts, price-sheet.contract.ts). */
function createSheetEditorLogic({ api, notifications }: StaffDeps) {
  return staffSheetEditorMachine.provide({
    actors: {
      loadSheet: fromPromise(({ input, signal }) => loadSheet(api, input, signal)),
      loadSheetSources: fromPromise(({ input, signal }) => loadSheetSources(api, input.printModeId, signal)),
      loadSourceSheet: fromPromise(async ({ input, signal }) => {
        const answer = await api.get(priceSheetPaths.version(input.versionId), SheetVersionResponseSchema, {
          signal,
        })
        return answer.version
      }),
      evaluateSheet: fromPromise(({ input, signal }) =>
        api.post(staffSheetPaths.evaluate(input.printModeId), input.request, EvaluateSheetResponseSchema, {
          signal,
        }),
      ),
      publishSheet: fromPromise(async ({ input, signal }) => {
        await api.put(
          priceSheetPaths.current(input.printModeId),
          draftOf(input),
          SheetVersionResponseSchema,
          {
            signal,
          },
        )
        return loadSheet(api, input, signal)
      }),
      replaySheet: fromPromise(({ input, signal }) =>
        api.post(staffSheetPaths.replay(input.printModeId), draftOf(input), ReplaySheetResponseSchema, {
          signal,
        }),
      ),
      diffVersions: fromPromise(({ input, signal }) =>
        api.get(staffSheetPaths.diff(input.versionId, input.againstId), SheetDiffResponseSchema, { signal }),
      ),
      restoreVersion: fromPromise(({ input, signal }) =>
        api.post(staffSheetPaths.restore(input.versionId), {}, RestoreSheetResponseSchema, { signal }),
      ),
    },
    actions: { notifyPublished: () => notify(notifications, 'account-save-success') },
  })
}

/** The sheet editor's object picker: `GET /api/staff/uploads` (decision 0114). */
function createUploadPickerLogic({ api }: StaffDeps) {
  return staffUploadPickerMachine.provide({
    actors: {
      listUploads: fromPromise(({ input, signal }) =>
        api.get(staffUploadsUrl(input), StaffUploadListResponseSchema, { signal }),
      ),
    },
  })
}

function createAuditLogLogic({ api }: StaffDeps) {
  return staffAuditLogMachine.provide({
    actors: {
      loadPage: fromPromise(({ input, signal }) =>
        api.get(auditLogUrl(input.query), AuditLogResponseSchema, { signal }),
      ),
    },
  })
}

/** The staff workspace's logic (issue 17), built by its lazy chunk on the app's API client. */
export function createStaffLogic(deps: StaffDeps) {
  return {
    sheetEditor: createSheetEditorLogic(deps),
    uploadPicker: createUploadPickerLogic(deps),
    auditLog: createAuditLogLogic(deps),
    /** The order back office (staff-orders.actors.ts). */
    orders: createStaffOrdersLogic(deps),
    /** The print modes to pick a sheet from. */
    listPrintModes: (signal: AbortSignal) =>
      deps.api.get(staffPaths.list('print-modes'), StaffPrintModeListSchema, { signal }),
  }
}
export type StaffLogic = ReturnType<typeof createStaffLogic>
