import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type voucherMachine } from '#machines/voucher/voucher.machine.ts'
import { VOUCHER_CODE } from '#shared/domain/limits.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { TextField } from '#client/common/forms/fields.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { VoucherModal } from './voucher-modal.tsx'
import { DiscountSummary } from './voucher-texts.tsx'
import '#client/common/forms/forms.css'
import './voucher.css'

export type VoucherActor = ActorRefFrom<typeof voucherMachine>

export type VoucherFormProps = {
  actor: VoucherActor
  /** The cart's net item total in cents: the voucher's minimum value is compared with it. */
  itemNetCents: number
  /** Where the login link returns to after a login-only voucher (the review page by default). */
  returnTo?: string
}

/**
 * The review page's voucher (spec part 2 §2 "Voucher form and modal", §4 "Discount", §5, §8): the code field with its
 * validate button, the failure messages, the modal with the validated voucher, and the applied voucher with remove.
 * A thin view over the `voucher` machine: it shows tags and context and sends events.
 */
export function VoucherForm({ actor, itemNetCents, returnTo = '/review-order' }: VoucherFormProps) {
  const isRestoring = useSelector(actor, (snapshot) => snapshot.hasTag('loading'))
  const isApplied = useSelector(actor, (snapshot) => snapshot.hasTag('applied'))
  const isModalOpen = useSelector(actor, (snapshot) => snapshot.hasTag('dialog-open'))
  useEffect(() => {
    actor.send({ type: 'voucher.itemTotalChanged', netCents: itemNetCents })
  }, [actor, itemNetCents])
  if (isRestoring) return null
  return (
    <section className="voucher" aria-labelledby="voucher-title">
      <h3 id="voucher-title" className="voucher__title">
        <Trans>Gutschein</Trans>
      </h3>
      {isApplied ? <AppliedVoucher actor={actor} /> : <CodeForm actor={actor} returnTo={returnTo} />}
      {isModalOpen && <VoucherModal actor={actor} />}
    </section>
  )
}

function CodeForm({ actor, returnTo }: { actor: VoucherActor; returnTo: string }) {
  const { t } = useLingui()
  const id = useId()
  const code = useSelector(actor, (snapshot) => snapshot.context.code)
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canValidate = useSelector(actor, (snapshot) => snapshot.can({ type: 'voucher.validate' }))
  const error = useSelector(actor, (snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'voucher.validate' })
  }
  return (
    <form className="voucher__form" noValidate aria-busy={isBusy} onSubmit={submit}>
      <TextField
        id={`${id}-code`}
        label={t`Gutscheincode`}
        value={code}
        maxLength={VOUCHER_CODE.max}
        autoComplete="off"
        disabled={isBusy}
        onChange={(value) => actor.send({ type: 'voucher.changeCode', code: value })}
      />
      <button type="submit" className="button" disabled={!canValidate || isBusy}>
        {isBusy ? <Trans>Wird geprüft …</Trans> : <Trans>Gutschein prüfen</Trans>}
      </button>
      {error !== null && <VoucherError actor={actor} error={error} returnTo={returnTo} />}
    </form>
  )
}

/** §8: login required (with the login link), used up, or not valid / not checked (with try again). */
function VoucherError(props: { actor: VoucherActor; error: ErrorCode; returnTo: string }) {
  const locale = useLocale()
  if (props.error === 'voucher_login_required')
    return (
      <div className="voucher__error" role="alert">
        <p className="voucher__error-title">
          <Trans>Anmeldung erforderlich</Trans>
        </p>
        <p>
          <Trans>
            Dieser Gutschein kann nur mit einem Kundenkonto eingelöst werden. Bitte melden Sie sich an.
          </Trans>
        </p>
        <Link
          to="/{-$locale}/login"
          params={{ locale: localeParam(locale) }}
          search={{ returnTo: props.returnTo }}
        >
          <Trans>Zur Anmeldung</Trans>
        </Link>
      </div>
    )
  if (props.error === 'voucher_max_usage')
    return (
      <div className="voucher__error" role="alert">
        <p className="voucher__error-title">
          <Trans>Gutschein nicht mehr verfügbar</Trans>
        </p>
        <p>
          <Trans>Dieser Gutschein wurde bereits so oft eingelöst wie möglich.</Trans>
        </p>
      </div>
    )
  return (
    <div className="voucher__error" role="alert">
      <p className="voucher__error-title">
        <Trans>Gutschein nicht gültig</Trans>
      </p>
      <p>
        <Trans>Der Gutschein ist nicht gültig oder konnte nicht überprüft werden.</Trans>
      </p>
      <button
        type="button"
        className="link-button"
        onClick={() => props.actor.send({ type: 'voucher.retry' })}
      >
        <Trans>Erneut versuchen</Trans>
      </button>
    </div>
  )
}

function AppliedVoucher({ actor }: { actor: VoucherActor }) {
  const locale = useLocale()
  const applied = useSelector(actor, (snapshot) => snapshot.context.applied)
  if (applied === null) return null
  return (
    <div className="voucher__applied">
      <p>
        <Trans>Eingelöst:</Trans> <DiscountSummary discount={applied} locale={locale} />
      </p>
      <button type="button" className="link-button" onClick={() => actor.send({ type: 'voucher.remove' })}>
        <Trans>Gutschein entfernen</Trans>
      </button>
    </div>
  )
}
