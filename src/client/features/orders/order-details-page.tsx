import { Trans } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type orderDetailsMachine } from '#machines/order-details/order-details.machine.ts'
import { type Order } from '#shared/contracts/checkout.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import {
  HomeLink,
  NotFoundRedirect,
  OrderDialog,
  OrderLoadFailed,
  OrderLoading,
  PdfLink,
} from './order-page-parts.tsx'
import { OrderSummary } from './order-summary.tsx'
import { TrackOrderForm } from './track-order-form.tsx'

export type OrderDetailsActor = ActorRefFrom<typeof orderDetailsMachine>

type Mode = 'loading' | 'loaded' | 'loadFailed' | 'notFound'

const modeOf = (snapshot: ReturnType<OrderDetailsActor['getSnapshot']>): Mode =>
  snapshot.hasTag('loaded')
    ? 'loaded'
    : snapshot.hasTag('load-failed')
      ? 'loadFailed'
      : snapshot.hasTag('not-found')
        ? 'notFound'
        : 'loading'

/** 'Re Order', 'Pay now', 'Order now' as the server allows them (`order.actions`, spec part 2 §2). */
function OrderActions({ actor }: { actor: OrderDetailsActor }) {
  const can = useSelector(
    actor,
    (snapshot) => ({
      reorder: snapshot.can({ type: 'order.reorder' }),
      payNow: snapshot.can({ type: 'order.payNow' }),
      orderNow: snapshot.can({ type: 'order.orderNow' }),
    }),
    (a, b) => a.reorder === b.reorder && a.payNow === b.payNow && a.orderNow === b.orderNow,
  )
  const isLeaving = useSelector(actor, (snapshot) => snapshot.hasTag('leaving'))
  if (!can.reorder && !can.payNow && !can.orderNow && !isLeaving) return null
  return (
    <div className="order-page__actions">
      {can.payNow && (
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'order.payNow' })}
        >
          <Trans>Jetzt bezahlen</Trans>
        </button>
      )}
      {can.orderNow && (
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'order.orderNow' })}
        >
          <Trans>Jetzt bestellen</Trans>
        </button>
      )}
      {can.reorder && (
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'order.reorder' })}
        >
          <Trans>Erneut bestellen</Trans>
        </button>
      )}
    </div>
  )
}

/** The re-order confirm modal (part 2 §2): a new order with the same lines, priced today. */
function ReorderDialog({ actor }: { actor: OrderDetailsActor }) {
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const cancel = () => {
    if (!isBusy) actor.send({ type: 'order.cancelReorder' })
  }
  return (
    <OrderDialog
      title={<Trans>Bestellung erneut aufgeben?</Trans>}
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" disabled={isBusy} onClick={cancel}>
            <Trans>Abbrechen</Trans>
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={isBusy}
            onClick={() => actor.send({ type: 'order.confirmReorder' })}
          >
            {isBusy ? <Trans>Wird bestellt …</Trans> : <Trans>Zahlungspflichtig erneut bestellen</Trans>}
          </button>
        </>
      }
    >
      <p>
        <Trans>
          Wir legen eine neue Bestellung mit denselben Objekten, Adressen und derselben Zahlungsart an, zu den
          heutigen Preisen. Sie erhalten eine Bestätigung per E-Mail.
        </Trans>
      </p>
    </OrderDialog>
  )
}

function RepairInfoDialog({ actor }: { actor: OrderDetailsActor }) {
  const close = () => actor.send({ type: 'order.closeRepairInfo' })
  return (
    <OrderDialog
      title={<Trans>Ihre Datei wurde repariert</Trans>}
      onClose={close}
      actions={
        <button type="button" className="button button--primary" onClick={close}>
          <Trans>Schließen</Trans>
        </button>
      }
    >
      <p>
        <Trans>
          Mindestens eine Ihrer Dateien hatte Fehler (zum Beispiel Löcher oder sich überschneidende Flächen)
          und wurde vor dem Druck automatisch repariert. Gedruckt wird die reparierte Datei. Wenn etwas nicht
          so aussieht wie erwartet, melden Sie sich bitte bei uns.
        </Trans>
      </p>
    </OrderDialog>
  )
}

