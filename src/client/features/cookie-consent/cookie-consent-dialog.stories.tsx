import { type Meta, type StoryObj } from '@storybook/react-vite'
import { COOKIE_CHOICE_STORAGE_KEY } from '#shared/contracts/cookie-choice.contract.ts'
import { createMemoryStorage } from '#client/testing/memory-storage.ts'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { CookieConsentDialog } from './cookie-consent-dialog.tsx'

const meta = {
  title: 'Shell/Cookie consent dialog',
  component: CookieConsentDialog,
} satisfies Meta<typeof CookieConsentDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  parameters: { app: { states: { cookieConsent: 'dialogOpen' } } } satisfies AppStoryParameters,
}
export const Closed: Story = {
  parameters: { app: { states: { cookieConsent: 'closed.idle' } } } satisfies AppStoryParameters,
}
export const OpenEnglish: Story = { ...Open, globals: { locale: 'en' } }
export const OpenFrench: Story = { ...Open, globals: { locale: 'fr' } }
export const OpenMobile: Story = { ...Open, ...onMobile }
/** Reopened (footer link or `#cookie-consent`) with a stored choice: the revoke button shows. */
export const OpenWithStoredChoice: Story = {
  parameters: {
    app: {
      states: { cookieConsent: 'loading' },
      hashRequestsCookieDialog: true,
      storage: createMemoryStorage({
        [COOKIE_CHOICE_STORAGE_KEY]: JSON.stringify({
          essentialCookies: true,
          statisticCookies: true,
          marketingCookies: false,
        }),
      }),
    },
  } satisfies AppStoryParameters,
}
