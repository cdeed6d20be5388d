import { Trans } from '@lingui/react/macro'
import { Outlet, useMatches } from '@tanstack/react-router'
import { CookieConsentDialog } from '#client/features/cookie-consent/cookie-consent-dialog.tsx'
import { SiteFooter } from '#client/features/footer/site-footer.tsx'
import { SiteHeader } from '#client/features/header/site-header.tsx'
import { OrderPanel } from '#client/features/upload/order-panel.tsx'
import { SiteNotices } from '#client/features/notices/site-notices.tsx'
import { WelcomeModal } from '#client/features/notices/welcome-modal.tsx'
import { OutdatedBrowserWarning } from '#client/features/notices/outdated-browser-warning.tsx'
import { Snackbar } from '#client/common/snackbar/snackbar.tsx'
import { StepsBar } from '#client/features/steps-bar/steps-bar.tsx'
import '#client/styles/app.css'

/** The layout around every page (spec part 1 §2 Layout). */
export function AppShell() {
  const showStepsBar = useMatches({
    select: (matches) => matches.some((match) => match.staticData.showStepsBar),
  })
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        <Trans>Zum Inhalt springen</Trans>
      </a>
      <OutdatedBrowserWarning />
      <SiteHeader />
      <SiteNotices />
      {showStepsBar && <StepsBar />}
      <main id="main-content" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <OrderPanel />
      <Snackbar />
      <CookieConsentDialog />
      <WelcomeModal />
    </div>
  )
}
