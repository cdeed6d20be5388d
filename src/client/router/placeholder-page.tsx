import { Trans, useLingui } from '@lingui/react/macro'
import { useMatch } from '@tanstack/react-router'
import { RequireLogin } from '#client/features/account/require-login.tsx'
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

/** A login-required page a later issue builds (order details): the guard and the placeholder in one lazy chunk. */
export function LoginRequiredPlaceholderPage() {
  return (
    <RequireLogin>
      <PlaceholderPage />
    </RequireLogin>
  )
}
