import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useId, useState } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type vatIdFormMachine } from '#machines/vat-id-form/vat-id-form.machine.ts'
import { type VatIdAccount, vatIdValueIssue } from '#shared/domain/forms/vat-id-form.ts'
import { MESSAGE_MAX, VAT_ID_NOTICE_MS } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { notificationTexts } from '#client/i18n/notification-texts.ts'
import { TextField } from '#client/common/forms/fields.tsx'
import '#client/common/forms/forms.css'

export type VatIdFormActor = ActorRefFrom<typeof vatIdFormMachine>

/**
 * The VAT-ID form (spec part 2 §5 "needs a non-empty value", §7 VAT-ID submission, §8 VAT-ID messages): one field,
 * sent with the customer's name and e-mail; success is a notice that stays 15 s, failure a warning that keeps the
 * value.
 */
export function VatIdForm({ actor }: { actor: VatIdFormActor }) {
  const { i18n, t } = useLingui()
  const id = useId()
  const value = useSelector(actor, (snapshot) => snapshot.context.value)
  const account = useSelector(actor, (snapshot) => snapshot.context.account)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.submit' }))
  const [touched, setTouched] = useState(false)
  const issue = vatIdValueIssue(value)
  const shownIssue = issue !== null && (touched || value !== '') ? issue : null
  const failure = notificationTexts['vat-id-failure']
  const name = `${account.firstName} ${account.lastName}`
  const mail = account.mail
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <form className="form" noValidate aria-busy={isBusy} onSubmit={submit}>
      {error !== null && (
        <div className="notice notice--warning" role="alert">
          <div>
            <p className="notice__title">{i18n._(failure.title)}</p>
            {failure.body && <p>{i18n._(failure.body)}</p>}
          </div>
        </div>
      )}
      <TextField
        id={`${id}-vat-id`}
        label={t`Umsatzsteuer-Identifikationsnummer (USt-IdNr.)`}
        required
        disabled={isBusy}
        value={value}
        maxLength={MESSAGE_MAX}
        autoComplete="off"
        issue={shownIssue}
        hint={
          <Trans>
            Wir senden sie mit Ihrem Namen {name} und Ihrer E-Mail-Adresse {mail}.
          </Trans>
        }
        onChange={(next) => actor.send({ type: 'form.change', value: next })}
        onBlur={() => setTouched(true)}
      />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!canSubmit}
          title={canSubmit ? undefined : t`Bitte geben Sie Ihre USt-IdNr. ein.`}
        >
          {isBusy ? <Trans>Wird gesendet …</Trans> : <Trans>USt-IdNr. einreichen</Trans>}
        </button>
      </div>
    </form>
  )
}

/** A VAT-ID form for this customer: its own actor, started with the name and e-mail it sends. */
export function VatIdFormFor({ account }: { account: VatIdAccount }) {
  const { content } = useAppActors()
  const actor = useActorRef(content.vatIdForm, { input: { account, noticeDurationMs: VAT_ID_NOTICE_MS } })
  return <VatIdForm actor={actor} />
}
