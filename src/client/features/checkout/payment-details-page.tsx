import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useId, useRef } from 'react'
import { type ActorRefFrom } from 'xstate'
import {
  canSaveNewAddress,
  formHint,
  formIssues,
  isBusinessOf,
  paymentOptions,
  selectedPaymentMethod,
} from '#machines/checkout/checkout-form.ts'
import { type checkoutMachine } from '#machines/checkout/checkout.machine.ts'
import { PHONE_MAX } from '#shared/domain/limits.ts'
import { MAIL_MAX } from '#shared/domain/forms/form-fields.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { AddressFields } from '#client/common/forms/address-fields.tsx'
import { CheckboxField, TextField } from '#client/common/forms/fields.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formHintTexts, missingFieldsSummary, paymentMethodLabels, refusalLabels } from './checkout-texts.ts'
import '#client/common/forms/forms.css'
import './checkout.css'
import { CheckoutLoadState } from './checkout-load-state.tsx'

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>

/** E-mail, phone and reference number (part 2 §2 "Customer block"; the names are in the billing address). */
function CustomerBlock({ actor, readOnly }: { actor: CheckoutActor; readOnly: boolean }) {
  const { t } = useLingui()
  const id = useId()
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft)
  const showAll = useSelector(actor, (snapshot) => snapshot.context.showIssues)
  const issues = useSelector(actor, (snapshot) => formIssues(snapshot.context).customer)
  const field = (name: 'email' | 'phone' | 'referenceNumber') => ({
    id: `${id}-${name}`,
    value: draft[name],
    disabled: readOnly,
    issue: showAll || draft[name] !== '' ? (issues[name] ?? null) : null,
    onChange: (value: string) => actor.send({ type: 'checkout.changeCustomer', field: name, value }),
  })
  return (
    <fieldset className="form__section" disabled={readOnly}>
      <legend>
        <Trans>Kundendaten</Trans>
      </legend>
      <TextField
        {...field('email')}
        label={t`E-Mail-Adresse`}
        type="email"
        required
        maxLength={MAIL_MAX}
        autoComplete="email"
      />
      <TextField {...field('phone')} label={t`Telefon`} type="tel" maxLength={PHONE_MAX} autoComplete="tel" />
      <TextField {...field('referenceNumber')} label={t`Ihre Referenznummer`} maxLength={50} />
    </fieldset>
  )
}

function Addresses({ actor, readOnly }: { actor: CheckoutActor; readOnly: boolean }) {
  const id = useId()
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const issues = formIssues(context)
  const shared = {
    countries: context.setup?.countries ?? [],
    isBusinessCustomer: isBusinessOf(context.setup),
    disabled: readOnly,
    touched: context.showIssues,
  }
  return (
    <>
      <AddressFields
        {...shared}
        kind="billing"
        value={context.draft.billing}
        issues={issues.billing}
        onChange={(field, value) =>
          actor.send({ type: 'checkout.changeAddress', part: 'billing', field, value })
        }
      />
      <CheckboxField
        id={`${id}-shipping-differs`}
        label={<Trans>Lieferung an eine andere Adresse</Trans>}
        checked={context.draft.shippingDiffers}
        disabled={readOnly}
        onChange={(differs) => actor.send({ type: 'checkout.setShippingDiffers', differs })}
      />
      {context.draft.shippingDiffers && (
        <AddressFields
          {...shared}
          kind="shipping"
          value={context.draft.shipping}
          issues={issues.shipping}
          onChange={(field, value) =>
            actor.send({ type: 'checkout.changeAddress', part: 'shipping', field, value })
          }
        />
      )}
      {canSaveNewAddress(context) && (
        <CheckboxField
          id={`${id}-save-address`}
          label={<Trans>Neue Adresse in meinem Kundenkonto speichern</Trans>}
          checked={context.draft.saveNewAddress}
          onChange={(save) => actor.send({ type: 'checkout.setSaveNewAddress', save })}
        />
      )}
    </>
  )
}

