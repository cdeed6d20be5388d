import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ComponentProps, type FormEvent, useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type newsletterFormMachine } from '#machines/newsletter-form/newsletter-form.machine.ts'
import { SALUTATIONS } from '#shared/contracts/newsletter.contract.ts'
import { ADDRESS_FIELD_MAX, MAIL_MAX, POSTAL_CODE_MAX } from '#shared/domain/forms/form-fields.ts'
import {
  missingNewsletterFields,
  type NewsletterField,
  newsletterIssues,
  type NewsletterTextField,
} from '#shared/domain/forms/newsletter-form.ts'
import { type Locale, NAME_MAX } from '#shared/domain/limits.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import {
  CheckboxField,
  MissingFieldsHint,
  SelectField,
  TextField,
  useMissingFieldsTitle,
  useTouchedFields,
} from '#client/common/forms/fields.tsx'
import { newsletterFieldLabels, salutationLabels } from '#client/common/forms/form-texts.ts'
import '#client/common/forms/forms.css'

export type NewsletterFormActor = ActorRefFrom<typeof newsletterFormMachine>

/** Opens the native dialog as a modal once it is in the DOM and moves focus to its title. */
function showModal(dialog: HTMLDialogElement | null) {
  if (!dialog || dialog.open) return
  dialog.showModal()
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
}

/**
 * The newsletter modal (spec part 1 §2 "Newsletter modal", §5, §8): opened from the footer's e-mail field with the
 * address filled in; send stays disabled, its title naming the missing required fields, until the draft is valid.
 * Success and failure are notifications; the machine closes the modal either way.
 */
export function NewsletterModal({ actor }: { actor: NewsletterFormActor }) {
  const isOpen = useSelector(actor, (snapshot) => snapshot.hasTag('dialog-open'))
  // Mounted per opening: which fields were touched starts afresh each time.
  return isOpen ? <NewsletterDialog actor={actor} /> : null
}

/** The props one text field of the newsletter form gets from its field name and limits. */
type NewsletterTextProps = (
  field: NewsletterTextField,
  extra: { maxLength: number; required?: boolean },
) => ComponentProps<typeof TextField>

/** The dialog's title (focused on opening) and its introduction. */
function NewsletterIntro({ id }: { id: string }) {
  return (
    <>
      <h2 id={`${id}-title`} className="form-dialog__title" tabIndex={-1} data-autofocus>
        <Trans>Newsletter abonnieren</Trans>
      </h2>
      <p id={`${id}-intro`}>
        <Trans>
          Neuigkeiten zu Werkstoffen, Verfahren und Angeboten, etwa einmal im Monat. Pflichtfelder sind mit *
          markiert.
        </Trans>
      </p>
    </>
  )
}

/** Name, firm, address and e-mail: the form's text fields, each with its autocomplete hint. */
function NewsletterTextFields({ text }: { text: NewsletterTextProps }) {
  return (
    <>
      <div className="form__row">
        <TextField {...text('firstName', { maxLength: NAME_MAX })} autoComplete="given-name" />
        <TextField
          {...text('lastName', { maxLength: NAME_MAX, required: true })}
          autoComplete="family-name"
        />
      </div>
      <TextField {...text('firm', { maxLength: ADDRESS_FIELD_MAX })} autoComplete="organization" />
      <TextField {...text('street', { maxLength: ADDRESS_FIELD_MAX })} autoComplete="street-address" />
      <div className="form__row">
        <TextField
          {...text('plz', { maxLength: POSTAL_CODE_MAX })}
          autoComplete="postal-code"
          inputMode="numeric"
        />
        <TextField {...text('location', { maxLength: ADDRESS_FIELD_MAX })} autoComplete="address-level2" />
      </div>
      <TextField
        {...text('mail', { maxLength: MAIL_MAX, required: true })}
        type="email"
        autoComplete="email"
      />
    </>
  )
}

