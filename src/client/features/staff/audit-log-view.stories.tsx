import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import {
  AUDIT_LOG_START,
  type staffAuditLogMachine,
} from '#machines/staff-audit-log/staff-audit-log.machine.ts'
import {
  staffAuditLogFilterPathModel,
  staffAuditLogPathModel,
} from '#machines/staff-audit-log/staff-audit-log.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { AuditLogView } from './audit-log-view.tsx'
import { storyAuditLog } from './staff-story-logic.ts'

type Snap = SnapshotFrom<typeof staffAuditLogMachine>

const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  list: (s: Snap) => s.hasTag('list') && s.context.draft.from === '',
  empty: (s: Snap) => s.hasTag('empty'),
  reversedRange: (s: Snap) =>
    s.hasTag('list') && s.context.draft.to !== '' && s.context.draft.from > s.context.draft.to,
} as const
type AuditStoryState = keyof typeof STATES

function AuditLogInState({ state }: { state: AuditStoryState }) {
  const snapshot = reachedState(
    'audit log',
    [staffAuditLogPathModel, staffAuditLogFilterPathModel],
    STATES[state],
  )
  const actor = useActorRef(storyAuditLog, { snapshot, input: AUDIT_LOG_START })
  return <AuditLogView actor={actor} />
}

/** The audit log of the staff workspace (issue 17) in each state of its machine. */
const meta = {
  title: 'Staff/Audit log',
  component: AuditLogInState,
  args: { state: 'list' },
} satisfies Meta<typeof AuditLogInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const List: Story = { args: { state: 'list' } }
export const Empty: Story = { args: { state: 'empty' } }
/** A date range ending before it starts: refused at the field. */
export const ReversedRange: Story = { args: { state: 'reversedRange' } }
export const ListEnglish: Story = { ...List, globals: { locale: 'en' } }
export const ListFrench: Story = { ...List, globals: { locale: 'fr' } }
export const ListMobile: Story = { ...List, ...onMobile }
