import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type contactFormMachine } from '#machines/contact-form/contact-form.machine.ts'
import {
  type Browser,
  BROWSERS,
  type OperatingSystem,
  OPERATING_SYSTEMS,
  type YesNo,
} from '#shared/contracts/contact.contract.ts'
import {
  type ContactField,
  contactIssues,
  type ContactTextField,
  isErrorMessageEnabled,
  missingContactFields,
} from '#shared/domain/forms/contact-draft.ts'
import { BUG_REPORT_TEXT_MAX, MAIL_MAX } from '#shared/domain/forms/form-fields.ts'
import { MESSAGE_MAX, NAME_MAX, PHONE_MAX, SUBJECT_MAX } from '#shared/domain/limits.ts'
import { errorTexts } from '#client/i18n/error-texts.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { notificationTexts } from '#client/i18n/notification-texts.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import {
  CheckboxField,
  MissingFieldsHint,
  RadioGroup,
  SelectField,
  TextField,
  useMissingFieldsTitle,
  useTouchedFields,
} from '#client/common/forms/fields.tsx'
import {
  contactFieldLabels,
  otherBrowserLabel,
  otherOperatingSystemLabel,
} from '#client/common/forms/form-texts.ts'
import '#client/common/forms/forms.css'

export type ContactFormActor = ActorRefFrom<typeof contactFormMachine>

/** The draft, its issues and the props of a text field, shared by the form's parts. */
function useContactFieldKit(actor: ContactFormActor) {
  const { i18n } = useLingui()
  const id = useId()
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft)
  const { touch, shown } = useTouchedFields<ContactField>()
  const issues = contactIssues(draft)
  const fieldId = (field: ContactField) => `${id}-${field}`
  const text = (field: ContactTextField, maxLength: number, required = false) => ({
    id: fieldId(field),
    label: i18n._(contactFieldLabels[field]),
    value: draft[field],
    issue: shown(field, issues[field], draft[field].trim() !== ''),
    maxLength,
    required,
    onChange: (value: string) => actor.send({ type: 'form.change', field, value }),
    onBlur: () => touch(field),
  })
  return { id, actor, draft, issues, fieldId, text, touch, shown }
}

type ContactFieldKit = ReturnType<typeof useContactFieldKit>

type ContactError = NonNullable<ReturnType<ContactFormActor['getSnapshot']>['context']['error']>

/**
 * The contact form that doubles as the bug-report form (spec part 2 §3, §5, §8): a switch between an enquiry and a
 * bug report, the bug report's description and environment (browser Mozilla Firefox and OS Microsoft Windows by
 * default, the error-message field disabled while no error message occurred), submit disabled with a hint until the
 * draft is valid. A failed send shows a warning and keeps every field; a successful one goes to the start page.
 */
export function ContactForm({ actor }: { actor: ContactFormActor }) {
  const { i18n, t } = useLingui()
  const kit = useContactFieldKit(actor)
  const { id, draft, issues, fieldId, text } = kit
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const missing = missingContactFields(draft).map((field) => i18n._(contactFieldLabels[field]))
  const hasInvalid = Object.keys(issues).length > missing.length
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <form className="form" noValidate aria-busy={isBusy} aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>
        {draft.isBugReport ? <Trans>Fehler melden</Trans> : <Trans>Kontaktformular</Trans>}
      </h2>
      <p>
        <Trans>Pflichtfelder sind mit * markiert.</Trans>
      </p>
      {error !== null && <ContactFailureNotice error={error} />}
      <fieldset className="form__fields" disabled={isBusy}>
        <legend className="visually-hidden">{t`Kontaktformular`}</legend>
        <RadioGroup<'contact' | 'bug'>
          id={fieldId('isBugReport')}
          label={i18n._(contactFieldLabels.isBugReport)}
          value={draft.isBugReport ? 'bug' : 'contact'}
          options={[
            { value: 'contact', label: t`Allgemeine Anfrage` },
            { value: 'bug', label: t`Fehler melden` },
          ]}
          onChange={(value) => actor.send({ type: 'form.setBugReport', isBugReport: value === 'bug' })}
        />
        <div className="form__row">
          <TextField {...text('firstName', NAME_MAX, true)} autoComplete="given-name" />
          <TextField {...text('lastName', NAME_MAX, true)} autoComplete="family-name" />
        </div>
        <div className="form__row">
          <TextField {...text('mail', MAIL_MAX, true)} type="email" autoComplete="email" />
          <TextField {...text('phone', PHONE_MAX)} type="tel" autoComplete="tel" />
        </div>
        <TextField {...text('subject', SUBJECT_MAX)} />

        {draft.isBugReport && <BugReportFields kit={kit} />}

        <TextField {...text('message', MESSAGE_MAX, true)} multiline />
        <PrivacyConfirmation kit={kit} />
      </fieldset>
      <MissingFieldsHint id={`${id}-missing`} missing={missing} invalid={hasInvalid} />
      <ContactSubmit actor={actor} isBusy={isBusy} missing={missing} hasInvalid={hasInvalid} />
    </form>
  )
}

/** A failed send: what went wrong, and that the draft is kept. */
function ContactFailureNotice({ error }: { error: ContactError }) {
  const { i18n } = useLingui()
  const failure = notificationTexts['contact-failure']
  return (
    <div className="notice notice--warning" role="alert">
      <div>
        <p className="notice__title">{i18n._(failure.title)}</p>
        <p>
          {error === 'rate_limited' || error === 'validation_failed'
            ? i18n._(errorTexts[error])
            : failure.body && i18n._(failure.body)}{' '}
          <Trans>Ihre Eingaben sind noch da.</Trans>
        </p>
      </div>
    </div>
  )
}

