import { type Meta, type StoryObj } from '@storybook/react-vite'
import { OutdatedBrowserWarning } from '#client/features/notices/outdated-browser-warning.tsx'
import { Snackbar } from '#client/common/snackbar/snackbar.tsx'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { DEFAULT_NOTICES_CONFIG, type NoticesConfig } from './notices-config.ts'
import { SiteNotices, UploadDifficultiesNotice } from './site-notices.tsx'
import { WelcomeDialog } from './welcome-modal.tsx'

/** The notices (spec part 1 §2, part 2 §1), each switched on by configuration (`VITE_NOTICE_*`). */
const meta = {
  title: 'Notices',
  component: SiteNotices,
  args: { userAgent: 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15' },
} satisfies Meta<typeof SiteNotices>

export default meta
type Story = StoryObj<typeof meta>

const configured = (notices: Partial<NoticesConfig>, extra: AppStoryParameters = {}): Story => ({
  parameters: { ...extra, app: { ...extra.app, notices: { ...DEFAULT_NOTICES_CONFIG, ...notices } } },
})

/** The holiday-leave info message, while the holiday has not ended. */
export const HolidayLeave = configured({ holidayLeave: { from: '2099-12-23', until: '2100-01-06' } })
export const HolidayLeaveEnglish: Story = { ...HolidayLeave, globals: { locale: 'en' } }
/** The supplier change to one legal entity from 13 January 2025. */
export const SupplierChange = configured({ supplierChange: true })
export const SupplierChangeFrench: Story = { ...SupplierChange, globals: { locale: 'fr' } }
/** Upload difficulties in Safari, as Safari users see it on the home page. */
export const UploadDifficulties: Story = { render: () => <UploadDifficultiesNotice browser="safari" /> }
/** The whole home page for a browser with upload difficulties (the story browser is Chromium). */
export const UploadDifficultiesHomeScreen = configured(
  { uploadDifficulties: 'chrome' },
  { fullApp: true, path: '/' },
)
export const AllNoticesHomeScreenMobile: Story = {
  ...configured(
    {
      holidayLeave: { from: '2099-12-23', until: '2100-01-06' },
      supplierChange: true,
      uploadDifficulties: 'chrome',
    },
    { fullApp: true, path: '/' },
  ),
  ...onMobile,
}
/** The file-being-repaired notice is a snackbar notification during the analysis. */
export const FileBeingRepaired: Story = {
  render: () => <Snackbar />,
  parameters: {
    app: { notification: { kind: 'warning', message: 'upload-repairing' } },
  } satisfies AppStoryParameters,
}
/** The outdated-browser warning (IE 11), after the cookie choice. */
export const OutdatedBrowser: Story = {
  render: () => <OutdatedBrowserWarning />,
  parameters: {
    app: { states: { cookieConsent: 'closed.warningShown' }, isOutdatedBrowser: true },
  } satisfies AppStoryParameters,
}
/** The welcome notice with the amount and code of its link. */
export const WelcomeWithCode: Story = {
  render: () => <WelcomeDialog notice={{ amount: 10, code: 'JOMATIK10' }} onClose={() => {}} />,
}
export const WelcomeWithoutCodeEnglish: Story = {
  render: () => <WelcomeDialog notice={{ amount: 15, code: null }} onClose={() => {}} />,
  globals: { locale: 'en' },
}
/** Opened by `#welcome-jomatik?amount=10&code=JOMATIK10` on any page of the app. */
export const WelcomeScreen: Story = {
  parameters: {
    fullApp: true,
    path: '/#welcome-jomatik?amount=10&code=JOMATIK10',
  } satisfies AppStoryParameters,
}
export const WelcomeScreenMobile: Story = { ...WelcomeScreen, ...onMobile }
