import { type Meta, type StoryObj } from '@storybook/react-vite'
import { bracketItem, clipItem, smallItem } from '#client/testing/shop-fixtures.ts'
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
  app: { states: { orderProcess: 'viewCart' }, cartItems: [bracketItem, clipItem] },
})
export const CartBelowMinimumMobile: Story = {
  ...screen({ path: '/cart', app: { states: { orderProcess: 'viewCart' }, cartItems: [smallItem] } }),
  ...onMobile,
}
export const Uploading = screen({ app: { states: { orderProcess: 'upload', upload: 'uploading:progress' } } })
export const UploadRepairWarning = screen({
  app: {
    states: { orderProcess: 'upload', upload: 'analyzing:waiting:repairing-file:repair' },
    notification: { kind: 'warning', message: 'upload-repairing' },
  },
})
export const UploadFailed = screen({
  app: {
    states: { orderProcess: 'noOrderOngoing', upload: 'failed:internal_error' },
    notification: { kind: 'warning', message: 'upload-failed' },
  },
})
export const MobileUploadPanel: Story = {
  ...screen({ app: { states: { orderProcess: 'upload', upload: 'analyzing:waiting:starting-analysis' } } }),
  ...onMobile,
}
export const ConfiguringBasics = screen({ app: { configure: { state: 'basics:repair' }, cartItemCount: 1 } })
export const ConfiguringMaterials = screen({
  app: { configure: { state: 'materials:pm-1', pricing: 'printable' }, cartItemCount: 1 },
})
export const ConfiguringFinishesMobile: Story = {
  ...screen({ app: { configure: { state: 'finishes:pm-1', pricing: 'black-not-printable' } } }),
  ...onMobile,
}
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
