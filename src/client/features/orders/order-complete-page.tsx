import { Trans } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type ActorRefFrom } from 'xstate'
import { type Input, type orderCompleteMachine } from '#machines/order-complete/order-complete.machine.ts'
import { type Order } from '#shared/contracts/checkout.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import {
  GenericWarning,
  HomeLink,
  NotFoundRedirect,
  OrderDetailsLink,
  OrderLoadFailed,
  OrderLoading,
  PdfLink,
} from './order-page-parts.tsx'
import { OrderSummary } from './order-summary.tsx'

export type OrderCompleteActor = ActorRefFrom<typeof orderCompleteMachine>
/** Which page the actor runs on: the thank-you page, the quote's, or the failed order's. */
export type OrderCompletePage = 'complete' | 'quote' | 'failed'

/** A PayPal payment still pending after the return is read again every 2 s, five times (then left pending). */
const PAYMENT_POLL_MS = 2_000
const PAYMENT_MAX_POLLS = 5

type Mode = 'loading' | 'loaded' | 'loadFailed' | 'notFound' | 'failed' | 'noOrder'

const modeOf = (snapshot: ReturnType<OrderCompleteActor['getSnapshot']>): Mode =>
  snapshot.hasTag('loading')
    ? 'loading'
    : snapshot.hasTag('loaded')
      ? 'loaded'
      : snapshot.hasTag('load-failed')
        ? 'loadFailed'
        : snapshot.hasTag('not-found')
          ? 'notFound'
          : snapshot.hasTag('order-failed')
            ? 'failed'
            : 'noOrder'

/** Where the PayPal payment stands after the return: never "paid" unless the server says PAYMENT_RECEIVED. */
function PaymentState({ actor, order }: { actor: OrderCompleteActor; order: Order }) {
  const confirming = useSelector(actor, (snapshot) => snapshot.hasTag('payment-confirming'))
  const unconfirmed = useSelector(actor, (snapshot) => snapshot.hasTag('payment-unconfirmed'))
  const access = useSelector(actor, (snapshot) => snapshot.context.access)
  if (confirming)
    return (
      <p className="notice notice--info" role="status">
        <Trans>Ihre Zahlung wird bestätigt … Das dauert meist nur wenige Sekunden.</Trans>
      </p>
    )
  if (unconfirmed)
    return (
      <div className="notice notice--info" role="status">
        <p>
          <Trans>
            Ihre Zahlung ist noch nicht bestätigt. Sobald PayPal sie bestätigt, senden wir Ihnen eine E-Mail.
            Den Stand sehen Sie jederzeit in Ihren Bestelldetails.
          </Trans>
        </p>
        <OrderDetailsLink orderId={order._id} access={access}>
          <Trans>Zu den Bestelldetails</Trans>
        </OrderDetailsLink>
      </div>
    )
  if (order.paymentMethod === 'paypal' && order.paymentStatus === 'PAYMENT_FAILED')
    return (
      <GenericWarning>
        <p>
          <Trans>
            Ihre Zahlung ist nicht abgeschlossen. In den Bestelldetails können Sie erneut bezahlen.
          </Trans>
        </p>
      </GenericWarning>
    )
  if (order.paymentMethod === 'paypal' && order.paymentStatus === 'PAYMENT_RECEIVED')
    return (
      <p className="notice notice--success">
        <Trans>Ihre Zahlung ist eingegangen.</Trans>
      </p>
    )
  return null
}

function ThankYou({
  actor,
  order,
  page,
}: {
  actor: OrderCompleteActor
  order: Order
  page: OrderCompletePage
}) {
  const access = useSelector(actor, (snapshot) => snapshot.context.access)
  const isQuote = page === 'quote' || order.isQuote
  return (
    <>
      <h1 id="order-page-title">
        {isQuote ? (
          <Trans>Vielen Dank für Ihre Angebotsanfrage</Trans>
        ) : (
          <Trans>Vielen Dank für Ihre Bestellung</Trans>
        )}
      </h1>
      <p>
        {isQuote ? (
          <Trans>
            Ihr Angebot {order.orderNumber} ist erstellt. Sie erhalten es in Kürze als PDF per E-Mail an{' '}
            {order.email}.
          </Trans>
        ) : (
          <Trans>Sie erhalten in Kürze eine Bestätigung per E-Mail an {order.email}.</Trans>
        )}
      </p>
      {isQuote && (
        <p>
          <Trans>
            Das Angebot ist unverbindlich. Um es zu bestellen, öffnen Sie es in den Bestelldetails (auch in
            Ihrem Konto unter Bestellverlauf) und wählen „Jetzt bestellen“: Sie wählen dann die Zahlungsart
            und bestellen verbindlich.
          </Trans>
        </p>
      )}
      <PaymentState actor={actor} order={order} />
      <OrderSummary order={order} />
      <div className="order-page__actions">
        <PdfLink orderId={order._id} access={access} isQuote={isQuote} />
        <OrderDetailsLink orderId={order._id} access={access}>
          {isQuote ? <Trans>Angebot ansehen und bestellen</Trans> : <Trans>Zu den Bestelldetails</Trans>}
        </OrderDetailsLink>
        <HomeLink />
      </div>
    </>
  )
}

