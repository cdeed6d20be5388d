import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type staffSheetEditorMachine } from '#machines/staff-sheet-editor/staff-sheet-editor.machine.ts'
import { PRINT_MODE_ID } from '#machines/staff-sheet-editor/staff-sheet-editor.fixtures.ts'
import {
  staffSheetEditorHistoryPathModel,
  staffSheetEditorPathModel,
  staffSheetEditorStartPathModel,
  staffSheetEditorToolsPathModel,
} from '#machines/staff-sheet-editor/staff-sheet-editor.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { SheetEditorView } from './sheet-editor-view.tsx'
import { type PickerStoryState, usePickerInState } from './sheet/upload-picker-story-state.ts'
import { storySheetEditor } from './staff-story-logic.ts'

type Snap = SnapshotFrom<typeof staffSheetEditorMachine>

const idle = (s: Snap) => s.matches({ editing: 'idle' }) && s.context.error === null
const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  evaluating: (s: Snap) => s.matches({ editing: 'evaluating' }),
  clean: (s: Snap) => idle(s) && s.context.evaluation?.issues.length === 0 && s.context.replay === null,
  errorAtCell: (s: Snap) => idle(s) && (s.context.evaluation?.issues.length ?? 0) > 0,
  publishing: (s: Snap) => s.matches('publishing'),
  failed: (s: Snap) => s.matches({ editing: 'idle' }) && s.context.error !== null,
  replaying: (s: Snap) => s.matches('replaying'),
  replayed: (s: Snap) => idle(s) && s.context.replay !== null,
  /** Test parameters taken from a picked upload (decision 0114). */
  objectPicked: (s: Snap) => idle(s) && s.context.object !== null,
  history: (s: Snap) => s.matches({ history: 'browsing' }) && s.context.diff === null,
  comparing: (s: Snap) => s.matches({ history: 'comparing' }),
  diff: (s: Snap) => s.matches({ history: 'browsing' }) && s.context.diff !== null,
  /** A print mode without a sheet (decision 0116): its other modes' sheets still loading, then the choice. */
  startLoading: (s: Snap) => s.matches({ starting: 'loadingSources' }),
  start: (s: Snap) => s.matches({ starting: 'choosing' }) && s.context.sources.length > 0,
  startWithoutSources: (s: Snap) => s.matches({ starting: 'choosing' }) && s.context.error !== null,
  copying: (s: Snap) => s.matches({ starting: 'copying' }),
  /** Started empty: the required result cells, each with its error until a formula is typed. */
  startedEmpty: (s: Snap) =>
    idle(s) &&
    s.context.current === null &&
    s.context.evaluation?.result === null &&
    s.context.cells.length === 2,
  /** Started as a copy of another mode's sheet: a clean draft, publishable as version 1. */
  startedCopy: (s: Snap) =>
    idle(s) && s.context.current === null && s.context.evaluation?.issues.length === 0,
} as const
type SheetStoryState = keyof typeof STATES

function SheetEditorInState({
  state,
  picker: pickerState = 'closed',
}: {
  state: SheetStoryState
  picker?: PickerStoryState
}) {
  const snapshot = reachedState(
    'sheet editor',
    [
      staffSheetEditorPathModel,
      staffSheetEditorToolsPathModel,
      staffSheetEditorHistoryPathModel,
      staffSheetEditorStartPathModel,
    ],
    STATES[state],
  )
  const actor = useActorRef(storySheetEditor, { snapshot, input: { printModeId: PRINT_MODE_ID } })
  const picker = usePickerInState(pickerState)
  return <SheetEditorView actor={actor} picker={picker} title="PLA (FDM)" />
}

/** The price-sheet editor of the staff workspace (issue 17) in each state of its machine. */
const meta = {
  title: 'Staff/Price sheet editor',
  component: SheetEditorInState,
  args: { state: 'clean' },
} satisfies Meta<typeof SheetEditorInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const Evaluating: Story = { args: { state: 'evaluating' } }
export const Clean: Story = { args: { state: 'clean' } }
/** A formula error shown at its cell; publishing disabled. */
export const ErrorAtCell: Story = { args: { state: 'errorAtCell' } }
export const Publishing: Story = { args: { state: 'publishing' } }
export const CallFailed: Story = { args: { state: 'failed' } }
export const Replaying: Story = { args: { state: 'replaying' } }
/** The replay of recent prices under the draft with its chart (decision 0104). */
export const Replayed: Story = { args: { state: 'replayed' } }
/** The test parameters filled from a picked upload, still editable by hand. */
export const ObjectPicked: Story = { args: { state: 'objectPicked' } }
/** The object picker open beside the test parameters, listing recent uploads. */
export const PickerOpen: Story = { args: { state: 'clean', picker: 'list' } }
export const PickerFailed: Story = { args: { state: 'clean', picker: 'failed' } }
export const History: Story = { args: { state: 'history' } }
export const Comparing: Story = { args: { state: 'comparing' } }
export const VersionDiff: Story = { args: { state: 'diff' } }
export const ErrorAtCellEnglish: Story = { ...ErrorAtCell, globals: { locale: 'en' } }
export const ReplayedFrench: Story = { ...Replayed, globals: { locale: 'fr' } }
export const CleanMobile: Story = { ...Clean, ...onMobile }
/** A print mode without a sheet: start empty or copy another mode's published sheet (decision 0116). */
export const StartLoading: Story = { args: { state: 'startLoading' } }
export const Start: Story = { args: { state: 'start' } }
export const StartWithoutSources: Story = { args: { state: 'startWithoutSources' } }
export const StartCopying: Story = { args: { state: 'copying' } }
export const StartedEmpty: Story = { args: { state: 'startedEmpty' } }
export const StartedCopy: Story = { args: { state: 'startedCopy' } }
export const StartEnglish: Story = { ...Start, globals: { locale: 'en' } }
export const StartedEmptyFrench: Story = { ...StartedEmpty, globals: { locale: 'fr' } }
