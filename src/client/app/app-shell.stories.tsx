import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type AppStoryParameters, onMobile, onTablet } from '#client/testing/story-app.tsx'
import { AppShell } from './app-shell.tsx'

/** Whole screens: the real routes and shell on a memory router, the machines in the named states. */
const meta = {
  title: 'Screens/App',
  component: AppShell,
  parameters: { fullApp: true, path: '/' } satisfies AppStoryParameters,
} satisfies Meta<typeof AppShell>

export default meta
type Story = StoryObj<typeof meta>

const screen = (parameters: AppStoryParameters): Story => ({
  parameters: { fullApp: true, path: '/', ...parameters },
})

export const HomeGerman = screen({})
export const HomeEnglish: Story = { ...screen({}), globals: { locale: 'en' } }
export const HomeFrench: Story = { ...screen({}), globals: { locale: 'fr' } }
export const HomeMobile: Story = { ...screen({}), ...onMobile }
export const HomeTablet: Story = { ...screen({ app: { cartItemCount: 1 } }), ...onTablet }
export const FirstVisitCookieDialog = screen({ app: { states: { cookieConsent: 'dialogOpen' } } })
export const FirstVisitCookieDialogMobile: Story = {
  ...screen({ app: { states: { cookieConsent: 'dialogOpen' } } }),
  ...onMobile,
}
export const UploadOpen = screen({ app: { states: { orderProcess: 'upload' } } })
export const LoggedInWithCart = screen({ app: { states: { session: 'loggedIn' }, cartItemCount: 3 } })
export const CartPage = screen({
  path: '/cart',
  app: { states: { orderProcess: 'viewCart' }, cartItemCount: 1 },
})
export const AccountPlaceholderEnglish: Story = {
  ...screen({ path: '/account', app: { states: { session: 'loggedIn' } } }),
  globals: { locale: 'en' },
}
export const CmsPage = screen({ path: '/portfolio/industrie' })
export const OutdatedBrowser = screen({
  app: { states: { cookieConsent: 'closed.warningShown' }, isOutdatedBrowser: true },
})
export const LogoutNotification = screen({
  app: { states: { session: 'loggedOut' }, notification: { kind: 'success', message: 'logout-success' } },
})