/** Every method; a refused one disabled with its reason, PayPal without configuration not at all (part 2 §4). */
function PaymentMethods({ actor }: { actor: CheckoutActor }) {
  const { i18n } = useLingui()
  const id = useId()
  const options = useSelector(actor, (snapshot) => paymentOptions(snapshot.context))
  const selected = useSelector(actor, (snapshot) => selectedPaymentMethod(snapshot.context))
  return (
    <fieldset className="form__section checkout__methods">
      <legend>
        <Trans>Zahlungsart</Trans>
      </legend>
      {options.map(({ method, refusal }) => (
        <div key={method} className="field field--radio">
          <input
            id={`${id}-${method}`}
            type="radio"
            name={`${id}-method`}
            value={method}
            checked={selected === method}
            disabled={refusal !== null}
            aria-describedby={refusal ? `${id}-${method}-reason` : undefined}
            onChange={() => actor.send({ type: 'checkout.choosePaymentMethod', method })}
          />{' '}
          <label htmlFor={`${id}-${method}`}>{i18n._(paymentMethodLabels[method])}</label>
          {refusal && (
            <span id={`${id}-${method}-reason`} className="checkout__reason">
              {' '}
              ({i18n._(refusalLabels[refusal])})
            </span>
          )}
        </div>
      ))}
    </fieldset>
  )
}

/** A refused Next moves the focus to the first field that shows an issue. */
function useFocusFirstInvalid(actor: CheckoutActor) {
  const form = useRef<HTMLFormElement>(null)
  const showIssues = useSelector(actor, (snapshot) => snapshot.context.showIssues)
  useEffect(() => {
    if (showIssues) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [showIssues])
  return form
}

function PaymentDetailsForm({ actor }: { actor: CheckoutActor }) {
  const { i18n } = useLingui()
  const id = useId()
  const form = useFocusFirstInvalid(actor)
  const readOnly = useSelector(actor, (snapshot) => snapshot.hasTag('read-only'))
  const hint = useSelector(actor, (snapshot) => formHint(snapshot.context))
  const showIssues = useSelector(actor, (snapshot) => snapshot.context.showIssues)
  const params = { locale: localeParam(useLocale()) }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'checkout.next' })
  }
  return (
    <form ref={form} className="form checkout__form" noValidate onSubmit={submit}>
      {showIssues && hint !== null && (
        <p className="form__summary" role="alert">
          {i18n._(missingFieldsSummary)}
        </p>
      )}
      <CustomerBlock actor={actor} readOnly={readOnly} />
      <Addresses actor={actor} readOnly={readOnly} />
      <PaymentMethods actor={actor} />
      {hint !== null && (
        <p id={`${id}-hint`} className="form__hint">
          {i18n._(formHintTexts[hint])}
        </p>
      )}
      <div className="form__actions">
        <Link to="/{-$locale}/cart" params={params} className="button">
          <Trans>Zurück zum Warenkorb</Trans>
        </Link>
        {/* aria-disabled, not disabled: a press shows every missing field and focuses the first one. */}
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={hint !== null}
          aria-describedby={hint !== null ? `${id}-hint` : undefined}
        >
          <Trans>Weiter</Trans>
        </button>
      </div>
    </form>
  )
}

/** The payment-details step in the checkout's state (stories start the actor in a path-model state). */
export function PaymentDetailsView({ actor }: { actor: CheckoutActor }) {
  const mode = useSelector(actor, (snapshot) => {
    if (snapshot.hasTag('load-failed')) return 'failed'
    if (snapshot.hasTag('empty-cart')) return 'empty'
    return snapshot.hasTag('payment-details') ? 'form' : 'loading'
  })
  const params = { locale: localeParam(useLocale()) }
  return (
    <section className="checkout-page" aria-labelledby="payment-details-title">
      <h1 id="payment-details-title">
        <Trans>Kunden- und Zahlungsdaten</Trans>
      </h1>
      <CheckoutLoadState mode={mode} actor={actor} />
      {mode === 'empty' && (
        <p>
          <Trans>Ihr Warenkorb ist leer.</Trans>{' '}
          <Link to="/{-$locale}/cart" params={params}>
            <Trans>Zum Warenkorb</Trans>
          </Link>
        </p>
      )}
      {mode === 'form' && <PaymentDetailsForm actor={actor} />}
    </section>
  )
}

/** `/payment-details/{orderId?}` (spec part 2 §2): the route opens the checkout; this shows the app's actor. */
export function PaymentDetailsPage() {
  const { checkout } = useAppActors()
  return <PaymentDetailsView actor={checkout} />
}
