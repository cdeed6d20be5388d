import { Trans, useLingui } from '@lingui/react/macro'
import { type Outcome } from '#machines/register/register.machine.ts'
import { errorTexts } from '#client/i18n/error-texts.ts'

/**
 * What the last registration send came to (spec part 2 §4 Registration, §8 Registration): the confirmation mail
 * is on its way, the username is taken (409), fields were refused (400), or another failure with its own text where
 * it has one, else the registration's default text.
 */
export function RegisterOutcomeNotice({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'sent') {
    const email = outcome.email
    return (
      <div className="notice notice--success" role="status">
        <div>
          <p className="notice__title">
            <Trans>Vielen Dank für Ihre Registrierung!</Trans>
          </p>
          <p>
            <Trans>
              Wir haben eine E-Mail an {email} gesendet. Bitte bestätigen Sie Ihr Konto über den Link darin.
            </Trans>
          </p>
        </div>
      </div>
    )
  }
  return (
    <div className="notice notice--warning" role="alert">
      <div>
        <FailureText outcome={outcome} />{' '}
        {outcome.kind !== 'invalid' && <Trans>Ihre Eingaben sind noch da.</Trans>}
      </div>
    </div>
  )
}

function FailureText({ outcome }: { outcome: Exclude<Outcome, { kind: 'sent' }> }) {
  const { i18n } = useLingui()
  if (outcome.kind === 'usernameTaken') {
    const name = outcome.username
    return <Trans>Der Benutzername {name} ist bereits vergeben. Bitte wählen Sie einen anderen.</Trans>
  }
  if (outcome.kind === 'invalid') return <Trans>Bitte prüfen Sie die markierten Felder.</Trans>
  // The error's own text where it says more than "something went wrong" (too many tries, server away).
  if (outcome.error === 'rate_limited' || outcome.error === 'service_unavailable')
    return <>{i18n._(errorTexts[outcome.error])}</>
  return (
    <Trans>
      Bei der Registrierung ist ein Fehler aufgetreten. Bitte prüfen Sie Ihre E-Mails oder versuchen Sie es
      später erneut.
    </Trans>
  )
}

/** The countries (for the address) are loading, or failed to load with a retry. */
export function RegisterLoadState(props: { failed: boolean; onRetry: () => void }) {
  if (!props.failed)
    return (
      <p role="status" className="register-page__loading">
        <Trans>Das Formular wird geladen …</Trans>
      </p>
    )
  return (
    <div className="notice notice--warning" role="alert">
      <div>
        <p>
          <Trans>Das Formular konnte nicht geladen werden. Bitte versuchen Sie es erneut.</Trans>
        </p>
        <button type="button" className="button" onClick={props.onRetry}>
          <Trans>Erneut versuchen</Trans>
        </button>
      </div>
    </div>
  )
}
