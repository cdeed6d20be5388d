import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type emailChangeMachine } from '#machines/email-change/email-change.machine.ts'
import {
  emailChangeConfirmPathModel,
  emailChangeFormPathModel,
  emailChangeMalformedPathModel,
} from '#machines/email-change/email-change.paths.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { onMobile } from '#client/testing/story-app.tsx'
import { MailUpdateView } from './mail-update-page.tsx'
import { reachedState } from '#client/testing/reached-state.ts'

type Snap = SnapshotFrom<typeof emailChangeMachine>

const STATES = {
  form: (s: Snap) => s.hasTag('form') && !s.hasTag('busy') && s.context.email === '',
  'form:invalid': (s: Snap) => s.hasTag('form') && s.context.email === 'neu@',
  'form:filled': (s: Snap) => s.hasTag('form') && !s.hasTag('busy') && s.can({ type: 'form.submit' }),
  submitting: (s: Snap) => s.hasTag('form') && s.hasTag('busy'),
  failed: (s: Snap) => s.hasTag('form') && s.context.error !== null && !s.hasTag('busy'),
  sent: (s: Snap) => s.hasTag('sent'),
  confirming: (s: Snap) => s.hasTag('confirming'),
  confirmed: (s: Snap) => s.hasTag('confirmed'),
  confirmFailed: (s: Snap) => s.hasTag('failed'),
  linkInvalid: (s: Snap) => s.hasTag('link-invalid'),
} as const
type MailUpdateStoryState = keyof typeof STATES

const models = [emailChangeFormPathModel, emailChangeConfirmPathModel, emailChangeMalformedPathModel]

function MailUpdateInState({ state }: { state: MailUpdateStoryState }) {
  const { accountForms } = useAppActors()
  const snapshot = reachedState('e-mail change', models, STATES[state])
  const { confirmCode } = (snapshot as unknown as { context: { confirmCode: string | null } }).context
  const actor = useActorRef(accountForms.emailChange, { input: { confirmCode }, snapshot })
  return <MailUpdateView actor={actor} />
}

/** `/mail-update` (spec part 2 §2, §5, §8; issue 15) in each state of the e-mail change machine. */
const meta = {
  title: 'Account/E-mail change',
  component: MailUpdateInState,
  args: { state: 'form' },
} satisfies Meta<typeof MailUpdateInState>

export default meta
type Story = StoryObj<typeof meta>

/** Blank: submit disabled. */
export const Form: Story = { args: { state: 'form' } }
export const FormInvalid: Story = { args: { state: 'form:invalid' } }
export const FormFilled: Story = { args: { state: 'form:filled' } }
export const Submitting: Story = { args: { state: 'submitting' } }
export const Failed: Story = { args: { state: 'failed' } }
/** The link went to the new address; the change happens when it is opened. */
export const Sent: Story = { args: { state: 'sent' } }
export const Confirming: Story = { args: { state: 'confirming' } }
export const Confirmed: Story = { args: { state: 'confirmed' } }
export const ConfirmFailed: Story = { args: { state: 'confirmFailed' } }
export const LinkInvalid: Story = { args: { state: 'linkInvalid' } }
export const FormMobile: Story = { ...FormFilled, ...onMobile }
export const SentEnglish: Story = { ...Sent, globals: { locale: 'en' } }
export const LinkInvalidFrench: Story = { ...LinkInvalid, globals: { locale: 'fr' } }
