import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type staffUploadPickerMachine } from '#machines/staff-sheet-editor/upload-picker.machine.ts'
import { staffUploadPickerPathModel } from '#machines/staff-sheet-editor/upload-picker.paths.ts'
import { reachedState } from '#client/testing/reached-state.ts'
import { storyUploadPicker } from '../staff-story-logic.ts'

/** The object picker's story states, shared by its own stories and the sheet editor's. */

type Snap = SnapshotFrom<typeof staffUploadPickerMachine>

export const PICKER_STATES = {
  closed: (s: Snap) => s.matches('closed') && s.context.uploads.length === 0,
  loading: (s: Snap) => s.matches({ open: 'loading' }),
  list: (s: Snap) => s.hasTag('list') && s.context.offset === 0 && s.context.query === '',
  lastPage: (s: Snap) => s.hasTag('list') && s.context.offset > 0,
  empty: (s: Snap) => s.hasTag('empty') && s.context.query === '',
  noMatch: (s: Snap) => s.hasTag('empty') && s.context.query !== '',
  failed: (s: Snap) => s.hasTag('load-failed'),
} as const
export type PickerStoryState = keyof typeof PICKER_STATES

/** The picker's actor in a state its path model reaches (stories of the picker and of the sheet editor). */
export function usePickerInState(state: PickerStoryState) {
  const snapshot = reachedState('upload picker', [staffUploadPickerPathModel], PICKER_STATES[state])
  return useActorRef(storyUploadPicker, { snapshot })
}
