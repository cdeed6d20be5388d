import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { Snackbar } from '#client/common/snackbar/snackbar.tsx'
import { vatIdSnapshot, vatIdStoryInput, type VatIdStoryState } from '#client/testing/content-story-states.ts'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { VatIdForm } from '#client/common/forms/vat-id-form.tsx'

/** A VAT-ID form whose machine starts in a state its path model reaches. */
function VatIdFormInState({ state }: { state: VatIdStoryState }) {
  const { content } = useAppActors()
  const snapshot = vatIdSnapshot(state)
  const actor = useActorRef(content.vatIdForm, { input: vatIdStoryInput, ...(snapshot ? { snapshot } : {}) })
  return (
    <section className="vat-id-section">
      <VatIdForm actor={actor} />
    </section>
  )
}

/** The VAT-ID form (spec part 2 §5, §7, §8) in each state of the VAT-ID form machine. */
const meta = {
  title: 'Forms/VAT-ID form',
  component: VatIdFormInState,
  args: { state: 'editing' },
} satisfies Meta<typeof VatIdFormInState>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = { args: { state: 'editing' } }
export const WithValue: Story = { args: { state: 'editing:value' } }
/** Only spaces: the field says it is required and send stays disabled. */
export const Blank: Story = { args: { state: 'editing:blank' } }
export const Submitting: Story = { args: { state: 'submitting' } }
export const FailureKeepsValue: Story = { args: { state: 'failed' } }
/** Sent: the notice that stays 15 s. */
export const SuccessNotice: Story = {
  args: { state: 'editing' },
  render: (args) => (
    <>
      <VatIdFormInState {...args} />
      <Snackbar />
    </>
  ),
  parameters: {
    app: { notification: { kind: 'success', message: 'vat-id-success' } },
  } satisfies AppStoryParameters,
}
export const WithValueMobile: Story = { ...WithValue, ...onMobile }
export const FailureEnglish: Story = { ...FailureKeepsValue, globals: { locale: 'en' } }
