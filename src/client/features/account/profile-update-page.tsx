import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import {
  isBusinessProfile,
  type profileFormMachine,
  type ProfileIssues,
  profileIssues,
} from '#machines/profile-form/profile-form.machine.ts'
import { PHONE_MAX } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { AddressFields } from '#client/common/forms/address-fields.tsx'
import { CheckboxField, TextField } from '#client/common/forms/fields.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { GenericWarning } from './password-update-fields.tsx'
import { RequireLogin } from './require-login.tsx'
import '#client/common/forms/forms.css'
import { BackToAccountLink } from './back-to-account-link.tsx'
import './account.css'
import './profile-update-page.css'

export type ProfileFormActor = ActorRefFrom<typeof profileFormMachine>

const hasRequiredMissing = (issues: ProfileIssues): boolean =>
  [...Object.values(issues.billing), ...Object.values(issues.shipping), issues.phone].includes('required')

/** Username and e-mail as they are (the e-mail changes through its own page), and the phone. */
function CustomerData({ actor, disabled }: { actor: ProfileFormActor; disabled: boolean }) {
  const { t } = useLingui()
  const id = useId()
  const params = { locale: localeParam(useLocale()) }
  const details = useSelector(actor, (snapshot) => snapshot.context.details)
  const phone = useSelector(actor, (snapshot) => snapshot.context.draft.phone)
  const issue = useSelector(actor, (snapshot) => profileIssues(snapshot.context).phone ?? null)
  return (
    <fieldset className="form__section">
      <legend>
        <Trans>Kundendaten</Trans>
      </legend>
      <dl className="profile-update__account">
        <dt>
          <Trans>Benutzername</Trans>
        </dt>
        <dd>{details?.username}</dd>
        <dt>
          <Trans>E-Mail-Adresse</Trans>
        </dt>
        <dd>
          {details?.email}{' '}
          <Link to="/{-$locale}/mail-update" params={params}>
            <Trans>ändern</Trans>
          </Link>
        </dd>
      </dl>
      <TextField
        id={`${id}-phone`}
        label={t`Telefon`}
        type="tel"
        disabled={disabled}
        value={phone}
        maxLength={PHONE_MAX}
        autoComplete="tel"
        issue={issue}
        onChange={(value) => actor.send({ type: 'profile.changePhone', value })}
      />
    </fieldset>
  )
}

/** Billing, the switch for a separate shipping address, and that address. */
function Addresses({ actor, disabled }: { actor: ProfileFormActor; disabled: boolean }) {
  const id = useId()
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const issues = profileIssues(context)
  const shared = { countries: context.countries, isBusinessCustomer: isBusinessProfile(context), disabled }
  return (
    <>
      <AddressFields
        {...shared}
        kind="billing"
        value={context.draft.billing}
        issues={issues.billing}
        onChange={(field, value) =>
          actor.send({ type: 'profile.changeAddress', part: 'billing', field, value })
        }
      />
      <CheckboxField
        id={`${id}-shipping-differs`}
        label={<Trans>Lieferung an eine andere Adresse</Trans>}
        checked={context.draft.shippingDiffers}
        disabled={disabled}
        onChange={(differs) => actor.send({ type: 'profile.setShippingDiffers', differs })}
      />
      {context.draft.shippingDiffers && (
        <AddressFields
          {...shared}
          kind="shipping"
          value={context.draft.shipping}
          issues={issues.shipping}
          onChange={(field, value) =>
            actor.send({ type: 'profile.changeAddress', part: 'shipping', field, value })
          }
        />
      )}
    </>
  )
}

/** The account form (part 2 §5: save disabled until the required fields are filled, with the hint about the *). */
function ProfileForm({ actor }: { actor: ProfileFormActor }) {
  const id = useId()
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'profile.save' }))
  const missing = useSelector(actor, (snapshot) => hasRequiredMissing(profileIssues(snapshot.context)))
  const hintId = `${id}-hint`
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'profile.save' })
  }
  return (
    <form className="form account-form" noValidate aria-busy={isBusy} onSubmit={submit}>
      {error !== null && <GenericWarning />}
      <CustomerData actor={actor} disabled={isBusy} />
      <Addresses actor={actor} disabled={isBusy} />
      {!canSave && !isBusy && (
        <p id={hintId} className="form__hint">
          {missing ? (
            <Trans>Einige der mit * markierten Pflichtfelder sind nicht ausgefüllt.</Trans>
          ) : (
            <Trans>Bitte prüfen Sie die markierten Felder.</Trans>
          )}
        </p>
      )}
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!canSave}
          aria-describedby={!canSave && !isBusy ? hintId : undefined}
        >
          {isBusy ? <Trans>Wird gespeichert …</Trans> : <Trans>Speichern</Trans>}
        </button>
      </div>
    </form>
  )
}

/** The page's content in the machine's state (stories start the actor in a path-model state). */
export function ProfileUpdateView({ actor }: { actor: ProfileFormActor }) {
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('load-failed') ? 'loadFailed' : 'form',
  )
  return (
    <section className="account-page account-page--wide" aria-labelledby="profile-update-title">
      <h1 id="profile-update-title">
        <Trans>Kundendaten bearbeiten</Trans>
      </h1>
      {mode === 'loading' && (
        <p className="account-guard" role="status">
          <Trans>Ihre Daten werden geladen …</Trans>
        </p>
      )}
      {mode === 'loadFailed' && (
        <>
          <GenericWarning />
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'profile.reload' })}
            >
              <Trans>Erneut versuchen</Trans>
            </button>
          </div>
        </>
      )}
      {mode === 'form' && <ProfileForm actor={actor} />}
      <BackToAccountLink />
    </section>
  )
}

function ProfileUpdateForActor() {
  const { accountForms } = useAppActors()
  const actor = useActorRef(accountForms.profileForm)
  return <ProfileUpdateView actor={actor} />
}

/** `/profile-update` (spec part 2 §2, §3, §5; login required): customer data, billing and shipping address. */
export function ProfileUpdatePage() {
  return (
    <RequireLogin>
      <ProfileUpdateForActor />
    </RequireLogin>
  )
}
