import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type emailChangeMachine } from '#machines/email-change/email-change.machine.ts'
import { mailIssue } from '#shared/domain/forms/new-password.ts'
import { MAIL_MAX } from '#shared/domain/forms/form-fields.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { TextField, useTouchedFields } from '#client/common/forms/fields.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { GenericWarning, OutcomeNotice } from './password-update-fields.tsx'
import { RequireLogin } from './require-login.tsx'
import '#client/common/forms/forms.css'
import './account.css'

export type EmailChangeActor = ActorRefFrom<typeof emailChangeMachine>

/** `?confirm={code}`: the e-mail change mail's link (`/mail-update?confirm=…`). */
export type MailUpdateSearch = { confirm?: string }

/** The new address (part 2 §5: required, submit disabled when blank). */
function EmailChangeForm({ actor }: { actor: EmailChangeActor }) {
  const { t } = useLingui()
  const id = useId()
  const email = useSelector(actor, (snapshot) => snapshot.context.email)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.submit' }))
  const { touch, shown } = useTouchedFields<'email'>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  return (
    <form className="form account-form" noValidate aria-busy={isBusy} onSubmit={submit}>
      {error !== null && <GenericWarning />}
      <p>
        <Trans>
          Wir senden einen Bestätigungslink an die neue Adresse. Ihre E-Mail-Adresse ändert sich erst, wenn
          Sie diesen Link öffnen.
        </Trans>
      </p>
      <TextField
        id={`${id}-email`}
        label={t`Neue E-Mail-Adresse`}
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
          {isBusy ? <Trans>Wird gesendet …</Trans> : <Trans>E-Mail-Adresse ändern</Trans>}
        </button>
      </div>
    </form>
  )
}

function SentNotice({ email }: { email: string }) {
  const address = email.trim()
  return (
    <OutcomeNotice kind="success" title={<Trans>Bitte bestätigen Sie Ihre neue E-Mail-Adresse.</Trans>}>
      <p>
        <Trans>
          Wir haben einen Bestätigungslink an {address} gesendet. Die Änderung wird erst wirksam, wenn Sie den
          Link öffnen.
        </Trans>
      </p>
    </OutcomeNotice>
  )
}

/** The outcome of opening the confirmation link. */
function ConfirmOutcome({ actor }: { actor: EmailChangeActor }) {
  const params = { locale: localeParam(useLocale()) }
  const state = useSelector(actor, (snapshot) =>
    snapshot.hasTag('confirmed') ? 'confirmed' : snapshot.hasTag('link-invalid') ? 'linkInvalid' : 'failed',
  )
  if (state === 'confirmed')
    return (
      <OutcomeNotice kind="success" title={<Trans>Ihre E-Mail-Adresse wurde geändert.</Trans>}>
        <p>
          <Link to="/{-$locale}/account" params={params}>
            <Trans>Zu Ihrem Konto</Trans>
          </Link>
        </p>
      </OutcomeNotice>
    )
  if (state === 'linkInvalid')
    return (
      <OutcomeNotice kind="warning" title={<Trans>Der Bestätigungslink ist ungültig oder abgelaufen.</Trans>}>
        <p>
          <Link to="/{-$locale}/mail-update" params={params}>
            <Trans>E-Mail-Adresse erneut ändern</Trans>
          </Link>
        </p>
      </OutcomeNotice>
    )
  return (
    <>
      <GenericWarning />
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'confirm.retry' })}
        >
          <Trans>Erneut versuchen</Trans>
        </button>
      </div>
    </>
  )
}

/** The page's content in the machine's state (stories start the actor in a path-model state). */
export function MailUpdateView({ actor }: { actor: EmailChangeActor }) {
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('form')
      ? 'form'
      : snapshot.hasTag('sent')
        ? 'sent'
        : snapshot.hasTag('confirming')
          ? 'confirming'
          : 'outcome',
  )
  const email = useSelector(actor, (snapshot) => snapshot.context.email)
  return (
    <section className="account-page" aria-labelledby="mail-update-title">
      <h1 id="mail-update-title">
        <Trans>E-Mail-Adresse ändern</Trans>
      </h1>
      {mode === 'form' && <EmailChangeForm actor={actor} />}
      {mode === 'sent' && <SentNotice email={email} />}
      {mode === 'confirming' && (
        <p className="account-guard" role="status">
          <Trans>Ihre neue E-Mail-Adresse wird bestätigt …</Trans>
        </p>
      )}
      {mode === 'outcome' && <ConfirmOutcome actor={actor} />}
    </section>
  )
}

function MailUpdateFor({ confirmCode }: { confirmCode: string | null }) {
  const { accountForms } = useAppActors()
  const actor = useActorRef(accountForms.emailChange, { input: { confirmCode } })
  return <MailUpdateView actor={actor} />
}

/**
 * `/mail-update` (spec part 2 §2; issue 15): the form needs a login; the confirmation link (`?confirm=`) works without
 * one, because it may be opened in another browser (its code names the change).
 */
export function MailUpdatePage() {
  const { confirm }: MailUpdateSearch = useSearch({ from: '/{-$locale}/mail-update' })
  if (confirm !== undefined) return <MailUpdateFor key={confirm} confirmCode={confirm} />
  return (
    <RequireLogin>
      <MailUpdateFor key="" confirmCode={null} />
    </RequireLogin>
  )
}
