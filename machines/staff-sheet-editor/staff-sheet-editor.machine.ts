import { assign, fromPromise, setup } from 'xstate'
import type {
  SheetCell,
  SheetVersion,
  SheetVersionListResponse,
} from '#shared/contracts/price-sheet.contract.ts'
import type { PricingTestParametersInput } from '#shared/contracts/staff-catalogue.contract.ts'
import type {
  EvaluateSheetRequest,
  EvaluateSheetResponse,
  ReplaySheetResponse,
  SheetDiffResponse,
  StaffUpload,
} from '#shared/contracts/staff-sheet.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type VersionHeader = SheetVersionListResponse['versions'][number]
export type TestParameterKey = keyof PricingTestParametersInput

export type Input = {
  printModeId: string
  /** The white label whose sheet is edited; the default white label ("Standard") when undefined. */
  whiteLabelId?: string | undefined
}

export type Context = Input & {
  cells: SheetCell[]
  optionVariables: string[]
  /** The current (published) version; null while loading. */
  current: SheetVersion | null
  versions: VersionHeader[]
  /** The test parameters the draft is evaluated with; null: the print mode's stored ones. */
  testParameters: PricingTestParametersInput | null
  /**
   * The analysed upload the test parameters were taken from (decision 0114); null once they are edited by hand.
   * Evaluations then name it, so the server evaluates with its stored measures.
   */
  object: PickedObject | null
  evaluation: EvaluateSheetResponse | null
  replay: ReplaySheetResponse | null
  diff: SheetDiffResponse | null
  error: ErrorCode | null
}

/** An upload picked in the object picker: its name for the screen, its measures as the test parameters. */
export type PickedObject = Pick<StaffUpload, 'id' | 'name'>

export type Event =
  | { type: 'sheet.editCell'; index: number; name: string; formula: string }
  | { type: 'sheet.addCell' }
  | { type: 'sheet.removeCell'; index: number }
  | { type: 'sheet.setTestParameters'; testParameters: PricingTestParametersInput }
  | { type: 'sheet.pickObject'; object: Pick<StaffUpload, 'id' | 'name' | 'measures'> | null }
  | { type: 'sheet.publish' }
  | { type: 'sheet.replay' }
  | { type: 'sheet.openHistory' }
  | { type: 'sheet.closeHistory' }
  | { type: 'sheet.compare'; versionId: string; againstId: string }
  | { type: 'sheet.restore'; versionId: string }
  | { type: 'sheet.reload' }

export type LoadedSheet = { current: SheetVersion; versions: VersionHeader[] }

export const STAFF_SHEET_EDITOR_TAGS = [
  'loading',
  'load-failed',
  'editor',
  'evaluating',
  'busy',
  'history',
  'comparing',
] as const
export type StaffSheetEditorTag = (typeof STAFF_SHEET_EDITOR_TAGS)[number]

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

/**
 * The price-spreadsheet editor of the staff workspace (spec part 2 §2 "Print-mode editor", §3 price spreadsheet
 * per white label and pricing test parameters; issue 17): a grid of named cells evaluated live (debounced) against
 * the test parameters or an analysed object with errors at the cell, publish as a new version, the replay of recent
 * prices under the draft (decision 0104), and the version history with diff and restore.
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
      cells: params.current.cells.map((cell) => ({ ...cell })),
      optionVariables: [...params.current.optionVariables],
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
        onDone: { target: 'editing', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
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
