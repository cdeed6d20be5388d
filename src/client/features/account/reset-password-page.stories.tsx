import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type resetPasswordMachine } from '#machines/reset-password/reset-password.machine.ts'
import {
  resetPasswordChoosePathModel,
  resetPasswordMalformedPathModel,
  resetPasswordRequestPathModel,
} from '#machines/reset-password/reset-password.paths.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { onMobile } from '#client/testing/story-app.tsx'
import { ResetPasswordView } from './reset-password-page.tsx'
import { reachedState } from '#client/testing/reached-state.ts'

type Snap = SnapshotFrom<typeof resetPasswordMachine>

const STATES = {
  request: (s: Snap) => s.hasTag('request') && !s.hasTag('busy') && s.context.email === '',
  'request:invalid': (s: Snap) => s.hasTag('request') && s.context.email === 'ada@',
  'request:sending': (s: Snap) => s.hasTag('request') && s.hasTag('busy'),
  'request:failed': (s: Snap) => s.hasTag('request') && s.context.error !== null && !s.hasTag('busy'),
  sent: (s: Snap) => s.hasTag('sent'),
  choose: (s: Snap) =>
    s.hasTag('choose') && !s.hasTag('busy') && s.context.password === '' && !s.context.error,
  'choose:differ': (s: Snap) =>
    s.hasTag('choose') && s.context.password !== '' && s.context.repeat === 'anderes-Passwort',
  'choose:filled': (s: Snap) => s.hasTag('choose') && !s.hasTag('busy') && s.can({ type: 'form.submit' }),
  'choose:saving': (s: Snap) => s.hasTag('choose') && s.hasTag('busy'),
  'choose:failed': (s: Snap) => s.hasTag('choose') && s.context.error !== null && !s.hasTag('busy'),
  succeeded: (s: Snap) => s.hasTag('succeeded'),
  linkInvalid: (s: Snap) => s.hasTag('link-invalid'),
} as const
type ResetStoryState = keyof typeof STATES

const models = [resetPasswordRequestPathModel, resetPasswordChoosePathModel, resetPasswordMalformedPathModel]

function ResetPasswordInState({ state }: { state: ResetStoryState }) {
  const { accountForms } = useAppActors()
  const snapshot = reachedState('reset password', models, STATES[state])
  const input = (snapshot as unknown as { context: { code: string | null } }).context
  const actor = useActorRef(accountForms.resetPassword, {
    input: { code: input.code, redirectDelayMs: 600_000 },
    snapshot,
  })
  return <ResetPasswordView actor={actor} />
}

/** `/reset-password/{resetId?}` (spec part 2 §2, §4, §8) in each state of the reset-password machine. */
const meta = {
  title: 'Account/Reset password',
  component: ResetPasswordInState,
  args: { state: 'request' },
} satisfies Meta<typeof ResetPasswordInState>

export default meta
type Story = StoryObj<typeof meta>

export const Request: Story = { args: { state: 'request' } }
export const RequestInvalidEmail: Story = { args: { state: 'request:invalid' } }
export const RequestSending: Story = { args: { state: 'request:sending' } }
/** The call failed: the generic warning, the e-mail kept. */
export const RequestFailed: Story = { args: { state: 'request:failed' } }
/** The one neutral answer: "if an account exists …, one new link every 24 hours". */
export const Sent: Story = { args: { state: 'sent' } }
export const ChooseNewPassword: Story = { args: { state: 'choose' } }
export const ChoosePasswordsDiffer: Story = { args: { state: 'choose:differ' } }
export const ChooseFilled: Story = { args: { state: 'choose:filled' } }
export const ChooseSaving: Story = { args: { state: 'choose:saving' } }
/** A failed reset: both password fields emptied, the generic warning. */
export const ChooseFailed: Story = { args: { state: 'choose:failed' } }
/** Changed: the notice, `/login` after 3 s (the story waits longer). */
export const Succeeded: Story = { args: { state: 'succeeded' } }
export const LinkInvalid: Story = { args: { state: 'linkInvalid' } }
export const RequestMobile: Story = { ...Request, ...onMobile }
export const SentEnglish: Story = { ...Sent, globals: { locale: 'en' } }
export const LinkInvalidFrench: Story = { ...LinkInvalid, globals: { locale: 'fr' } }
