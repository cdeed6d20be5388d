import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useId } from 'react'
import { type LoginFailure } from '#machines/login/login.machine.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { TextField } from '#client/common/forms/fields.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import '#client/common/forms/forms.css'
import './account.css'

const FIELD_MAX = 200

/** The failure under the heading: the spec's text for wrong credentials, the wait when throttled, else generic. */
function LoginFailureNotice({ failure }: { failure: LoginFailure }) {
  return (
    <div className="notice notice--warning" role="alert">
      <p>
        {failure.kind === 'wrongCredentials' ? (
          <Trans>Benutzername und Passwort stimmen nicht überein.</Trans>
        ) : failure.kind === 'throttled' ? (
          <Trans>
            Zu viele Anmeldeversuche. Bitte versuchen Sie es in {failure.retryAfterSeconds} Sekunden erneut.
          </Trans>
        ) : (
          <Trans>Die Anmeldung hat nicht geklappt. Bitte versuchen Sie es später erneut.</Trans>
        )}
      </p>
    </div>
  )
}

/** The form itself: username or e-mail, password, the submit button (disabled until both are filled). */
export function LoginForm() {
  const { login } = useAppActors()
  const { t } = useLingui()
  const id = useId()
  const username = useSelector(login, (snapshot) => snapshot.context.username)
  const password = useSelector(login, (snapshot) => snapshot.context.password)
  const failure = useSelector(login, (snapshot) => snapshot.context.failure)
  const isBusy = useSelector(login, (snapshot) => snapshot.hasTag('busy'))
  const canSubmit = useSelector(login, (snapshot) => snapshot.can({ type: 'login.submit' }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    login.send({ type: 'login.submit' })
  }

  return (
    <form className="form account-form" noValidate aria-busy={isBusy} onSubmit={submit}>
      {failure && <LoginFailureNotice failure={failure} />}
      <TextField
        id={`${id}-username`}
        label={t`Benutzername oder E-Mail-Adresse`}
        required
        disabled={isBusy}
        value={username}
        maxLength={FIELD_MAX}
        autoComplete="username"
        onChange={(value) => login.send({ type: 'login.setUsername', value })}
      />
      <TextField
        id={`${id}-password`}
        label={t`Passwort`}
        type="password"
        required
        disabled={isBusy}
        value={password}
        maxLength={FIELD_MAX}
        autoComplete="current-password"
        onChange={(value) => login.send({ type: 'login.setPassword', value })}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!canSubmit}>
          {isBusy ? <Trans>Anmeldung läuft …</Trans> : <Trans>Anmelden</Trans>}
        </button>
      </div>
    </form>
  )
}

/**
 * `/login` (spec part 2 §2, §4): the login form with links to `/register` and `/reset-password`. Opening it starts the
 * form afresh with the return target; a user who is already logged in (the session found one) goes to `/account`.
 */
export function LoginPage() {
  const { login, session } = useAppActors()
  const locale = useLocale()
  const params = { locale: localeParam(locale) }
  const { returnTo } = useSearch({ from: '/{-$locale}/login' })
  const isChecking = useSelector(session, (snapshot) => snapshot.hasTag('checking'))
  const isLoggedIn = useSelector(session, (snapshot) => snapshot.hasTag('logged-in'))
  // Right after this form's own sign-in the login machine navigates (to the cart's checkout or the target).
  const signedInHere = useSelector(login, (snapshot) => snapshot.hasTag('signed-in'))

  const navigate = useNavigate()
  const goToAccount = isLoggedIn && !signedInHere
  useEffect(() => {
    login.send({ type: 'login.open', returnTo: returnTo ?? null })
  }, [login, returnTo])
  useEffect(() => {
    if (goToAccount)
      void navigate({ to: '/{-$locale}/account', params: { locale: localeParam(locale) }, replace: true })
  }, [goToAccount, locale, navigate])

  return (
    <section className="account-page" aria-labelledby="login-title">
      <h1 id="login-title">
        <Trans>Anmelden</Trans>
      </h1>
      {isChecking || signedInHere || goToAccount ? (
        <p className="account-guard" role="status">
          <Trans>Anmeldung wird geprüft …</Trans>
        </p>
      ) : (
        <LoginForm />
      )}
      <ul className="account-page__links">
        <li>
          <Link to="/{-$locale}/reset-password/{-$resetId}" params={{ ...params, resetId: undefined }}>
            <Trans>Passwort vergessen?</Trans>
          </Link>
        </li>
        <li>
          <Trans>Noch kein Konto?</Trans>{' '}
          <Link to="/{-$locale}/register" params={params}>
            <Trans>Jetzt registrieren</Trans>
          </Link>
        </li>
      </ul>
    </section>
  )
}
