import { assign, fromPromise, setup } from 'xstate'
import type { SheetCell, SheetVersion } from '#shared/contracts/price-sheet.contract.ts'
import type { PricingTestParametersInput } from '#shared/contracts/staff-catalogue.contract.ts'
import type {
  EvaluateSheetRequest,
  EvaluateSheetResponse,
  ReplaySheetResponse,
  SheetDiffResponse,
  StaffUpload,
} from '#shared/contracts/staff-sheet.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { REQUIRED_SHEET_RESULT_CELLS } from '#shared/domain/sheet-result-cells.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import type {
  Context,
  Event,
  Input,
  LoadedSheet,
  SheetSource,
  StaffSheetEditorTag,
} from './staff-sheet-editor.types.ts'

export * from './staff-sheet-editor.types.ts'

/** A cell a formula may be typed into: a number stays a number, everything else is a formula or text. */
function cellOf(name: string, formula: string): SheetCell {
  const trimmed = formula.trim()
  const asNumber = Number(trimmed)
  return {
    name,
    formula: trimmed !== '' && !trimmed.startsWith('=') && Number.isFinite(asNumber) ? asNumber : formula,
  }
}

/** The request of an evaluation: the draft with the object or the test parameters chosen. */
export function evaluationRequestOf(context: Context): EvaluateSheetRequest {
  return {
    cells: context.cells,
    optionVariables: context.optionVariables,
    ...(context.object === null ? {} : { objectId: context.object.id }),
    ...(context.testParameters === null ? {} : { testParameters: context.testParameters }),
  }
}

/** Issues of the last evaluation, by cell name, for the grid (errors at the cell). */
export function issuesByCell(context: Pick<Context, 'evaluation'>): Map<string, string> {
  const byCell = new Map<string, string>()
  for (const issue of context.evaluation?.issues ?? []) {
    if (!byCell.has(issue.cell)) byCell.set(issue.cell, issue.reason)
  }
  return byCell
}

const NEW_CELL: SheetCell = { name: '', formula: '' }

/** An empty first version: the result cells pricing needs, without formulas (each shows its error until filled). */
export const EMPTY_SHEET_CELLS: readonly SheetCell[] = REQUIRED_SHEET_RESULT_CELLS.map((name) => ({
  name,
  formula: '',
}))

/**
 * The price-spreadsheet editor of the staff workspace (spec part 2 §2 "Print-mode editor", §3 price spreadsheet
 * per white label and pricing test parameters; issue 17): a grid of named cells evaluated live (debounced) against
 * the test parameters or an analysed object with errors at the cell, publish as a new version, the replay of recent
 * prices under the draft (decision 0104), and the version history with diff and restore. A print mode without a
 * sheet starts its first version on screen: empty (the required result cells) or as a copy of another print mode's
 * published sheet; publishing it saves version 1 (decision 0116).
 */
