import { Trans } from '@lingui/react/macro'
import { Link, useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ActorRefFrom, createActor } from 'xstate'
import { optinLoginTarget, type optinMachine } from '#machines/optin/optin.machine.ts'
import { type AppActors, useAppActors } from '#client/app/app-actors.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import './register.css'

export type OptinActor = ActorRefFrom<typeof optinMachine>

/**
 * The opt-in link's page (spec part 2 §2 `/optin/{optinId}`, §8): confirming, then the thank-you with the Login
 * button, or 'Registration failed …' (with another try when the server was away).
 */
export function OptinView({ actor }: { actor: OptinActor }) {
  const confirmed = useSelector(actor, (snapshot) => snapshot.hasTag('confirmed'))
  const failed = useSelector(actor, (snapshot) => snapshot.hasTag('failed'))
  const retryable = useSelector(actor, (snapshot) => snapshot.can({ type: 'optin.retry' }))
  return (
    <section className="optin-page" aria-labelledby="optin-title" aria-busy={!confirmed && !failed}>
      <h1 id="optin-title">
        <Trans>Registrierung bestätigen</Trans>
      </h1>
      {confirmed ? (
        <OptinThanks />
      ) : failed ? (
        <div className="notice notice--warning" role="alert">
          <div>
            <p>
              <Trans>
                Die Registrierung ist fehlgeschlagen. Dieses Konto existiert nicht oder kann gerade nicht
                aktiviert werden. Bitte versuchen Sie es später erneut.
              </Trans>
            </p>
            {retryable && (
              <button type="button" className="button" onClick={() => actor.send({ type: 'optin.retry' })}>
                <Trans>Erneut versuchen</Trans>
              </button>
            )}
          </div>
        </div>
      ) : (
        <p role="status">
          <Trans>Ihr Konto wird bestätigt …</Trans>
        </p>
      )}
    </section>
  )
}

/** The thank-you; Login continues the checkout when the cart has items and the shopper is logged in. */
function OptinThanks() {
  const { cart, session } = useAppActors()
  const locale = useLocale()
  const cartHasItems = useSelector(cart, (snapshot) => snapshot.context.items.length > 0)
  const loggedIn = useSelector(session, (snapshot) => snapshot.hasTag('logged-in'))
  const params = { locale: localeParam(locale) }
  return (
    <div role="status">
      <div className="notice notice--success">
        <div>
          <p className="notice__title">
            <Trans>Vielen Dank!</Trans>
          </p>
          <p>
            <Trans>Ihr Konto ist bestätigt. Sie können sich jetzt anmelden.</Trans>
          </p>
        </div>
      </div>
      <div className="optin-page__actions">
        {optinLoginTarget({ cartHasItems, loggedIn }) === '/payment-details' ? (
          <Link
            className="button button--primary"
            to="/{-$locale}/payment-details/{-$orderId}"
            params={{ ...params, orderId: undefined }}
          >
            <Trans>Login</Trans>
          </Link>
        ) : (
          <Link className="button button--primary" to="/{-$locale}/login" params={params}>
            <Trans>Login</Trans>
          </Link>
        )}
      </div>
    </div>
  )
}

/**
 * One opt-in actor per code for the app's lifetime: the code is single use, so confirming it again (React's
 * StrictMode runs effects twice in development, the shopper comes back to the page) would only report a failure.
 */
const actorsByLogic = new WeakMap<AppActors['registration']['optin'], Map<string, OptinActor>>()

function optinActorFor(logic: AppActors['registration']['optin'], code: string): OptinActor {
  let actors = actorsByLogic.get(logic)
  if (!actors) actorsByLogic.set(logic, (actors = new Map()))
  let actor = actors.get(code)
  if (!actor) actors.set(code, (actor = createActor(logic, { input: { code } }).start()))
  return actor
}

/** `/optin/{optinId}`: the code's opt-in actor, which confirms as it starts. */
export function OptinPage() {
  const { registration } = useAppActors()
  const { optinId } = useParams({ strict: false })
  return <OptinView actor={optinActorFor(registration.optin, optinId ?? '')} />
}
