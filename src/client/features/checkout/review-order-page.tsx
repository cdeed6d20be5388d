import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useId } from 'react'
import { selectedPaymentMethod, shippingMethodsOf } from '#machines/checkout/checkout-form.ts'
import { type Amount } from '#shared/contracts/checkout.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { CheckboxField } from '#client/common/forms/fields.tsx'
import { Money, TaxNote, useIsBusinessCustomer } from '#client/common/price-texts.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { paymentMethodLabels } from './checkout-texts.ts'
import { type CheckoutActor } from './payment-details-page.tsx'
import '#client/common/forms/forms.css'
import './checkout.css'
import { CheckoutLoadState } from './checkout-load-state.tsx'

function Row({ label, amount, isBusiness }: { label: ReactNode; amount: Amount; isBusiness: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Money net={amount.netCents} gross={amount.totalCents} isBusiness={isBusiness} />
      </dd>
    </>
  )
}

/** Cart sum, discount, surcharge, shipping and order sum from the server's preview (part 2 §2 "Review order"). */
function Totals({ actor, isBusiness }: { actor: CheckoutActor; isBusiness: boolean }) {
  const amounts = useSelector(actor, (snapshot) => snapshot.context.preview?.amounts ?? null)
  if (amounts === null) return null
  return (
    <dl className="checkout__totals">
      <Row label={<Trans>Warenkorbsumme</Trans>} amount={amounts.beforeDiscount} isBusiness={isBusiness} />
      {amounts.discount?.applied && (
        <Row
          label={<Trans>Gutschein {amounts.discount.code}</Trans>}
          amount={{
            netCents: amounts.discount.discountCents,
            taxCents: 0,
            totalCents: amounts.beforeDiscount.totalCents - amounts.items.totalCents,
          }}
          isBusiness={isBusiness}
        />
      )}
      {amounts.belowMinimum && (
        <Row
          label={<Trans>Mindermengenzuschlag</Trans>}
          amount={amounts.smallOrderSurcharge}
          isBusiness={isBusiness}
        />
      )}
      <Row label={<Trans>Versand</Trans>} amount={amounts.shipping} isBusiness={isBusiness} />
      <Row label={<Trans>Bestellsumme</Trans>} amount={amounts.total} isBusiness={isBusiness} />
      <dd className="checkout__tax">
        <TaxNote taxRate={amounts.taxRatePercent} isBusiness={isBusiness} />
      </dd>
    </dl>
  )
}

/** The destination country's shipping methods (a new order only). */
function ShippingChoice({ actor, disabled }: { actor: CheckoutActor; disabled: boolean }) {
  const id = useId()
  const methods = useSelector(actor, (snapshot) => shippingMethodsOf(snapshot.context))
  const chosen = useSelector(actor, (snapshot) => snapshot.context.preview?.shippingMethod.id ?? null)
  return (
    <fieldset className="form__section" disabled={disabled}>
      <legend>
        <Trans>Versandart</Trans>
      </legend>
      {methods.map((method) => (
        <div key={method.shippingMethodId} className="field field--radio">
          <input
            id={`${id}-${method.shippingMethodId}`}
            type="radio"
            name={`${id}-shipping`}
            checked={chosen === method.shippingMethodId}
            onChange={() =>
              actor.send({ type: 'checkout.chooseShipping', shippingMethodId: method.shippingMethodId })
            }
          />{' '}
          <label htmlFor={`${id}-${method.shippingMethodId}`}>
            {method.shippingMethod} <Trans>({method.shippingTimeDays} Werktage)</Trans>
          </label>
        </div>
      ))}
    </fieldset>
  )
}

function Summary({ actor }: { actor: CheckoutActor }) {
  const { i18n } = useLingui()
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft)
  const method = useSelector(actor, (snapshot) => selectedPaymentMethod(snapshot.context))
  const address = draft.shippingDiffers ? draft.shipping : draft.billing
  return (
    <dl className="checkout__summary">
      <dt>
        <Trans>Kunde</Trans>
      </dt>
      <dd>
        {draft.billing.firstname} {draft.billing.lastname}, {draft.email}
        {draft.phone !== '' && `, ${draft.phone}`}
      </dd>
      <dt>
        <Trans>Rechnungsadresse</Trans>
      </dt>
      <dd>
        {draft.billing.street}, {draft.billing.postalCode} {draft.billing.city}
      </dd>
      <dt>
        <Trans>Lieferadresse</Trans>
      </dt>
      <dd>
        {address.street}, {address.postalCode} {address.city}
      </dd>
      <dt>
        <Trans>Zahlungsart</Trans>
      </dt>
      <dd>{method && i18n._(paymentMethodLabels[method])}</dd>
    </dl>
  )
}

