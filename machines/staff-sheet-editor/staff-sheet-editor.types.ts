import type {
  SheetCell,
  SheetVersion,
  SheetVersionListResponse,
} from '#shared/contracts/price-sheet.contract.ts'
import type {
  PricingTestParametersInput,
  StaffPrintMode,
} from '#shared/contracts/staff-catalogue.contract.ts'
import type {
  EvaluateSheetResponse,
  ReplaySheetResponse,
  SheetDiffResponse,
  StaffUpload,
} from '#shared/contracts/staff-sheet.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'

// The sheet editor's input, context, events and tags, apart from the machine file so that it stays readable.

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
  /** The current (published) version; null while loading and while the print mode has no sheet yet. */
  current: SheetVersion | null
  /** Other print modes' published sheets a first version may start as a copy of; loaded when there is no sheet. */
  sources: SheetSource[]
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

/** A published sheet of another print mode, offered as the start of a first version ("Kopie von …"). */
export type SheetSource = { printModeId: string; name: StaffPrintMode['name']; versionId: string }

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
  | { type: 'sheet.startEmpty' }
  | { type: 'sheet.startCopy'; versionId: string }

/** `current` is null while the print mode (for this white label) has no sheet version yet. */
export type LoadedSheet = { current: SheetVersion | null; versions: VersionHeader[] }

export const STAFF_SHEET_EDITOR_TAGS = [
  'loading',
  'load-failed',
  'start',
  'editor',
  'evaluating',
  'busy',
  'history',
  'comparing',
] as const
export type StaffSheetEditorTag = (typeof STAFF_SHEET_EDITOR_TAGS)[number]
