import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode } from 'react'
import { type SessionUser } from '#shared/contracts/auth.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { VatIdFormFor } from '#client/common/forms/vat-id-form.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import './account.css'

type CardTarget = '/{-$locale}/profile-update' | '/{-$locale}/mail-update' | '/{-$locale}/password-update'

function AccountCard(props: { to: CardTarget; title: ReactNode; children: ReactNode }) {
  const locale = useLocale()
  return (
    <li className="account-card">
      <Link to={props.to} params={{ locale: localeParam(locale) }} className="account-card__link">
        <span className="account-card__title">{props.title}</span>
        <span className="account-card__text">{props.children}</span>
      </Link>
    </li>
  )
}

/**
 * The VAT-ID form for business customers (part 2 §1, §5), sent with the account's username as the name and its
 * e-mail: the session has no first and last name (the profile has them once the customer data are loaded).
 */
function BusinessVatId({ user }: { user: SessionUser }) {
  return (
    <section className="account-section" aria-labelledby="account-vat-id">
      <h2 id="account-vat-id">
        <Trans>USt-IdNr. einreichen</Trans>
      </h2>
      <VatIdFormFor key={user.id} account={{ firstName: user.username, lastName: '', mail: user.email }} />
    </section>
  )
}

/** What the dashboard shows of the session: the user, and whether logging out is possible now. */
function useAccountSession() {
  const { session } = useAppActors()
  const user = useSelector(session, (snapshot) => snapshot.context.user)
  const isLoggingOut = useSelector(session, (snapshot) => snapshot.hasTag('busy'))
  return { session, user, isLoggingOut }
}

/**
 * `/account` (spec part 2 §2, login required): cards to the three update pages, logout, the order history under the
 * heading Bestellverlauf and, for business customers, the VAT-ID form. The order history comes from the orders
 * feature through `orderHistory` (the route composes them, router/account-route-page.tsx); without it the empty state.
 */
export function AccountDashboard({ orderHistory }: { orderHistory?: ReactNode } = {}) {
  const { session, user, isLoggingOut } = useAccountSession()
  if (!user) return null
  return (
    <section className="account-page account-page--wide" aria-labelledby="account-title">
      <div className="account-page__head">
        <h1 id="account-title">
          <Trans>Mein Konto</Trans>
        </h1>
        <p>
          <Trans>Angemeldet als {user.username}</Trans>
        </p>
        <button
          type="button"
          className="button"
          disabled={isLoggingOut}
          onClick={() => session.send({ type: 'session.logout' })}
        >
          {isLoggingOut ? <Trans>Abmeldung läuft …</Trans> : <Trans>Abmelden</Trans>}
        </button>
      </div>
      <ul className="account-cards">
        <AccountCard to="/{-$locale}/profile-update" title={<Trans>Kundendaten</Trans>}>
          <Trans>Name, Rechnungs- und Lieferadresse, Telefon</Trans>
        </AccountCard>
        <AccountCard to="/{-$locale}/mail-update" title={<Trans>E-Mail-Adresse ändern</Trans>}>
          <Trans>Die neue Adresse bestätigen Sie über einen Link.</Trans>
        </AccountCard>
        <AccountCard to="/{-$locale}/password-update" title={<Trans>Passwort ändern</Trans>}>
          <Trans>Altes Passwort, neues Passwort und Wiederholung</Trans>
        </AccountCard>
      </ul>
      <section className="account-section" aria-labelledby="account-orders">
        <h2 id="account-orders">
          <Trans>Bestellverlauf</Trans>
        </h2>
        {orderHistory ?? (
          <p>
            <Trans>Sie haben noch keine Bestellungen.</Trans>
          </p>
        )}
      </section>
      {user.isBusinessCustomer && <BusinessVatId user={user} />}
    </section>
  )
}