function PlaceButton({ actor }: { actor: CheckoutActor }) {
  const id = useId()
  const method = useSelector(actor, (snapshot) => selectedPaymentMethod(snapshot.context))
  const placing = useSelector(actor, (snapshot) => snapshot.hasTag('placing'))
  const canPlace = useSelector(actor, (snapshot) => snapshot.can({ type: 'checkout.place' }))
  const terms = useSelector(actor, (snapshot) => snapshot.context.termsAccepted)
  return (
    <div className="form__actions">
      {!terms && (
        <p id={`${id}-terms`} className="form__hint">
          <Trans>Bitte stimmen Sie den AGB zu.</Trans>
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={!canPlace || placing}
        aria-describedby={!terms ? `${id}-terms` : undefined}
        onClick={() => actor.send({ type: 'checkout.place' })}
      >
        {placing ? (
          <Trans>Bestellung wird gesendet …</Trans>
        ) : method === 'paypal' ? (
          <Trans>Weiter zu PayPal</Trans>
        ) : method === 'quote' ? (
          <Trans>Angebot anfordern</Trans>
        ) : (
          <Trans>Jetzt kaufen</Trans>
        )}
      </button>
    </div>
  )
}

function Notices({ actor }: { actor: CheckoutActor }) {
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const belowMinimum = useSelector(
    actor,
    (snapshot) => snapshot.context.preview?.amounts.belowMinimum ?? false,
  )
  return (
    <>
      {notice === 'cart_changed' && (
        <p className="checkout__notice" role="alert">
          <Trans>
            Die Preise Ihres Warenkorbs haben sich geändert. Bitte prüfen Sie die neue Bestellsumme.
          </Trans>
        </p>
      )}
      {notice === 'place_retry' && (
        <p className="checkout__notice" role="alert">
          <Trans>Die Bestellung konnte nicht gesendet werden. Bitte versuchen Sie es erneut.</Trans>
        </p>
      )}
      {belowMinimum && (
        <p className="checkout__notice">
          <Trans>Der Mindestbestellwert von 30€ wurde noch nicht erreicht.</Trans>
        </p>
      )}
    </>
  )
}

function ReviewBody({ actor, voucherSlot }: { actor: CheckoutActor; voucherSlot: ReactNode }) {
  const id = useId()
  const isBusiness = useIsBusinessCustomer()
  const existing = useSelector(actor, (snapshot) => snapshot.context.orderId !== null)
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const terms = useSelector(actor, (snapshot) => snapshot.context.termsAccepted)
  const newsletter = useSelector(actor, (snapshot) => snapshot.context.draft.signUpToNewsletter)
  const params = { locale: localeParam(useLocale()) }
  return (
    <div className="checkout__review" aria-busy={busy}>
      <Notices actor={actor} />
      {!existing && voucherSlot}
      {!existing && <ShippingChoice actor={actor} disabled={busy} />}
      <Totals actor={actor} isBusiness={isBusiness} />
      <Summary actor={actor} />
      <p>
        <Link to="/{-$locale}/cart" params={params}>
          <Trans>Warenkorb bearbeiten</Trans>
        </Link>{' '}
        <button
          type="button"
          className="button button--link"
          onClick={() => actor.send({ type: 'checkout.editDetails' })}
        >
          <Trans>Zahlungsdaten bearbeiten</Trans>
        </button>
      </p>
      <CheckboxField
        id={`${id}-terms`}
        required
        label={<Trans>Ich stimme den AGB zu.</Trans>}
        checked={terms}
        disabled={existing}
        hint={<Trans>Bitte stimmen Sie den Allgemeinen Geschäftsbedingungen zu.</Trans>}
        onChange={(accepted) => actor.send({ type: 'checkout.setTerms', accepted })}
      />
      {!existing && (
        <CheckboxField
          id={`${id}-newsletter`}
          label={<Trans>Ich möchte den Newsletter erhalten.</Trans>}
          checked={newsletter}
          onChange={(signUp) => actor.send({ type: 'checkout.setNewsletter', signUp })}
        />
      )}
      <PlaceButton actor={actor} />
    </div>
  )
}

/** The review step in the checkout's state; `voucherSlot` is the voucher form (composed in the router). */
export function ReviewOrderView({
  actor,
  voucherSlot = null,
}: {
  actor: CheckoutActor
  voucherSlot?: ReactNode
}) {
  const mode = useSelector(actor, (snapshot) => {
    if (snapshot.hasTag('preview-failed')) return 'failed'
    if (snapshot.hasTag('preview-loading') && snapshot.context.preview === null) return 'loading'
    return snapshot.hasTag('review') ? 'review' : 'loading'
  })
  return (
    <section className="checkout-page" aria-labelledby="review-title">
      <h1 id="review-title">
        <Trans>Bestellung prüfen</Trans>
      </h1>
      <CheckoutLoadState mode={mode} actor={actor} />
      {mode === 'review' && <ReviewBody actor={actor} voucherSlot={voucherSlot} />}
    </section>
  )
}

/** `/review-order/{orderId?}` (spec part 2 §2 "Review order"). */
export function ReviewOrderPage({ voucherSlot = null }: { voucherSlot?: ReactNode }) {
  const { checkout } = useAppActors()
  return <ReviewOrderView actor={checkout} voucherSlot={voucherSlot} />
}
