import { Trans, useLingui } from '@lingui/react/macro'
import { Navigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type passwordChangeMachine } from '#machines/password-change/password-change.machine.ts'
import { REDIRECT_AFTER_PASSWORD_CHANGE_MS } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { TextField } from '#client/common/forms/fields.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { GenericWarning, NewPasswordFields, OutcomeNotice } from './password-update-fields.tsx'
import { RequireLogin } from './require-login.tsx'
import '#client/common/forms/forms.css'
import { BackToAccountLink } from './back-to-account-link.tsx'
import './account.css'

export type PasswordChangeActor = ActorRefFrom<typeof passwordChangeMachine>

/** The old password may be any stored one; this only keeps a pasted essay out. */
const OLD_PASSWORD_MAX = 200

function Failure({ actor }: { actor: PasswordChangeActor }) {
  const failure = useSelector(actor, (snapshot) =>
    snapshot.context.wrongPassword ? 'wrong' : snapshot.context.error !== null ? 'generic' : null,
  )
  if (failure === 'generic') return <GenericWarning />
  if (failure === 'wrong')
    return (
      <OutcomeNotice kind="warning" title={<Trans>Das bisherige Passwort ist nicht korrekt.</Trans>}>
        <p>
          <Trans>Bitte geben Sie Ihr aktuelles Passwort erneut ein.</Trans>
        </p>
      </OutcomeNotice>
    )
  return null
}

/** Old, new and repeat (part 2 §2 "Password update: old, new, repeat fields"). */
function PasswordChangeForm({ actor }: { actor: PasswordChangeActor }) {
  const { t } = useLingui()
  const id = useId()
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.submit' }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  return (
    <form className="form account-form" noValidate aria-busy={isBusy} onSubmit={submit}>
      <Failure actor={actor} />
      <TextField
        id={`${id}-old`}
        label={t`Bisheriges Passwort`}
        type="password"
        required
        disabled={isBusy}
        value={context.oldPassword}
        maxLength={OLD_PASSWORD_MAX}
        autoComplete="current-password"
        onChange={(value) => actor.send({ type: 'form.change', field: 'oldPassword', value })}
      />
      <NewPasswordFields
        id={id}
        password={context.newPassword}
        repeat={context.repeat}
        disabled={isBusy}
        onChange={(field, value) =>
          actor.send({ type: 'form.change', field: field === 'password' ? 'newPassword' : 'repeat', value })
        }
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!canSubmit}>
          {isBusy ? <Trans>Wird gespeichert …</Trans> : <Trans>Passwort ändern</Trans>}
        </button>
      </div>
    </form>
  )
}

/** The page's content in the machine's state (stories start the actor in a path-model state). */
export function PasswordUpdateView({ actor }: { actor: PasswordChangeActor }) {
  const params = { locale: localeParam(useLocale()) }
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('done') ? 'done' : snapshot.hasTag('changed') ? 'changed' : 'form',
  )
  if (mode === 'done') return <Navigate to="/{-$locale}/login" params={params} replace />
  return (
    <section className="account-page" aria-labelledby="password-update-title">
      <h1 id="password-update-title">
        <Trans>Passwort ändern</Trans>
      </h1>
      {mode === 'form' ? (
        <PasswordChangeForm actor={actor} />
      ) : (
        <OutcomeNotice kind="success" title={<Trans>Ihr Passwort wurde geändert.</Trans>}>
          <p>
            <Trans>Sie werden abgemeldet und in wenigen Sekunden zur Anmeldung weitergeleitet.</Trans>
          </p>
        </OutcomeNotice>
      )}
      {mode === 'form' && <BackToAccountLink />}
    </section>
  )
}

function PasswordUpdateForActor() {
  const { accountForms } = useAppActors()
  const actor = useActorRef(accountForms.passwordChange, {
    input: { redirectDelayMs: REDIRECT_AFTER_PASSWORD_CHANGE_MS },
  })
  return <PasswordUpdateView actor={actor} />
}

/** `/password-update` (spec part 2 §2, §4; login required). */
export function PasswordUpdatePage() {
  return (
    <RequireLogin>
      <PasswordUpdateForActor />
    </RequireLogin>
  )
}
