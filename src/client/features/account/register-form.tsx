import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import {
  type AccountField,
  mergeIssues,
  type RegisterIssues,
  registerIssues,
} from '#machines/register/register-draft.ts'
import { type AccountTextField, type registerMachine } from '#machines/register/register.machine.ts'
import { MAIL_MAX } from '#shared/domain/forms/form-fields.ts'
import { PASSWORD, USERNAME } from '#shared/domain/limits.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { AddressFields, addressFieldLabels } from '#client/common/forms/address-fields.tsx'
import {
  CheckboxField,
  MissingFieldsHint,
  TextField,
  useMissingFieldsTitle,
  useTouchedFields,
} from '#client/common/forms/fields.tsx'
import { RegisterOutcomeNotice } from './register-notices.tsx'
import '#client/common/forms/forms.css'
import './register.css'

export type RegisterActor = ActorRefFrom<typeof registerMachine>
type RegisterSnapshot = ReturnType<RegisterActor['getSnapshot']>

export const accountFieldLabels = {
  username: msg`Benutzername`,
  email: msg`E-Mail-Adresse`,
  password: msg`Passwort`,
  passwordRepeat: msg`Passwort wiederholen`,
  privacyAccepted: msg`Einwilligung zum Datenschutz`,
} as const satisfies Record<AccountField, MessageDescriptor>

/** The issues to show (the rules' and the server's) and the labels of the required fields still empty. */
function issuesOf(snapshot: RegisterSnapshot): RegisterIssues {
  const { draft, countries, isBusinessCustomer, serverIssues } = snapshot.context
  return mergeIssues(registerIssues(draft, { countries, isBusinessCustomer }), serverIssues)
}

function useMissing(issues: RegisterIssues): { missing: string[]; invalid: boolean } {
  const { i18n } = useLingui()
  const isMissing = (code: string) => code === 'required' || code === 'must_confirm'
  const missing = [
    ...Object.entries(issues.account).map(([field, code]) =>
      isMissing(code) ? i18n._(accountFieldLabels[field as AccountField]) : null,
    ),
    ...[...Object.entries(issues.billing), ...Object.entries(issues.shipping)].map(([field, code]) =>
      isMissing(code) ? i18n._(addressFieldLabels[field as keyof typeof addressFieldLabels]) : null,
    ),
  ].filter((label): label is string => label !== null)
  const count = (part: object) => Object.keys(part).length
  const total = count(issues.account) + count(issues.billing) + count(issues.shipping)
  return { missing: [...new Set(missing)], invalid: total > missing.length }
}

/**
 * The registration form (spec part 2 §2 Registration screen, §5, §8): account fields, billing address, the
 * different-shipping toggle with its address, the privacy box; submit disabled with the missing fields until every
 * rule holds. What the last send came to shows above the form; the fields stay filled after a failure.
 */
export function RegisterForm({ actor }: { actor: RegisterActor }) {
  const id = useId()
  const snapshot = useSelector(actor, (current) => current)
  const { draft, countries, isBusinessCustomer, outcome } = snapshot.context
  const isBusy = snapshot.hasTag('busy')
  const issues = issuesOf(snapshot)
  const { missing, invalid } = useMissing(issues)
  const serverRefused = outcome?.kind === 'invalid'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  return (
    <form
      className="form register-form"
      noValidate
      aria-busy={isBusy}
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
    >
      <h1 id={`${id}-title`}>
        <Trans>Registrieren</Trans>
      </h1>
      <p>
        <Trans>Pflichtfelder sind mit * markiert.</Trans>
      </p>
      {outcome !== null && <RegisterOutcomeNotice outcome={outcome} />}
      <AccountFields actor={actor} issues={issues.account} disabled={isBusy} showAll={serverRefused} />
      <AddressFields
        kind="billing"
        value={draft.billingAddress}
        issues={issues.billing}
        countries={countries}
        isBusinessCustomer={isBusinessCustomer}
        touched={serverRefused}
        disabled={isBusy}
        onChange={(field, value) => actor.send({ type: 'form.changeAddress', kind: 'billing', field, value })}
      />
      <CheckboxField
        id={`${id}-shipping-differs`}
        label={<Trans>Lieferung an eine andere Adresse</Trans>}
        checked={draft.shippingDiffers}
        disabled={isBusy}
        onChange={(differs) => actor.send({ type: 'form.setShippingDiffers', differs })}
      />
      {draft.shippingDiffers && (
        <AddressFields
          kind="shipping"
          value={draft.shippingAddress}
          issues={issues.shipping}
          countries={countries}
          isBusinessCustomer={isBusinessCustomer}
          touched={serverRefused}
          disabled={isBusy}
          onChange={(field, value) =>
            actor.send({ type: 'form.changeAddress', kind: 'shipping', field, value })
          }
        />
      )}
      <PrivacyBox
        actor={actor}
        id={`${id}-privacy`}
        issue={issues.account.privacyAccepted}
        disabled={isBusy}
      />
      <MissingFieldsHint id={`${id}-missing`} missing={missing} invalid={invalid} />
      <RegisterSubmit actor={actor} isBusy={isBusy} missing={missing} invalid={invalid} />
      <p className="register-form__login">
        <Trans>Sie haben schon ein Konto?</Trans> <LoginLink />
      </p>
    </form>
  )
}

