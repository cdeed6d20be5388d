import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type staffApiKeysMachine } from '#machines/staff-api-keys/staff-api-keys.machine.ts'
import {
  staffApiKeysCreatePathModel,
  staffApiKeysRotateRevokePathModel,
} from '#machines/staff-api-keys/staff-api-keys.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { ApiKeysView } from './api-keys-view.tsx'
import { storyApiKeys } from './catalogue-story-logic.ts'

type Snap = SnapshotFrom<typeof staffApiKeysMachine>
const idle = (s: Snap) => s.matches({ shown: 'idle' })

const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  list: (s: Snap) =>
    idle(s) && s.context.secret === null && s.context.label === '' && s.context.actionError === null,
  labelTooLong: (s: Snap) => idle(s) && s.context.label.length > 100,
  creating: (s: Snap) => s.matches({ shown: 'creating' }),
  /** The new key's secret, shown once. */
  secret: (s: Snap) => idle(s) && s.context.secret?.rotated === false && !s.context.copied,
  copied: (s: Snap) => idle(s) && s.context.copied,
  rotated: (s: Snap) => idle(s) && s.context.secret?.rotated === true,
  confirmRevoke: (s: Snap) => s.hasTag('confirming'),
  revoked: (s: Snap) => idle(s) && s.context.apiKeys.every((key) => !key.active),
  actionFailed: (s: Snap) => idle(s) && s.context.actionError !== null,
} as const
type KeysStoryState = keyof typeof STATES

function KeysInState({ state }: { state: KeysStoryState }) {
  const snapshot = reachedState(
    'API keys',
    [staffApiKeysCreatePathModel, staffApiKeysRotateRevokePathModel],
    STATES[state],
  )
  const actor = useActorRef(storyApiKeys, { snapshot, input: { whiteLabelId: '' } })
  return <ApiKeysView actor={actor} />
}

/** A white label's API keys (issue 17, decision 0106) in each state of their machine. */
const meta = {
  title: 'Staff/API keys',
  component: KeysInState,
  args: { state: 'list' },
} satisfies Meta<typeof KeysInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const List: Story = { args: { state: 'list' } }
export const LabelTooLong: Story = { args: { state: 'labelTooLong' } }
export const Creating: Story = { args: { state: 'creating' } }
export const Secret: Story = { args: { state: 'secret' } }
export const Copied: Story = { args: { state: 'copied' } }
export const Rotated: Story = { args: { state: 'rotated' } }
export const ConfirmRevoke: Story = { args: { state: 'confirmRevoke' } }
export const Revoked: Story = { args: { state: 'revoked' } }
export const ActionFailed: Story = { args: { state: 'actionFailed' } }
export const SecretEnglish: Story = { ...Secret, globals: { locale: 'en' } }
export const SecretFrench: Story = { ...Secret, globals: { locale: 'fr' } }
export const ListMobile: Story = { ...List, ...onMobile }