/** `/order-failed` (part 2 §4, §8): the generic warning, the way back to the cart and, when known, to the order. */
function OrderFailed({ actor }: { actor: OrderCompleteActor }) {
  const locale = useLocale()
  const { orderId, access } = useSelector(actor, (snapshot) => snapshot.context)
  return (
    <>
      <h1 id="order-page-title">
        <Trans>Bestellung abgebrochen</Trans>
      </h1>
      <GenericWarning />
      {orderId !== null && (
        <p>
          <Trans>
            Ihre Bestellung ist gespeichert, aber noch nicht bezahlt. In den Bestelldetails können Sie die
            Zahlung erneut starten.
          </Trans>
        </p>
      )}
      <div className="order-page__actions">
        {orderId !== null && (
          <OrderDetailsLink orderId={orderId} access={access}>
            <Trans>Zu den Bestelldetails</Trans>
          </OrderDetailsLink>
        )}
        <Link to="/{-$locale}/cart" params={{ locale: localeParam(locale) }} className="button">
          <Trans>Zurück zum Warenkorb</Trans>
        </Link>
      </div>
    </>
  )
}

/** The thank-you page without an order to show (no id in the URL). */
function ThankYouWithoutOrder({ page }: { page: OrderCompletePage }) {
  return (
    <>
      <h1 id="order-page-title">
        {page === 'quote' ? (
          <Trans>Vielen Dank für Ihre Angebotsanfrage</Trans>
        ) : (
          <Trans>Vielen Dank für Ihre Bestellung</Trans>
        )}
      </h1>
      <p>
        <Trans>Sie erhalten in Kürze eine Bestätigung per E-Mail.</Trans>
      </p>
      <div className="order-page__actions">
        <HomeLink />
      </div>
    </>
  )
}

/**
 * `/order-complete`, `/quote-generated` and `/order-failed` (spec part 2 §2 "Order complete", §4 "Create order",
 * §8) in the order-complete machine's state (stories start the actor in a path-model state).
 */
export function OrderCompleteView({ actor, page }: { actor: OrderCompleteActor; page: OrderCompletePage }) {
  const mode = useSelector(actor, modeOf)
  const order = useSelector(actor, (snapshot) => snapshot.context.order)
  if (mode === 'notFound') return <NotFoundRedirect />
  return (
    <section className="order-page" aria-labelledby="order-page-title" aria-busy={mode === 'loading'}>
      {mode === 'loading' && (
        <>
          <h1 id="order-page-title">
            {page === 'failed' ? (
              <Trans>Bestellung abgebrochen</Trans>
            ) : page === 'quote' ? (
              <Trans>Vielen Dank für Ihre Angebotsanfrage</Trans>
            ) : (
              <Trans>Vielen Dank für Ihre Bestellung</Trans>
            )}
          </h1>
          <OrderLoading />
        </>
      )}
      {mode === 'loaded' && order && <ThankYou actor={actor} order={order} page={page} />}
      {mode === 'loadFailed' && (
        <>
          <h1 id="order-page-title">
            <Trans>Ihre Bestellung</Trans>
          </h1>
          <OrderLoadFailed onRetry={() => actor.send({ type: 'order.retry' })} />
        </>
      )}
      {mode === 'failed' && <OrderFailed actor={actor} />}
      {mode === 'noOrder' && <ThankYouWithoutOrder page={page} />}
    </section>
  )
}

function OrderCompleteFor({ input, page }: { input: Input; page: OrderCompletePage }) {
  const { orders } = useAppActors()
  const actor = useActorRef(orders.orderComplete, { input })
  return <OrderCompleteView actor={actor} page={page} />
}

const inputOf = (
  mode: Input['mode'],
  orderId: string | undefined,
  search: { access?: string; token?: string; PayerID?: string },
): Input => ({
  mode,
  orderId: orderId ?? null,
  access: search.access ?? null,
  providerToken: search.token ?? null,
  payerId: search.PayerID ?? null,
  pollIntervalMs: PAYMENT_POLL_MS,
  maxPolls: PAYMENT_MAX_POLLS,
})

const orderCompleteRoute = getRouteApi('/{-$locale}/order-complete/{-$orderId}')
const quoteGeneratedRoute = getRouteApi('/{-$locale}/quote-generated')
const orderFailedRoute = getRouteApi('/{-$locale}/order-failed')

/** `/order-complete/{orderId}?access=…` (+ `token`, `PayerID` after a PayPal approval). */
export function OrderCompleteRoutePage() {
  const { orderId } = orderCompleteRoute.useParams()
  const search = orderCompleteRoute.useSearch()
  const input = inputOf('complete', orderId, search)
  return <OrderCompleteFor key={JSON.stringify(input)} input={input} page="complete" />
}

/** `/quote-generated?orderId=…&access=…`. */
export function QuoteGeneratedRoutePage() {
  const search = quoteGeneratedRoute.useSearch()
  const input = inputOf('complete', search.orderId, { ...(search.access ? { access: search.access } : {}) })
  return <OrderCompleteFor key={JSON.stringify(input)} input={input} page="quote" />
}

/** `/order-failed?orderId=…&access=…&token=…` (the provider's cancel URL). */
export function OrderFailedRoutePage() {
  const search = orderFailedRoute.useSearch()
  const input = inputOf('failed', search.orderId, search)
  return <OrderCompleteFor key={JSON.stringify(input)} input={input} page="failed" />
}
