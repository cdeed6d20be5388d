import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type AppStoryParameters, onMobile, onTablet } from '#client/testing/story-app.tsx'
import { SiteHeader } from './site-header.tsx'

const meta = {
  title: 'Shell/Header',
  component: SiteHeader,
  parameters: { path: '/' } satisfies AppStoryParameters,
} satisfies Meta<typeof SiteHeader>

export default meta
type Story = StoryObj<typeof meta>

const app = (options: AppStoryParameters['app']) => ({ app: options }) satisfies AppStoryParameters

export const CartEmpty: Story = { parameters: app({ cartItemCount: 0 }) }
export const CartOneItem: Story = { parameters: app({ cartItemCount: 1 }) }
export const CartThreeItems: Story = { parameters: app({ cartItemCount: 3 }) }
export const LoggedOut: Story = { parameters: app({ states: { session: 'loggedOut' } }) }
export const LoggedIn: Story = { parameters: app({ states: { session: 'loggedIn' }, cartItemCount: 3 }) }
export const SessionChecking: Story = { parameters: app({ states: { session: 'checking' } }) }
export const LoggingOut: Story = { parameters: app({ states: { session: 'loggingOut' } }) }
export const BusinessCustomer: Story = { parameters: app({ states: { preferences: 'ready:business' } }) }
export const PreferencesLoading: Story = { parameters: app({ states: { preferences: 'loading' } }) }
export const English: Story = { globals: { locale: 'en' }, parameters: app({ cartItemCount: 1 }) }
export const French: Story = { globals: { locale: 'fr' }, parameters: app({ cartItemCount: 3 }) }
export const MobileNoOrder: Story = { ...onMobile, parameters: app({ cartItemCount: 1 }) }
export const MobileUploadOngoing: Story = {
  ...onMobile,
  parameters: app({ states: { orderProcess: 'upload' }, cartItemCount: 1 }),
}
export const MobileOrderCompleted: Story = {
  ...onMobile,
  parameters: app({ states: { orderProcess: 'orderCompleted' } }),
}
export const TabletLoggedIn: Story = {
  ...onTablet,
  parameters: app({ states: { session: 'loggedIn' }, cartItemCount: 3 }),
}
