import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { HomePage } from './home-page.tsx'
import { useLocale } from '#client/i18n/use-locale.ts'
import { CmsPageOutlet } from '#client/features/cms/cms-page-outlet.tsx'

/** The start page's CMS content below the home page's upload hero; hidden while a model is being configured. */
export function HomeCmsContent() {
  const { orderProcess } = useAppActors()
  const lang = useLocale()
  const isConfiguring = useSelector(orderProcess, (snapshot) => snapshot.hasTag('step-configure'))
  if (isConfiguring) return null
  return (
    <div className="home-cms-content">
      <CmsPageOutlet lang={lang} slug="" embeddedFrom={2} redirectOnFailure={false} />
    </div>
  )
}

/** Home (spec part 1 §2 "/: upload hero, steps bar, CMS content"): the home page with the start page below it. */
export function HomeWithCmsContent() {
  const page = (
    <>
      <HomePage />
      <HomeCmsContent />
    </>
  )
  if (!import.meta.env.SSR) return page
  // The server renders the start page as a first visit sees it. A reload while configuring restores the model in
  // the SPA, which starts at once: until then `stored-choice.js` has this show "loading" instead of the upload hero.
  return (
    <div className="home-prerendered" data-prerendered="">
      <p className="home-prerendered__restoring configure-loading" aria-busy="true">
        <Trans>Konfiguration wird geladen …</Trans>
      </p>
      {page}
    </div>
  )
}