/** Username, e-mail and the password twice, each with its rule as a hint. */
function AccountFields(props: {
  actor: RegisterActor
  issues: RegisterIssues['account']
  disabled: boolean
  showAll: boolean
}) {
  const { i18n, t } = useLingui()
  const id = useId()
  const draft = useSelector(props.actor, (snapshot) => snapshot.context.draft)
  const { touch, shown } = useTouchedFields<AccountTextField>()
  const field = (name: AccountTextField, maxLength: number) => ({
    id: `${id}-${name}`,
    label: i18n._(accountFieldLabels[name]),
    value: draft[name],
    required: true,
    disabled: props.disabled,
    maxLength,
    issue: props.showAll ? props.issues[name] : shown(name, props.issues[name], draft[name] !== ''),
    onChange: (value: string) => props.actor.send({ type: 'form.change', field: name, value }),
    onBlur: () => touch(name),
  })
  return (
    <fieldset className="form__section">
      <legend>
        <Trans>Zugangsdaten</Trans>
      </legend>
      <TextField
        {...field('username', USERNAME.max)}
        autoComplete="username"
        hint={t`${USERNAME.min} bis ${USERNAME.max} Zeichen, ohne @.`}
      />
      <TextField {...field('email', MAIL_MAX)} type="email" autoComplete="email" />
      <div className="form__row">
        <PasswordField
          {...field('password', PASSWORD.max)}
          hint={t`${PASSWORD.min} bis ${PASSWORD.max} Zeichen.`}
        />
        <PasswordField {...field('passwordRepeat', PASSWORD.max)} />
      </div>
    </fieldset>
  )
}

/** A new password: the browser may suggest a strong one. */
function PasswordField(props: Parameters<typeof TextField>[0]) {
  return <TextField {...props} type="password" autoComplete="new-password" />
}

function PrivacyBox(props: {
  actor: RegisterActor
  id: string
  issue: AccountFieldIssue
  disabled: boolean
}) {
  const locale = useLocale()
  const accepted = useSelector(props.actor, (snapshot) => snapshot.context.draft.privacyAccepted)
  const { touch, shown } = useTouchedFields<'privacyAccepted'>()
  return (
    <CheckboxField
      id={props.id}
      required
      disabled={props.disabled}
      checked={accepted}
      issue={shown('privacyAccepted', props.issue, false)}
      onChange={(next) => {
        touch('privacyAccepted')
        props.actor.send({ type: 'form.setPrivacy', accepted: next })
      }}
      label={
        <Trans>
          Ich habe die{' '}
          <Link to="/{-$locale}/datenschutz" params={{ locale: localeParam(locale) }}>
            Datenschutzerklärung
          </Link>{' '}
          gelesen und bin einverstanden, dass meine Angaben für mein Kundenkonto gespeichert werden.
        </Trans>
      }
    />
  )
}

type AccountFieldIssue = RegisterIssues['account'][AccountField]

function RegisterSubmit(props: {
  actor: RegisterActor
  isBusy: boolean
  missing: string[]
  invalid: boolean
}) {
  const canSubmit = useSelector(props.actor, (snapshot) => snapshot.can({ type: 'form.submit' }))
  const missingTitle = useMissingFieldsTitle()
  return (
    <div className="form__actions">
      <button
        type="submit"
        className="button button--primary"
        disabled={!canSubmit}
        title={canSubmit ? undefined : missingTitle(props.missing, props.invalid)}
      >
        {props.isBusy ? <Trans>Wird gesendet …</Trans> : <Trans>Registrieren</Trans>}
      </button>
    </div>
  )
}

export function LoginLink() {
  const locale = useLocale()
  return (
    <Link to="/{-$locale}/login" params={{ locale: localeParam(locale) }}>
      <Trans>Zum Login</Trans>
    </Link>
  )
}
