import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useAppActors } from '#client/app/app-actors.tsx'
import { SiteFooter } from '#client/features/footer/site-footer.tsx'
import { Snackbar } from '#client/common/snackbar/snackbar.tsx'
import { type NewsletterStoryState } from '#client/testing/content-story-states.ts'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { NewsletterModal } from './newsletter-modal.tsx'

/** The app's newsletter modal, its machine (`newsletterForm`) in the story's state. */
function AppNewsletterModal() {
  const { content } = useAppActors()
  return <NewsletterModal actor={content.newsletterForm} />
}

/** The newsletter modal (spec part 1 §2, §5, §8) in each state of the newsletter form machine. */
const meta = {
  title: 'Forms/Newsletter modal',
  component: AppNewsletterModal,
} satisfies Meta<typeof AppNewsletterModal>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: NewsletterStoryState): Story => ({
  parameters: { app: { content: { newsletterForm: state } } } satisfies AppStoryParameters,
})

/** Closed: the footer's e-mail field opens it. */
export const Closed: Story = { ...inState('closed'), render: () => <SiteFooter /> }
/** Opened from the footer with the address filled in: send is disabled and says what is missing. */
export const Open = inState('open')
export const OpenWithoutAddress = inState('open:empty')
/** A postal code with a letter: the field says digits only. */
export const Invalid = inState('open:invalid')
export const Valid = inState('open:valid')
export const Submitting = inState('submitting')
export const OpenMobile: Story = { ...Open, ...onMobile }
export const InvalidEnglish: Story = { ...Invalid, globals: { locale: 'en' } }
export const ValidFrench: Story = { ...Valid, globals: { locale: 'fr' } }
/** The modal after a sign-up: closed, with the success notification (the failure is a warning). */
const withSnackbar = () => (
  <>
    <SiteFooter />
    <Snackbar />
  </>
)
export const SuccessNotification: Story = {
  render: withSnackbar,
  parameters: {
    app: { notification: { kind: 'success', message: 'newsletter-success' } },
  } satisfies AppStoryParameters,
}
export const FailureNotification: Story = {
  render: withSnackbar,
  parameters: {
    app: { notification: { kind: 'warning', message: 'newsletter-failure' } },
  } satisfies AppStoryParameters,
}
