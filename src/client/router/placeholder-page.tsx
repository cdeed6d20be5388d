import { Trans, useLingui } from '@lingui/react/macro'
import { useMatch, useParams } from '@tanstack/react-router'
import { pageTitles } from './page-titles.ts'
import './placeholder-page.css'

/** A page that a later issue builds: its localised title and a short note. */
export function PlaceholderPage() {
  const { i18n } = useLingui()
  const page = useMatch({ strict: false, select: (match) => match.staticData.page }) ?? 'cmsPage'
  return (
    <section className="placeholder-page" aria-labelledby="page-title">
      <h1 id="page-title">{i18n._(pageTitles[page])}</h1>
      <p>
        <Trans>Diese Seite entsteht gerade. Bald finden Sie hier mehr.</Trans>
      </p>
    </section>
  )
}

/** Any other path: a CMS page, loaded by its slug once the CMS issue is done. */
export function CmsPlaceholderPage() {
  const { i18n } = useLingui()
  const slug = useParams({ strict: false, select: (params) => params._splat }) ?? ''
  return (
    <section className="placeholder-page" aria-labelledby="page-title">
      <h1 id="page-title">{i18n._(pageTitles.cmsPage)}</h1>
      <p>
        <Trans>
          Der Inhalt zur Adresse <code>/{slug}</code> wird bald aus dem CMS geladen.
        </Trans>
      </p>
    </section>
  )
}