/** The bug report's part: what happened, the connection check, the error message and the environment. */
function BugReportFields({ kit }: { kit: ContactFieldKit }) {
  const { i18n, t } = useLingui()
  const { actor, draft, issues, fieldId, text, touch, shown } = kit
  const errorMessageEnabled = isErrorMessageEnabled(draft)
  return (
    <fieldset className="form__section">
      <legend>
        <Trans>Was ist passiert?</Trans>
      </legend>
      <TextField {...text('userIntention', BUG_REPORT_TEXT_MAX, true)} multiline />
      <TextField {...text('userExpectation', BUG_REPORT_TEXT_MAX, true)} multiline />
      <TextField {...text('systemResponse', BUG_REPORT_TEXT_MAX, true)} multiline />
      <RadioGroup<YesNo>
        id={fieldId('userCheckedInternetConnection')}
        label={i18n._(contactFieldLabels.userCheckedInternetConnection)}
        required
        value={draft.userCheckedInternetConnection}
        options={[
          { value: 'yes', label: t`Ja` },
          { value: 'no', label: t`Nein` },
        ]}
        issue={shown('userCheckedInternetConnection', issues.userCheckedInternetConnection, false)}
        onChange={(checked) => actor.send({ type: 'form.setConnectionChecked', checked })}
        onBlur={() => touch('userCheckedInternetConnection')}
      />
      <CheckboxField
        id={fieldId('errorMessageOccurred')}
        label={i18n._(contactFieldLabels.errorMessageOccurred)}
        checked={draft.errorMessageOccurred}
        onChange={(occurred) => actor.send({ type: 'form.setErrorMessageOccurred', occurred })}
      />
      <TextField
        {...text('errorMessage', BUG_REPORT_TEXT_MAX, errorMessageEnabled)}
        multiline
        disabled={!errorMessageEnabled}
        issue={
          errorMessageEnabled
            ? shown('errorMessage', issues.errorMessage, draft.errorMessage.trim() !== '')
            : null
        }
        hint={
          errorMessageEnabled ? undefined : (
            <Trans>Nur auszufüllen, wenn eine Fehlermeldung angezeigt wurde.</Trans>
          )
        }
      />
      <EnvironmentFields kit={kit} />
    </fieldset>
  )
}

/** Browser and operating system used, and the other browsers the error occurred in. */
function EnvironmentFields({ kit }: { kit: ContactFieldKit }) {
  const { i18n } = useLingui()
  const { actor, draft, fieldId } = kit
  const browserLabel = (browser: Browser) => (browser === 'other' ? i18n._(otherBrowserLabel) : browser)
  const osLabel = (os: OperatingSystem) => (os === 'other' ? i18n._(otherOperatingSystemLabel) : os)
  return (
    <>
      <div className="form__row">
        <SelectField<Browser>
          id={fieldId('browserUsed')}
          label={i18n._(contactFieldLabels.browserUsed)}
          value={draft.browserUsed}
          options={BROWSERS.map((value) => ({ value, label: browserLabel(value) }))}
          onChange={(browser) => {
            if (browser !== '') actor.send({ type: 'form.setBrowser', browser })
          }}
        />
        <SelectField<OperatingSystem>
          id={fieldId('osUsed')}
          label={i18n._(contactFieldLabels.osUsed)}
          value={draft.osUsed}
          options={OPERATING_SYSTEMS.map((value) => ({ value, label: osLabel(value) }))}
          onChange={(os) => {
            if (os !== '') actor.send({ type: 'form.setOs', os })
          }}
        />
      </div>
      <fieldset className="field field--choices">
        <legend>{i18n._(contactFieldLabels.differentBrowsers)}</legend>
        <div className="field__options">
          {BROWSERS.map((browser) => (
            <label key={browser} className="field__option">
              <input
                type="checkbox"
                name={fieldId('differentBrowsers')}
                value={browser}
                checked={draft.differentBrowsers.includes(browser)}
                onChange={() => actor.send({ type: 'form.toggleDifferentBrowser', browser })}
              />{' '}
              {browserLabel(browser)}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  )
}

/** The consent to the privacy policy, required to send. */
function PrivacyConfirmation({ kit }: { kit: ContactFieldKit }) {
  const locale = useLocale()
  const { actor, draft, issues, fieldId, touch, shown } = kit
  return (
    <CheckboxField
      id={fieldId('confirmation')}
      required
      checked={draft.confirmation}
      issue={shown('confirmation', issues.confirmation, false)}
      onChange={(confirmed) => {
        touch('confirmation')
        actor.send({ type: 'form.setConfirmation', confirmed })
      }}
      label={
        <Trans>
          Ich habe die{' '}
          <Link to="/{-$locale}/datenschutz" params={{ locale: localeParam(locale) }}>
            Datenschutzerklärung
          </Link>{' '}
          gelesen und bin einverstanden, dass meine Angaben zur Bearbeitung meiner Anfrage verarbeitet werden.
        </Trans>
      }
    />
  )
}

/** Send, disabled with the missing fields as its title until the draft is valid. */
function ContactSubmit(props: {
  actor: ContactFormActor
  isBusy: boolean
  missing: string[]
  hasInvalid: boolean
}) {
  const canSubmit = useSelector(props.actor, (snapshot) => snapshot.can({ type: 'form.submit' }))
  const missingTitle = useMissingFieldsTitle()
  return (
    <div className="form__actions">
      <button
        type="submit"
        className="button button--primary"
        disabled={!canSubmit}
        title={canSubmit ? undefined : missingTitle(props.missing, props.hasInvalid)}
      >
        {props.isBusy ? <Trans>Wird gesendet …</Trans> : <Trans>Absenden</Trans>}
      </button>
    </div>
  )
}
