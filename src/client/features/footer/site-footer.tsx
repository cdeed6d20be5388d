import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import './site-footer.css'

const SOCIAL_NETWORKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const

/**
 * The footer (spec part 1 §2 Layout): newsletter field (the sign-up comes with the newsletter issue), social links,
 * footer links (the CMS supplies them later), the cookie settings and the copyright line.
 */
export function SiteFooter() {
  const { cookieConsent } = useAppActors()
  const { t } = useLingui()
  const locale = useLocale()
  const params = { locale: localeParam(locale) }
  const emailId = useId()
  const year = new Date().getFullYear()

  return (
    <footer className="site-footer">
      <div className="site-footer__tiles">
        <section className="site-footer__tile" aria-labelledby={`${emailId}-heading`}>
          <h2 id={`${emailId}-heading`} className="site-footer__heading">
            <Trans>Newsletter</Trans>
          </h2>
          <form className="newsletter-field" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={emailId}>
              <Trans>E-Mail-Adresse</Trans>
            </label>
            <div className="newsletter-field__row">
              <input
                id={emailId}
                type="email"
                name="email"
                autoComplete="email"
                placeholder={t`name@beispiel.de`}
              />
              <button type="submit" className="button button--primary">
                <Trans>Abonnieren</Trans>
              </button>
            </div>
          </form>
        </section>

        <section className="site-footer__tile" aria-labelledby={`${emailId}-social`}>
          <h2 id={`${emailId}-social`} className="site-footer__heading">
            <Trans>Folgen Sie uns</Trans>
          </h2>
          <ul className="social-links">
            {SOCIAL_NETWORKS.map((network) => (
              <li key={network.name}>
                <a href={network.href} rel="noopener noreferrer" target="_blank">
                  {network.name}
                  <span className="visually-hidden"> {t`(öffnet in neuem Fenster)`}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav className="site-footer__tile" aria-label={t`Rechtliches`}>
          <ul className="footer-links">
            <li>
              <Link to="/{-$locale}/datenschutz" params={params}>
                <Trans>Datenschutz</Trans>
              </Link>
            </li>
            <li>
              <Link to="/{-$locale}/$" params={{ ...params, _splat: 'impressum' }}>
                <Trans>Impressum</Trans>
              </Link>
            </li>
            <li>
              <Link to="/{-$locale}/agb-onlineportal" params={params}>
                <Trans>AGB</Trans>
              </Link>
            </li>
            <li>
              <Link to="/{-$locale}/$" params={{ ...params, _splat: 'aussenwirtschaftsbedingungen' }}>
                <Trans>Außenwirtschaftsbedingungen</Trans>
              </Link>
            </li>
            <li>
              <Link to="/{-$locale}/kontakt" params={params}>
                <Trans>Kontakt</Trans>
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => cookieConsent.send({ type: 'cookies.open' })}
              >
                <Trans>Cookie-Einstellungen</Trans>
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        <Trans>© {year} Schichtwerk. Alle Rechte vorbehalten.</Trans>
      </p>
    </footer>
  )
}
