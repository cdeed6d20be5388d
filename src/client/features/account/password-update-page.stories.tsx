import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type passwordChangeMachine } from '#machines/password-change/password-change.machine.ts'
import { passwordChangePathModel } from '#machines/password-change/password-change.paths.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { onMobile } from '#client/testing/story-app.tsx'
import { PasswordUpdateView } from './password-update-page.tsx'
import { reachedState } from '#client/testing/reached-state.ts'

type Snap = SnapshotFrom<typeof passwordChangeMachine>

const STATES = {
  form: (s: Snap) =>
    s.hasTag('form') && !s.hasTag('busy') && s.context.oldPassword === '' && !s.context.error,
  'form:differ': (s: Snap) =>
    s.hasTag('form') && s.context.newPassword !== '' && s.context.repeat === 'anderes',
  'form:filled': (s: Snap) => s.hasTag('form') && !s.hasTag('busy') && s.can({ type: 'form.submit' }),
  submitting: (s: Snap) => s.hasTag('busy'),
  wrongPassword: (s: Snap) => s.context.wrongPassword,
  failed: (s: Snap) =>
    s.hasTag('form') && s.context.error !== null && !s.context.wrongPassword && !s.hasTag('busy'),
  changed: (s: Snap) => s.hasTag('changed') && !s.hasTag('done'),
} as const
type PasswordUpdateStoryState = keyof typeof STATES

function PasswordUpdateInState({ state }: { state: PasswordUpdateStoryState }) {
  const { accountForms } = useAppActors()
  const snapshot = reachedState('password change', [passwordChangePathModel], STATES[state])
  const actor = useActorRef(accountForms.passwordChange, { input: { redirectDelayMs: 600_000 }, snapshot })
  return <PasswordUpdateView actor={actor} />
}

/** `/password-update` (spec part 2 §2, §4, §5) in each state of the password change machine. */
const meta = {
  title: 'Account/Password change',
  component: PasswordUpdateInState,
  args: { state: 'form' },
} satisfies Meta<typeof PasswordUpdateInState>

export default meta
type Story = StoryObj<typeof meta>

export const Form: Story = { args: { state: 'form' } }
export const PasswordsDiffer: Story = { args: { state: 'form:differ' } }
export const Filled: Story = { args: { state: 'form:filled' } }
export const Submitting: Story = { args: { state: 'submitting' } }
/** The old password was wrong: its own message, only that field emptied. */
export const WrongPassword: Story = { args: { state: 'wrongPassword' } }
export const Failed: Story = { args: { state: 'failed' } }
/** Changed: the notice; logout and `/login` after 3 s (the story waits longer). */
export const Changed: Story = { args: { state: 'changed' } }
export const FilledMobile: Story = { ...Filled, ...onMobile }
export const WrongPasswordEnglish: Story = { ...WrongPassword, globals: { locale: 'en' } }
export const ChangedFrench: Story = { ...Changed, globals: { locale: 'fr' } }
