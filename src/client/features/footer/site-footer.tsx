import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useId } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { CmsLink } from '#client/common/cms-link.tsx'
import { useCmsNavigationList } from '#client/common/use-cms-navigation.ts'
import { CONTACT_FORM_ANCHOR } from '#client/common/page-anchors.ts'
import { NewsletterModal } from '#client/features/footer/newsletter-modal.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import './site-footer.css'

const SOCIAL_NETWORKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const

/** The newsletter tile: an e-mail field whose submit opens the newsletter modal with the address. */
function NewsletterTile({
  emailId,
  placeholder,
  onSubmit,
}: {
  emailId: string
  placeholder: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}) {
  return (
    <section className="site-footer__tile" aria-labelledby={`${emailId}-heading`}>
      <h2 id={`${emailId}-heading`} className="site-footer__heading">
        <Trans>Newsletter</Trans>
      </h2>
      {/* The modal checks the address; the browser's own check would keep it closed. */}
      <form className="newsletter-field" noValidate onSubmit={onSubmit}>
        <label htmlFor={emailId}>
          <Trans>E-Mail-Adresse</Trans>
        </label>
        <div className="newsletter-field__row">
          <input id={emailId} type="email" name="email" autoComplete="email" placeholder={placeholder} />
          <button type="submit" className="button button--primary">
            <Trans>Abonnieren</Trans>
          </button>
        </div>
      </form>
    </section>
  )
}

/** The social network links, each opening in a new window (said to screen readers). */
function SocialTile({ headingId, newWindowHint }: { headingId: string; newWindowHint: string }) {
  return (
    <section className="site-footer__tile" aria-labelledby={headingId}>
      <h2 id={headingId} className="site-footer__heading">
        <Trans>Folgen Sie uns</Trans>
      </h2>
      <ul className="social-links">
        {SOCIAL_NETWORKS.map((network) => (
          <li key={network.name}>
            <a href={network.href} rel="noopener noreferrer" target="_blank">
              {network.name}
              <span className="visually-hidden"> {newWindowHint}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The footer (spec part 1 §2 Layout): the newsletter e-mail field (it opens the newsletter modal with the address),
 * social links, the CMS footer lists (privacy, imprint, terms, foreign trade terms), contact, report a bug, the
 * cookie settings and the copyright line.
 */
export function SiteFooter() {
  const { cookieConsent, content } = useAppActors()
  const footerLeft = useCmsNavigationList('footerleft')
  const footerRight = useCmsNavigationList('footerright')
  const { t } = useLingui()
  const locale = useLocale()
  const params = { locale: localeParam(locale) }
  const emailId = useId()
  const year = new Date().getFullYear()
  const openNewsletter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const mail = new FormData(event.currentTarget).get('email')
    content.newsletterForm.send({ type: 'form.open', mail: typeof mail === 'string' ? mail : '' })
  }

  return (
    <footer className="site-footer">
      <div className="site-footer__tiles">
        <NewsletterTile emailId={emailId} placeholder={t`name@beispiel.de`} onSubmit={openNewsletter} />
        <SocialTile headingId={`${emailId}-social`} newWindowHint={t`(öffnet in neuem Fenster)`} />

        <nav className="site-footer__tile" aria-label={t`Rechtliches`}>
          <ul className="footer-links">
            {[...footerLeft, ...footerRight].map((entry) => (
              <li key={`${entry.link}:${entry.title}`}>
                <CmsLink href={entry.link}>{entry.title}</CmsLink>
              </li>
            ))}
            <li>
              <Link to="/{-$locale}/kontakt" params={params}>
                <Trans>Kontakt</Trans>
              </Link>
            </li>
            <li>
              <Link
                to="/{-$locale}/kontakt"
                params={params}
                search={{ bug: 1 }}
                hash={CONTACT_FORM_ANCHOR}
                onClick={() => {
                  // Already on /kontakt: switch the form over (the route does it when it is entered).
                  content.contactForm.send({ type: 'form.setBugReport', isBugReport: true })
                }}
              >
                <Trans>Fehler melden</Trans>
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
      <NewsletterModal actor={content.newsletterForm} />
      <p className="site-footer__copyright">
        <Trans>© {year} Schichtwerk. Alle Rechte vorbehalten.</Trans>
      </p>
    </footer>
  )
}
