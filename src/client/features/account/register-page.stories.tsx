import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type Snapshot, type SnapshotFrom } from 'xstate'
import { type registerMachine } from '#machines/register/register.machine.ts'
import { firstIssue, registerPathModel } from '#machines/register/register.paths.ts'
import { stableStringify, statesOf } from '#tests/graph/path-testing.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { onMobile } from '#client/testing/story-app.tsx'
import { RegisterView } from './register-page.tsx'

const REGISTER_STORY_STATES = [
  'loading',
  'loadFailed',
  'empty',
  'valid',
  'shippingAddress',
  'business',
  'submitting',
  'sent',
  'cleared',
  'usernameTaken',
  'serverIssues',
  'failed',
] as const
type RegisterStoryState = (typeof REGISTER_STORY_STATES)[number]

/** The story name of a register state the path model reaches; null for the states in between. */
function stateName(snapshot: SnapshotFrom<typeof registerMachine>): RegisterStoryState | null {
  const { context } = snapshot
  const issue = firstIssue(context)
  const plain = !context.isBusinessCustomer && !context.draft.shippingDiffers
  if (snapshot.matches('loading')) return 'loading'
  if (snapshot.matches('loadFailed')) return 'loadFailed'
  if (snapshot.matches('submitting')) return plain ? 'submitting' : null
  if (snapshot.matches('sent')) return plain ? 'sent' : null
  if (!snapshot.matches('editing')) return null
  const outcome = context.outcome?.kind
  if (outcome === 'sent') return issue === 'account.username' && plain ? 'cleared' : null
  if (outcome === 'usernameTaken') return plain ? 'usernameTaken' : null
  if (outcome === 'invalid') return plain ? 'serverIssues' : null
  if (outcome === 'failed') return plain ? 'failed' : null
  if (context.isBusinessCustomer && !context.draft.shippingDiffers)
    return issue === 'billing.company' ? 'business' : null
  if (context.draft.shippingDiffers && !context.isBusinessCustomer)
    return issue === 'shipping.firstname' ? 'shippingAddress' : null
  if (!plain) return null
  return issue === 'account.username' ? 'empty' : issue === null ? 'valid' : null
}

let states: Map<string, Snapshot<unknown>> | undefined

/** The persisted snapshot of a named state (the first, shortest path to it). */
function snapshotOf(name: RegisterStoryState): Snapshot<unknown> {
  states ??= new Map()
  if (states.size === 0) {
    // Every distinct node (state and what the guards read), then named; the first (shortest) per name wins.
    const reached = statesOf(registerPathModel, {
      key: (snapshot) =>
        stableStringify({
          value: snapshot.value,
          node: registerPathModel.serializeContext?.(snapshot.context),
        }),
    })
    for (const state of reached) {
      const label = stateName(state.snapshot)
      if (label !== null && !states.has(label)) states.set(label, state.persisted)
    }
  }
  const found = states.get(name)
  if (!found)
    throw new Error(`register: no reachable state '${name}' (known: ${[...states.keys()].join(', ')})`)
  return found
}

/** The registration page with its machine started in a state the path model reaches. */
function RegisterInState({ state }: { state: RegisterStoryState }) {
  const { registration } = useAppActors()
  // The sent story holds its state: the form is emptied an hour later, not after a second.
  const logic =
    state === 'sent'
      ? registration.register.provide({ delays: { clearAfterSent: 3_600_000 } })
      : registration.register
  const actor = useActorRef(logic, {
    input: registerPathModel.input,
    snapshot: snapshotOf(state),
  })
  return <RegisterView actor={actor} />
}

/** `/register` (spec part 2 §2, §4, §5, §8) in each state of the register machine. */
const meta = {
  title: 'Account/Register',
  component: RegisterInState,
  args: { state: 'empty' },
  argTypes: { state: { control: 'select', options: REGISTER_STORY_STATES } },
} satisfies Meta<typeof RegisterInState>

export default meta
type Story = StoryObj<typeof meta>

/** The countries for the address are loading. */
export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const Empty: Story = { args: { state: 'empty' } }
/** Every rule holds: submit is enabled. */
export const Valid: Story = { args: { state: 'valid' } }
/** The different-shipping toggle on: a second address, still empty. */
export const ShippingAddress: Story = { args: { state: 'shippingAddress' } }
/** A business customer: the company is required, the VAT number follows it, the invoice e-mail appears. */
export const Business: Story = { args: { state: 'business' } }
export const Submitting: Story = { args: { state: 'submitting' } }
/** Sent: the confirmation-mail message, the form still filled until it is emptied. */
export const Sent: Story = { args: { state: 'sent' } }
/** A second later: the form is empty, the message stays. */
export const Cleared: Story = { args: { state: 'cleared' } }
/** 409: the username is taken; every field keeps its value. */
export const UsernameTaken: Story = { args: { state: 'usernameTaken' } }
/** 400: the server's issues at their fields. */
export const ServerIssues: Story = { args: { state: 'serverIssues' } }
export const Failed: Story = { args: { state: 'failed' } }
export const EmptyMobile: Story = { ...Empty, ...onMobile }
export const UsernameTakenEnglish: Story = { ...UsernameTaken, globals: { locale: 'en' } }
export const BusinessFrench: Story = { ...Business, globals: { locale: 'fr' } }
