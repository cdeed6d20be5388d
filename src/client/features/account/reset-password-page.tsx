import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Navigate, useParams } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type resetPasswordMachine } from '#machines/reset-password/reset-password.machine.ts'
import { mailIssue } from '#shared/domain/forms/new-password.ts'
import { MAIL_MAX } from '#shared/domain/forms/form-fields.ts'
import { REDIRECT_AFTER_RESET_MS } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { TextField, useTouchedFields } from '#client/common/forms/fields.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { GenericWarning, NewPasswordFields, OutcomeNotice } from './password-update-fields.tsx'
import '#client/common/forms/forms.css'
import './account.css'

export type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>

function useLocaleParams() {
  return { locale: localeParam(useLocale()) }
}

/** Request mode: the e-mail, then the one neutral answer (part 2 §8 "if an account exists", one link per 24 h). */
function RequestLinkForm({ actor }: { actor: ResetPasswordActor }) {
  const { t } = useLingui()
  const id = useId()
  const email = useSelector(actor, (snapshot) => snapshot.context.email)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const isSent = useSelector(actor, (snapshot) => snapshot.hasTag('sent'))
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.submit' }))
  const { touch, shown } = useTouchedFields<'email'>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  if (isSent)
    return (
      <OutcomeNotice kind="success" title={<Trans>Bitte prüfen Sie Ihr Postfach.</Trans>}>
        <p>
          <Trans>
            Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen
            des Passworts gesendet. Pro 24 Stunden kann nur ein neuer Link angefordert werden.
          </Trans>
        </p>
      </OutcomeNotice>
    )
  return (
    <form className="form account-form" noValidate aria-busy={isBusy} onSubmit={submit}>
      {error !== null && <GenericWarning />}
      <p>
        <Trans>
          Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues
          Passwort wählen können.
        </Trans>
      </p>
      <TextField
        id={`${id}-email`}
        label={t`E-Mail-Adresse`}
        type="email"
        required
        disabled={isBusy}
        value={email}
        maxLength={MAIL_MAX}
        autoComplete="email"
        issue={shown('email', mailIssue(email) ?? undefined, email !== '')}
        onChange={(value) => actor.send({ type: 'form.changeEmail', value })}
        onBlur={() => touch('email')}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!canSubmit}>
          {isBusy ? <Trans>Wird gesendet …</Trans> : <Trans>Link anfordern</Trans>}
        </button>
      </div>
    </form>
  )
}

/** Choose mode: the new password twice; a failure empties both fields (part 2 §4). */
function ChoosePasswordForm({ actor }: { actor: ResetPasswordActor }) {
  const id = useId()
  const password = useSelector(actor, (snapshot) => snapshot.context.password)
  const repeat = useSelector(actor, (snapshot) => snapshot.context.repeat)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.submit' }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  return (
    <form className="form account-form" noValidate aria-busy={isBusy} onSubmit={submit}>
      {error !== null && <GenericWarning />}
      <p>
        <Trans>Bitte wählen Sie ein neues Passwort.</Trans>
      </p>
      <NewPasswordFields
        id={id}
        password={password}
        repeat={repeat}
        disabled={isBusy}
        onChange={(field, value) => actor.send({ type: 'form.changePassword', field, value })}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!canSubmit}>
          {isBusy ? <Trans>Wird gespeichert …</Trans> : <Trans>Passwort speichern</Trans>}
        </button>
      </div>
    </form>
  )
}

/** The link was used, has expired or is malformed: say so and offer a new one. */
function LinkInvalidNotice() {
  const params = useLocaleParams()
  return (
    <OutcomeNotice
      kind="warning"
      title={<Trans>Der Link wurde bereits verwendet oder ist abgelaufen.</Trans>}
    >
      <p>
        <Link to="/{-$locale}/reset-password/{-$resetId}" params={{ ...params, resetId: undefined }}>
          <Trans>Neuen Link anfordern</Trans>
        </Link>
      </p>
    </OutcomeNotice>
  )
}

function ResetSucceededNotice() {
  const params = useLocaleParams()
  return (
    <OutcomeNotice kind="success" title={<Trans>Ihr Passwort wurde geändert.</Trans>}>
      <p>
        <Trans>Sie werden in wenigen Sekunden zur Anmeldung weitergeleitet.</Trans>{' '}
        <Link to="/{-$locale}/login" params={params}>
          <Trans>Jetzt anmelden</Trans>
        </Link>
      </p>
    </OutcomeNotice>
  )
}

/** The reset page's content in the machine's state (stories start the actor in a path-model state). */
export function ResetPasswordView({ actor }: { actor: ResetPasswordActor }) {
  const params = useLocaleParams()
  const mode = useSelector(actor, (snapshot) => {
    if (snapshot.hasTag('done')) return 'done'
    if (snapshot.hasTag('link-invalid')) return 'linkInvalid'
    if (snapshot.hasTag('succeeded')) return 'succeeded'
    return snapshot.hasTag('request') ? 'request' : 'choose'
  })
  if (mode === 'done') return <Navigate to="/{-$locale}/login" params={params} replace />
  return (
    <section className="account-page" aria-labelledby="reset-password-title">
      <h1 id="reset-password-title">
        <Trans>Passwort zurücksetzen</Trans>
      </h1>
      {mode === 'request' && <RequestLinkForm actor={actor} />}
      {mode === 'choose' && <ChoosePasswordForm actor={actor} />}
      {mode === 'succeeded' && <ResetSucceededNotice />}
      {mode === 'linkInvalid' && <LinkInvalidNotice />}
      <p>
        <Link to="/{-$locale}/login" params={params}>
          <Trans>Zurück zur Anmeldung</Trans>
        </Link>
      </p>
    </section>
  )
}

function ResetPasswordFor({ code }: { code: string | null }) {
  const { accountForms } = useAppActors()
  const actor = useActorRef(accountForms.resetPassword, {
    input: { code, redirectDelayMs: REDIRECT_AFTER_RESET_MS },
  })
  return <ResetPasswordView actor={actor} />
}

/**
 * `/reset-password/{resetId?}` (spec part 2 §2, §4): without a code the link request, with one the new password. A
 * new code (the "request a new link" link) starts a fresh form.
 */
export function ResetPasswordPage() {
  const { resetId } = useParams({ strict: false })
  const code = resetId ?? null
  return <ResetPasswordFor key={code ?? ''} code={code} />
}
