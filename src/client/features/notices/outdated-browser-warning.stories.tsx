import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type AppStoryParameters } from '#client/testing/story-app.tsx'
import { OutdatedBrowserWarning } from './outdated-browser-warning.tsx'

const meta = {
  title: 'Shell/Outdated browser warning',
  component: OutdatedBrowserWarning,
} satisfies Meta<typeof OutdatedBrowserWarning>

export default meta
type Story = StoryObj<typeof meta>

export const Shown: Story = {
  parameters: {
    app: { states: { cookieConsent: 'closed.warningShown' }, isOutdatedBrowser: true },
  } satisfies AppStoryParameters,
}
export const Pending: Story = {
  parameters: {
    app: { states: { cookieConsent: 'closed.warningPending' }, isOutdatedBrowser: true },
  } satisfies AppStoryParameters,
}
export const ShownEnglish: Story = { ...Shown, globals: { locale: 'en' } }
