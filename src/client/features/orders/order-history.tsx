import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type ActorRefFrom } from 'xstate'
import { type orderHistoryMachine } from '#machines/order-history/order-history.machine.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { formatMoney } from '#client/common/money.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { OrderLoadFailed } from './order-page-parts.tsx'
import { formatDate, orderStatusTexts } from './order-texts.ts'

export type OrderHistoryActor = ActorRefFrom<typeof orderHistoryMachine>

function OrderTable({ actor }: { actor: OrderHistoryActor }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const orders = useSelector(actor, (snapshot) => snapshot.context.orders)
  if (orders.length === 0)
    return (
      <p>
        <Trans>Sie haben noch keine Bestellungen.</Trans>
      </p>
    )
  return (
    <div className="order-history__scroll">
      <table className="order-history">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Bestellnummer</Trans>
            </th>
            <th scope="col">
              <Trans>Datum</Trans>
            </th>
            <th scope="col" className="order-history__amount">
              <Trans>Summe</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <th scope="row">
                <Link
                  to="/{-$locale}/order-details/$orderId"
                  params={{ locale: localeParam(locale), orderId: order._id }}
                  search={{}}
                >
                  {order.isQuote ? <Trans>Angebot {order.orderNumber}</Trans> : order.orderNumber}
                </Link>
              </th>
              <td>{formatDate(order.createdAt, locale)}</td>
              <td className="order-history__amount">{formatMoney(order.amountTotal, locale)}</td>
              <td>{i18n._(orderStatusTexts[order.orderStatus])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The account's order history (spec part 2 §2 "Bestellverlauf", §3 "Order list entry") in the machine's state. */
export function OrderHistoryView({ actor }: { actor: OrderHistoryActor }) {
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loaded') ? 'loaded' : snapshot.hasTag('load-failed') ? 'failed' : 'loading',
  )
  if (mode === 'loading')
    return (
      <p role="status">
        <Trans>Ihre Bestellungen werden geladen …</Trans>
      </p>
    )
  if (mode === 'failed') return <OrderLoadFailed onRetry={() => actor.send({ type: 'orders.retry' })} />
  return <OrderTable actor={actor} />
}

/** The signed-in customer's orders, loaded while the dashboard is shown. */
export function OrderHistory() {
  const { orders } = useAppActors()
  const actor = useActorRef(orders.orderHistory)
  return <OrderHistoryView actor={actor} />
}
