import { type Meta, type StoryObj } from '@storybook/react-vite'
import { contactPage } from '#client/testing/cms-story-pages.ts'
import { type ContactStoryState } from '#client/testing/content-story-states.ts'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { ContactSection } from './contact-section.tsx'

/** The contact and bug-report form (spec part 2 §3, §5, §8) in each state of the contact form machine. */
const meta = {
  title: 'Forms/Contact form',
  component: ContactSection,
} satisfies Meta<typeof ContactSection>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: ContactStoryState): Story => ({
  parameters: { app: { content: { contactForm: state } } } satisfies AppStoryParameters,
})

export const Editing = inState('editing')
export const Filled = inState('editing:filled')
/** Bug report: the description and environment fields; the error-message field is disabled. */
export const BugReportErrorMessageDisabled = inState('bugReport')
export const BugReportErrorMessageEnabled = inState('bugReport:errorMessage')
export const BugReportFilled = inState('bugReport:filled')
export const Submitting = inState('submitting')
/** Sending failed: the warning, every field kept. */
export const FailureKeepsDraft = inState('failed')
export const BugReportFailureKeepsDraft = inState('failed:bugReport')
export const BugReportMobile: Story = { ...BugReportErrorMessageEnabled, ...onMobile }
export const BugReportEnglish: Story = { ...BugReportErrorMessageDisabled, globals: { locale: 'en' } }
export const FilledFrench: Story = { ...Filled, globals: { locale: 'fr' } }

const screen = (parameters: AppStoryParameters): Story => ({ parameters: { fullApp: true, ...parameters } })

/** /kontakt: the CMS text with the contact form below it. */
export const ScreenContactPage = screen({
  path: '/kontakt',
  app: { content: { page: { state: 'loaded', page: contactPage } } },
})
/** The footer's report-a-bug link: /kontakt?bug=1#contact-form opens the form as a bug report. */
export const ScreenReportABug = screen({
  path: '/kontakt?bug=1#contact-form',
  app: { content: { page: { state: 'loaded', page: contactPage } } },
})
/** Sent: the start page with the success notification. */
export const ScreenSentGoesHome = screen({
  path: '/',
  app: { notification: { kind: 'success', message: 'contact-success' } },
})
/** Business customers also get the VAT-ID form, with the name and e-mail of the contact form. */
export const ScreenBusinessCustomerWithVatId = screen({
  path: '/kontakt',
  app: {
    states: { preferences: 'ready:business' },
    content: { page: { state: 'loaded', page: contactPage }, contactForm: 'editing:filled' },
  },
})
