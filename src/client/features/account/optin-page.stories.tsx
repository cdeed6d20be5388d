import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { optinMalformedPathModel, optinPathModel } from '#machines/optin/optin.paths.ts'
import { stableStringify, statesOf } from '#tests/graph/path-testing.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { OptinView } from './optin-page.tsx'

type OptinStoryState = 'confirming' | 'confirmed' | 'failed' | 'failed:retry'

/** The persisted snapshot of a state the opt-in path models reach (`failed:retry`: the server was away). */
function snapshotOf(state: OptinStoryState) {
  // Told apart by context too: a failure with and without another try.
  const key = (snapshot: { value: unknown; context: unknown }) =>
    stableStringify({ value: snapshot.value, context: snapshot.context })
  const reached = [...statesOf(optinPathModel, { key }), ...statesOf(optinMalformedPathModel, { key })]
  const found = reached.find(({ snapshot }) => {
    if (state === 'failed:retry') return snapshot.hasTag('failed') && snapshot.context.retryable
    if (state === 'failed') return snapshot.hasTag('failed') && !snapshot.context.retryable
    return snapshot.matches(state)
  })
  if (!found) throw new Error(`optin: no reachable state '${state}'`)
  return found.persisted
}

function OptinInState({ state }: { state: OptinStoryState }) {
  const { registration } = useAppActors()
  const actor = useActorRef(registration.optin, { input: optinPathModel.input, snapshot: snapshotOf(state) })
  return <OptinView actor={actor} />
}

/** `/optin/{optinId}` (spec part 2 §2, §8) in each state of the opt-in machine. */
const meta = {
  title: 'Account/Opt-in',
  component: OptinInState,
  args: { state: 'confirmed' },
} satisfies Meta<typeof OptinInState>

export default meta
type Story = StoryObj<typeof meta>

export const Confirming: Story = { args: { state: 'confirming' } }
/** Confirmed: the Login button goes to `/login`. */
export const Confirmed: Story = { args: { state: 'confirmed' } }
/** Confirmed while logged in with items in the cart: the Login button continues at `/payment-details`. */
export const ConfirmedWithCart: Story = {
  args: { state: 'confirmed' },
  parameters: { app: { states: { session: 'loggedIn' }, cartItemCount: 2 } } satisfies AppStoryParameters,
}
/** Unknown, used or expired: 'Registration failed …'. */
export const Failed: Story = { args: { state: 'failed' } }
/** The server was away: the same text with another try. */
export const FailedRetry: Story = { args: { state: 'failed:retry' } }
export const ConfirmedMobile: Story = { ...Confirmed, ...onMobile }
export const FailedEnglish: Story = { ...Failed, globals: { locale: 'en' } }
export const ConfirmedFrench: Story = { ...Confirmed, globals: { locale: 'fr' } }