export const staffSheetEditorMachine = setup({
  types: {
    input: {} as Input,
    context: {} as Context,
    events: {} as Event,
    tags: {} as StaffSheetEditorTag,
  },
  actors: {
    /** Client: the current version and the version list. */
    loadSheet: fromPromise<LoadedSheet, Input>(async () => {
      throw new Error('staffSheetEditor: loadSheet is not provided')
    }),
    /** Client: the other print modes with a published sheet, to start a first version as a copy of one. */
    loadSheetSources: fromPromise<SheetSource[], { printModeId: string }>(async () => {
      throw new Error('staffSheetEditor: loadSheetSources is not provided')
    }),
    /** Client: `GET /api/staff/price-spreadsheet-versions/{versionId}`, the sheet a first version copies. */
    loadSourceSheet: fromPromise<SheetVersion, { versionId: string }>(async () => {
      throw new Error('staffSheetEditor: loadSourceSheet is not provided')
    }),
    /** Client: `POST …/price-spreadsheet/evaluate`. */
    evaluateSheet: fromPromise<EvaluateSheetResponse, { printModeId: string; request: EvaluateSheetRequest }>(
      async () => {
        throw new Error('staffSheetEditor: evaluateSheet is not provided')
      },
    ),
    /** Client: `PUT …/price-spreadsheet`, then the version list again. */
    publishSheet: fromPromise<LoadedSheet, Context>(async () => {
      throw new Error('staffSheetEditor: publishSheet is not provided')
    }),
    /** Client: `POST …/price-spreadsheet/replay`. */
    replaySheet: fromPromise<ReplaySheetResponse, Context>(async () => {
      throw new Error('staffSheetEditor: replaySheet is not provided')
    }),
    /** Client: `GET …/price-spreadsheet-versions/{id}/diff?against=`. */
    diffVersions: fromPromise<SheetDiffResponse, { versionId: string; againstId: string }>(async () => {
      throw new Error('staffSheetEditor: diffVersions is not provided')
    }),
    /** Client: `POST …/price-spreadsheet-versions/{id}/restore`. */
    restoreVersion: fromPromise<unknown, { versionId: string }>(async () => {
      throw new Error('staffSheetEditor: restoreVersion is not provided')
    }),
  },
  actions: {
    /** Client: the saved notification. */
    notifyPublished: () => {},
    setLoaded: assign((_, params: LoadedSheet) => ({
      current: params.current,
      versions: params.versions,
      cells: params.current?.cells.map((cell) => ({ ...cell })) ?? [],
      optionVariables: [...(params.current?.optionVariables ?? [])],
      error: null,
    })),
    setSources: assign((_, params: { sources: SheetSource[] }) => ({ sources: params.sources })),
    startEmpty: assign({
      cells: () => EMPTY_SHEET_CELLS.map((cell) => ({ ...cell })),
      optionVariables: [],
      error: null,
    }),
    /** The copied sheet's cells and option variables become the draft; it is published as this mode's own. */
    startCopy: assign((_, params: { source: SheetVersion }) => ({
      cells: params.source.cells.map((cell) => ({ ...cell })),
      optionVariables: [...params.source.optionVariables],
      error: null,
    })),
    editCell: assign(({ context }, params: { index: number; name: string; formula: string }) => ({
      cells: context.cells.map((cell, index) =>
        index === params.index ? cellOf(params.name, params.formula) : cell,
      ),
    })),
    addCell: assign(({ context }) => ({ cells: [...context.cells, NEW_CELL] })),
    removeCell: assign(({ context }, params: { index: number }) => ({
      cells: context.cells.filter((_, index) => index !== params.index),
    })),
    setTestParameters: assign((_, params: { testParameters: PricingTestParametersInput }) => ({
      testParameters: params.testParameters,
      object: null,
    })),
    /** The picked upload's measures become the test parameters, still editable by hand; none: keep them. */
    pickObject: assign((_, params: { object: Pick<StaffUpload, 'id' | 'name' | 'measures'> | null }) =>
      params.object === null
        ? { object: null }
        : {
            object: { id: params.object.id, name: params.object.name },
            testParameters: { ...params.object.measures },
          },
    ),
    setEvaluation: assign((_, params: { evaluation: EvaluateSheetResponse }) => ({
      evaluation: params.evaluation,
      error: null,
    })),
    setReplay: assign((_, params: { replay: ReplaySheetResponse }) => ({
      replay: params.replay,
      error: null,
    })),
    setDiff: assign((_, params: { diff: SheetDiffResponse }) => ({ diff: params.diff, error: null })),
    clearDiff: assign({ diff: null }),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
  },
  guards: {
    /** Publishing a draft whose last evaluation found issues would only meet 422 sheet_invalid. */
    isCleanDraft: ({ context }) => context.evaluation !== null && context.evaluation.issues.length === 0,
    isOtherVersion: ({ event }) => event.type === 'sheet.compare' && event.versionId !== event.againstId,
    hasNoSheet: (_, params: LoadedSheet) => params.current === null,
  },
  delays: {
    /** Live evaluation waits for a pause in typing. */
    evaluateDelay: 400,
  },
}).createMachine({
  id: 'staffSheetEditor',
  initial: 'loading',
  context: ({ input }) => ({
    ...input,
    cells: [],
    optionVariables: [],
    current: null,
    sources: [],
    versions: [],
    testParameters: null,
    object: null,
    evaluation: null,
    replay: null,
    diff: null,
    error: null,
  }),
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadSheet',
        src: 'loadSheet',
        input: ({ context }) => ({ printModeId: context.printModeId, whiteLabelId: context.whiteLabelId }),
        onDone: [
          {
            guard: { type: 'hasNoSheet', params: ({ event }) => event.output },
            target: 'starting',
            actions: { type: 'setLoaded', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'load-failed',
      on: { 'sheet.reload': 'loading' },
    },
    starting: {
      tags: 'start',
      initial: 'loadingSources',
      states: {
        loadingSources: {
          tags: 'loading',
          invoke: {
            id: 'loadSheetSources',
            src: 'loadSheetSources',
            input: ({ context }) => ({ printModeId: context.printModeId }),
            onDone: {
              target: 'choosing',
              actions: { type: 'setSources', params: ({ event }) => ({ sources: event.output }) },
            },
            // Without the list an empty start is still possible; the error says why no copy is offered.
            onError: {
              target: 'choosing',
              actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
            },
          },
        },
        choosing: {
          on: {
            'sheet.startEmpty': { target: '#staffSheetEditor.editing', actions: 'startEmpty' },
            'sheet.startCopy': 'copying',
          },
        },
        copying: {
          tags: 'busy',
          invoke: {
            id: 'loadSourceSheet',
            src: 'loadSourceSheet',
            input: ({ event }) => ({ versionId: event.type === 'sheet.startCopy' ? event.versionId : '' }),
            onDone: {
              target: '#staffSheetEditor.editing',
              actions: { type: 'startCopy', params: ({ event }) => ({ source: event.output }) },
            },
            onError: {
              target: 'choosing',
              actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
            },
          },
        },
      },
    },
    editing: {
      tags: 'editor',
      initial: 'evaluating',
      on: {
        'sheet.editCell': {
          target: '.waiting',
          actions: {
            type: 'editCell',
            params: ({ event }) => ({ index: event.index, name: event.name, formula: event.formula }),
          },
        },
        'sheet.addCell': { target: '.waiting', actions: 'addCell' },
        'sheet.removeCell': {
          target: '.waiting',
          actions: { type: 'removeCell', params: ({ event }) => ({ index: event.index }) },
        },
        'sheet.setTestParameters': {
          target: '.waiting',
          actions: {
            type: 'setTestParameters',
            params: ({ event }) => ({ testParameters: event.testParameters }),
          },
        },
        'sheet.pickObject': {
          target: '.waiting',
          actions: { type: 'pickObject', params: ({ event }) => ({ object: event.object }) },
        },
        'sheet.replay': { target: 'replaying' },
        'sheet.openHistory': { target: 'history' },
      },
      states: {
        waiting: {
          tags: 'evaluating',
          after: { evaluateDelay: 'evaluating' },
        },
        evaluating: {
          tags: 'evaluating',
          invoke: {
            id: 'evaluateSheet',
            src: 'evaluateSheet',
            input: ({ context }) => ({
              printModeId: context.printModeId,
              request: evaluationRequestOf(context),
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'setEvaluation', params: ({ event }) => ({ evaluation: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
            },
          },
        },
        idle: {
          on: { 'sheet.publish': { guard: 'isCleanDraft', target: '#staffSheetEditor.publishing' } },
        },
      },
    },
    publishing: {
      tags: ['editor', 'busy'],
      invoke: {
        id: 'publishSheet',
        src: 'publishSheet',
        input: ({ context }) => context,
        onDone: {
          target: 'editing',
          actions: [{ type: 'setLoaded', params: ({ event }) => event.output }, 'notifyPublished'],
        },
        onError: {
          target: 'editing.idle',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    replaying: {
      tags: ['editor', 'busy'],
      invoke: {
        id: 'replaySheet',
        src: 'replaySheet',
        input: ({ context }) => context,
        onDone: {
          target: 'editing.idle',
          actions: { type: 'setReplay', params: ({ event }) => ({ replay: event.output }) },
        },
        onError: {
          target: 'editing.idle',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    history: {
      tags: 'history',
      initial: 'browsing',
      on: { 'sheet.closeHistory': { target: 'editing.idle', actions: 'clearDiff' } },
      states: {
        browsing: {
          on: {
            'sheet.compare': { guard: 'isOtherVersion', target: 'comparing' },
            'sheet.restore': 'restoring',
          },
        },
        comparing: {
          tags: ['comparing', 'busy'],
          invoke: {
            id: 'diffVersions',
            src: 'diffVersions',
            input: ({ event }) =>
              event.type === 'sheet.compare'
                ? { versionId: event.versionId, againstId: event.againstId }
                : { versionId: '', againstId: '' },
            onDone: {
              target: 'browsing',
              actions: { type: 'setDiff', params: ({ event }) => ({ diff: event.output }) },
            },
            onError: {
              target: 'browsing',
              actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
            },
          },
        },
        restoring: {
          tags: 'busy',
          invoke: {
            id: 'restoreVersion',
            src: 'restoreVersion',
            input: ({ event }) => ({ versionId: event.type === 'sheet.restore' ? event.versionId : '' }),
            onDone: { target: '#staffSheetEditor.loading', actions: 'notifyPublished' },
            onError: {
              target: 'browsing',
              actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
            },
          },
        },
      },
    },
  },
})