/** The consent checkbox's label, linking the privacy policy in a new tab. */
function PrivacyConsentLabel({ locale }: { locale: Locale }) {
  return (
    <Trans>
      Ich habe die{' '}
      <Link to="/{-$locale}/datenschutz" params={{ locale: localeParam(locale) }} target="_blank">
        Datenschutzerklärung
      </Link>{' '}
      gelesen und bin mit der Verarbeitung meiner Angaben für den Newsletter einverstanden.
    </Trans>
  )
}

/** Cancel and send; send is disabled until the draft is valid, its title naming what is missing. */
function NewsletterActions({
  isBusy,
  canSubmit,
  title,
  onCancel,
}: {
  isBusy: boolean
  canSubmit: boolean
  title: string | undefined
  onCancel: () => void
}) {
  return (
    <div className="form__actions">
      <button type="button" className="button" disabled={isBusy} onClick={onCancel}>
        <Trans>Abbrechen</Trans>
      </button>
      <button type="submit" className="button button--primary" disabled={!canSubmit} title={title}>
        {isBusy ? <Trans>Wird gesendet …</Trans> : <Trans>Absenden</Trans>}
      </button>
    </div>
  )
}

function NewsletterDialog({ actor }: { actor: NewsletterFormActor }) {
  const { i18n, t } = useLingui()
  const locale = useLocale()
  const id = useId()
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.submit' }))
  const { touch, shown } = useTouchedFields<NewsletterField>()
  const missingTitle = useMissingFieldsTitle()

  const issues = newsletterIssues(draft)
  const missing = missingNewsletterFields(draft).map((field) => i18n._(newsletterFieldLabels[field]))
  const hasInvalid = Object.keys(issues).length > missing.length
  const fieldId = (field: NewsletterField) => `${id}-${field}`
  const text = (field: NewsletterTextField, extra: { maxLength: number; required?: boolean }) => ({
    id: fieldId(field),
    label: i18n._(newsletterFieldLabels[field]),
    value: draft[field],
    issue: shown(field, issues[field], draft[field].trim() !== ''),
    onChange: (value: string) => actor.send({ type: 'form.change', field, value }),
    onBlur: () => touch(field),
    ...extra,
  })
  const close = () => actor.send({ type: 'form.close' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <dialog
      ref={showModal}
      className="form-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        event.preventDefault()
        if (!isBusy) close()
      }}
    >
      <form className="form" noValidate aria-busy={isBusy} onSubmit={submit}>
        <NewsletterIntro id={id} />
        <fieldset className="form__fields" disabled={isBusy}>
          <legend className="visually-hidden">{t`Ihre Angaben`}</legend>
          <SelectField
            id={fieldId('salutation')}
            label={i18n._(newsletterFieldLabels.salutation)}
            required
            value={draft.salutation as (typeof SALUTATIONS)[number] | ''}
            placeholder={t`Bitte wählen`}
            options={SALUTATIONS.map((value) => ({ value, label: i18n._(salutationLabels[value]) }))}
            issue={shown('salutation', issues.salutation, draft.salutation !== '')}
            onChange={(value) => actor.send({ type: 'form.change', field: 'salutation', value })}
            onBlur={() => touch('salutation')}
          />
          <NewsletterTextFields text={text} />
          <CheckboxField
            id={fieldId('confirmation')}
            required
            checked={draft.confirmation}
            issue={shown('confirmation', issues.confirmation, false)}
            onChange={(confirmed) => {
              touch('confirmation')
              actor.send({ type: 'form.setConfirmation', confirmed })
            }}
            label={<PrivacyConsentLabel locale={locale} />}
          />
        </fieldset>
        <MissingFieldsHint id={`${id}-missing`} missing={missing} invalid={hasInvalid} />
        <NewsletterActions
          isBusy={isBusy}
          canSubmit={canSubmit}
          title={canSubmit ? undefined : missingTitle(missing, hasInvalid)}
          onCancel={close}
        />
      </form>
    </dialog>
  )
}
