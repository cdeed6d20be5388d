import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type staffCatalogueListMachine } from '#machines/staff-catalogue-list/staff-catalogue-list.machine.ts'
import { staffCatalogueListPathModel } from '#machines/staff-catalogue-list/staff-catalogue-list.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { CatalogueListView } from './catalogue-list-view.tsx'
import { storyCatalogueList } from './catalogue-story-logic.ts'

type Snap = SnapshotFrom<typeof staffCatalogueListMachine>

const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  list: (s: Snap) => s.hasTag('list') && !s.hasTag('changing') && s.context.changeError === null,
  empty: (s: Snap) => s.hasTag('empty'),
  changing: (s: Snap) => s.hasTag('changing'),
  changeRefused: (s: Snap) => s.hasTag('list') && s.context.changeError !== null,
} as const
type ListStoryState = keyof typeof STATES

function ListInState({ state }: { state: ListStoryState }) {
  const snapshot = reachedState('catalogue list', [staffCatalogueListPathModel], STATES[state])
  const actor = useActorRef(storyCatalogueList, { snapshot, input: { resource: 'materials' } })
  return <CatalogueListView actor={actor} />
}

/** One staff catalogue resource's list (issue 17, decision 0108) in each state of its machine. */
const meta = {
  title: 'Staff/Catalogue list',
  component: ListInState,
  args: { state: 'list' },
} satisfies Meta<typeof ListInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
/** An active and an archived material, the archived one marked. */
export const List: Story = { args: { state: 'list' } }
export const Empty: Story = { args: { state: 'empty' } }
export const Changing: Story = { args: { state: 'changing' } }
/** The server refused an archive (409). */
export const ChangeRefused: Story = { args: { state: 'changeRefused' } }
export const ListEnglish: Story = { ...List, globals: { locale: 'en' } }
export const ListFrench: Story = { ...List, globals: { locale: 'fr' } }
export const ListMobile: Story = { ...List, ...onMobile }
