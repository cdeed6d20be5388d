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
  return (
    <>
      <HomePage />
      <HomeCmsContent />
    </>
  )
}