function LoadedOrder({ actor, order }: { actor: OrderDetailsActor; order: Order }) {
  const access = useSelector(actor, (snapshot) => snapshot.context.access)
  const dialog = useSelector(actor, (snapshot) =>
    snapshot.hasTag('reorder-confirm') ? 'reorder' : snapshot.hasTag('repair-info') ? 'repair' : null,
  )
  const canShowRepair = useSelector(actor, (snapshot) => snapshot.can({ type: 'order.showRepairInfo' }))
  const repairButton = canShowRepair ? (
    <button type="button" className="button" onClick={() => actor.send({ type: 'order.showRepairInfo' })}>
      <Trans>Hinweis zu reparierten Dateien</Trans>
    </button>
  ) : undefined
  return (
    <>
      <h1 id="order-page-title">
        {order.isQuote ? (
          <Trans>Angebot {order.orderNumber}</Trans>
        ) : (
          <Trans>Bestellung {order.orderNumber}</Trans>
        )}
      </h1>
      <OrderActions actor={actor} />
      <OrderSummary order={order} itemAction={repairButton} />
      <div className="order-page__actions">
        <PdfLink orderId={order._id} access={access} isQuote={order.isQuote} />
        <HomeLink />
      </div>
      {dialog === 'reorder' && <ReorderDialog actor={actor} />}
      {dialog === 'repair' && <RepairInfoDialog actor={actor} />}
    </>
  )
}

/**
 * `/order-details/{orderId}` and `/track-order` (spec part 2 §2 "Order details / tracking", §8) in the order-details
 * machine's state.
 */
export function OrderDetailsView({
  actor,
  isTracking = false,
}: {
  actor: OrderDetailsActor
  isTracking?: boolean
}) {
  const mode = useSelector(actor, modeOf)
  const order = useSelector(actor, (snapshot) => snapshot.context.order)
  // Tracking by number and e-mail: nothing found is an answer to the form, not a missing page.
  if (mode === 'notFound' && !isTracking) return <NotFoundRedirect />
  return (
    <section className="order-page" aria-labelledby="order-page-title" aria-busy={mode === 'loading'}>
      {mode === 'loaded' && order ? (
        <LoadedOrder actor={actor} order={order} />
      ) : (
        <h1 id="order-page-title">
          {isTracking ? <Trans>Bestellung verfolgen</Trans> : <Trans>Bestelldetails</Trans>}
        </h1>
      )}
      {mode === 'loading' && <OrderLoading />}
      {mode === 'loadFailed' && <OrderLoadFailed onRetry={() => actor.send({ type: 'order.retry' })} />}
      {mode === 'notFound' && <TrackOrderForm notFound />}
    </section>
  )
}

function OrderDetailsFor({ orderId, access }: { orderId: string; access: string | null }) {
  const { orders } = useAppActors()
  const actor = useActorRef(orders.orderDetails, { input: { orderId, access } })
  return <OrderDetailsView actor={actor} />
}

const orderDetailsRoute = getRouteApi('/{-$locale}/order-details/$orderId')
const trackOrderRoute = getRouteApi('/{-$locale}/track-order')

/** `/order-details/{orderId}` (`?access=` for guests; a signed-in owner's session reads it without). */
export function OrderDetailsRoutePage() {
  const { orderId } = orderDetailsRoute.useParams()
  const { access } = orderDetailsRoute.useSearch()
  // A new order id (after a re-order) starts a fresh actor.
  return <OrderDetailsFor key={`${orderId}:${access ?? ''}`} orderId={orderId} access={access ?? null} />
}

function TrackOrderFor({ query }: { query: string }) {
  const { orders } = useAppActors()
  const [logic] = useState(() => orders.trackOrder(query))
  const actor = useActorRef(logic, { input: { orderId: null, access: null } })
  return <OrderDetailsView actor={actor} isTracking />
}

/**
 * `/track-order?…` (legacy): the query goes to the legacy tracking endpoint as it is (it answers by `orderNumber` and
 * `email`); without a query the form asks for them.
 */
export function TrackOrderRoutePage() {
  const search = trackOrderRoute.useSearch()
  const query = new URLSearchParams(search).toString()
  if (query === '')
    return (
      <section className="order-page" aria-labelledby="order-page-title">
        <h1 id="order-page-title">
          <Trans>Bestellung verfolgen</Trans>
        </h1>
        <TrackOrderForm notFound={false} />
      </section>
    )
  return <TrackOrderFor key={query} query={query} />
}
