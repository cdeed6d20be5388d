import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { AccountDashboard } from './account-dashboard.tsx'

/** `/account` (spec part 2 §2): the update cards, logout, the order history and the business customer's VAT-ID form. */
const meta = {
  title: 'Account/Dashboard',
  component: AccountDashboard,
} satisfies Meta<typeof AccountDashboard>

export default meta
type Story = StoryObj<typeof meta>

const app = (options: AppStoryParameters['app']) => ({ app: options }) satisfies AppStoryParameters

export const PrivateCustomer: Story = { parameters: app({ states: { session: 'loggedIn' } }) }
/** A business customer: the VAT-ID form below the order history. */
export const BusinessCustomer: Story = { parameters: app({ states: { session: 'loggedIn:business' } }) }
/** Logging out: the button is disabled until the server answers. */
export const LoggingOut: Story = { parameters: app({ states: { session: 'loggingOut' } }) }
export const English: Story = { ...PrivateCustomer, globals: { locale: 'en' } }
export const BusinessFrench: Story = { ...BusinessCustomer, globals: { locale: 'fr' } }
export const Mobile: Story = { ...BusinessCustomer, ...onMobile }

const screen = (parameters: AppStoryParameters): Story => ({ parameters: { fullApp: true, ...parameters } })

/** /account while the session is checked: the guard waits. */
export const ScreenSessionChecking = screen({ path: '/account', app: { states: { session: 'checking' } } })
export const ScreenAccount = screen({ path: '/account', app: { states: { session: 'loggedIn' } } })
