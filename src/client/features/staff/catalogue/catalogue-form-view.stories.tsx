import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type staffCatalogueFormMachine } from '#machines/staff-catalogue-form/staff-catalogue-form.machine.ts'
import {
  staffCatalogueCreatePathModel,
  staffCatalogueEditPathModel,
} from '#machines/staff-catalogue-form/staff-catalogue-form.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { CatalogueFormView } from './catalogue-form-view.tsx'
import { storyCatalogueForm } from './catalogue-story-logic.ts'

type Snap = SnapshotFrom<typeof staffCatalogueFormMachine>
const editing = (s: Snap) => s.hasTag('editing')

const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  newEntity: (s: Snap) => editing(s) && s.context.outcome === null && s.context.touched.length === 0,
  /** Saved with an empty name: the contract's rule at the field. */
  requiredMissing: (s: Snap) => editing(s) && s.context.attempted && s.context.draft['name.de'] === '',
  saving: (s: Snap) => s.hasTag('saving'),
  serverRefused: (s: Snap) => editing(s) && Object.keys(s.context.serverIssues).length > 0,
  conflict: (s: Snap) => editing(s) && s.context.outcome?.kind === 'conflict',
  failed: (s: Snap) => editing(s) && s.context.outcome?.kind === 'failed',
  created: (s: Snap) => editing(s) && s.context.outcome?.kind === 'created',
  /** A colour: hex code with swatch, its print mode fixed. */
  editColor: (s: Snap) => editing(s) && s.context.resource === 'colors' && s.context.outcome === null,
  /** A colour's hex code in capitals: the issue at the field while typing. */
  invalidHex: (s: Snap) => editing(s) && s.context.draft.hex === '#CC0000',
  savedColor: (s: Snap) => editing(s) && s.context.outcome?.kind === 'saved',
} as const
type FormStoryState = keyof typeof STATES

function FormInState({ state }: { state: FormStoryState }) {
  const snapshot = reachedState(
    'catalogue form',
    [staffCatalogueCreatePathModel, staffCatalogueEditPathModel],
    STATES[state],
  )
  const actor = useActorRef(storyCatalogueForm, { snapshot, input: { resource: 'materials', id: null } })
  return <CatalogueFormView actor={actor} />
}

/** The form of a staff catalogue entity (issue 17, decision 0108) in each state of its machine. */
const meta = {
  title: 'Staff/Catalogue form',
  component: FormInState,
  args: { state: 'newEntity' },
} satisfies Meta<typeof FormInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const NewEntity: Story = { args: { state: 'newEntity' } }
export const RequiredMissing: Story = { args: { state: 'requiredMissing' } }
export const Saving: Story = { args: { state: 'saving' } }
/** A 400 with a field issue: shown at the field, everything typed kept. */
export const ServerRefused: Story = { args: { state: 'serverRefused' } }
export const Conflict: Story = { args: { state: 'conflict' } }
export const Failed: Story = { args: { state: 'failed' } }
export const Created: Story = { args: { state: 'created' } }
export const EditColor: Story = { args: { state: 'editColor' } }
export const InvalidHex: Story = { args: { state: 'invalidHex' } }
export const SavedColor: Story = { args: { state: 'savedColor' } }
export const EditColorEnglish: Story = { ...EditColor, globals: { locale: 'en' } }
export const RequiredMissingFrench: Story = { ...RequiredMissing, globals: { locale: 'fr' } }
export const EditColorMobile: Story = { ...EditColor, ...onMobile }
