import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent } from 'react'
import { type ActorRefFrom } from 'xstate'
import {
  isOrderRangeValid,
  orderPageCountOf,
  type StaffOrderFilterField,
  type staffOrderListMachine,
} from '#machines/staff-order-list/staff-order-list.machine.ts'
import { type StaffOrderListEntry } from '#shared/contracts/staff-orders.contract.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '#shared/domain/order-status.ts'
import { formatMoney } from '#client/common/money.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formatDateTime } from '../staff-format.ts'
import { StaffPager } from '../staff-pager.tsx'
import { StaffLoadFailed, StaffLoading } from '../staff-status.tsx'
import {
  staffOrderStatusTexts,
  staffPaymentMethodTexts,
  staffPaymentStatusTexts,
} from './staff-order-texts.ts'

export type OrderListActor = ActorRefFrom<typeof staffOrderListMachine>

function OrderFilters({ actor }: { actor: OrderListActor }) {
  const { t, i18n } = useLingui()
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft)
  const canApply = useSelector(actor, (snapshot) => snapshot.can({ type: 'list.apply' }))
  const change = (field: StaffOrderFilterField, value: string) =>
    actor.send({ type: 'list.changeFilter', field, value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'list.apply' })
  }
  const text = (field: 'customer' | 'q' | 'from' | 'to', label: string, type: 'text' | 'date' | 'search') => (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        value={draft[field]}
        aria-invalid={field === 'to' && !isOrderRangeValid(draft) ? true : undefined}
        onChange={(event) => change(field, event.target.value)}
      />
    </label>
  )
  return (
    <form className="staff-fields staff-filters" onSubmit={submit} noValidate role="search">
      {text('q', t`Suche (Bestellnummer oder E-Mail)`, 'search')}
      <label className="field">
        <span>
          <Trans>Bestellstatus</Trans>
        </span>
        <select value={draft.status} onChange={(event) => change('status', event.target.value)}>
          <option value="">{t`Alle`}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(staffOrderStatusTexts[status])}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>
          <Trans>Zahlungsstatus</Trans>
        </span>
        <select value={draft.paymentStatus} onChange={(event) => change('paymentStatus', event.target.value)}>
          <option value="">{t`Alle`}</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(staffPaymentStatusTexts[status])}
            </option>
          ))}
        </select>
      </label>
      {text('customer', t`Kunde (E-Mail oder Benutzername, genau)`, 'text')}
      {text('from', t`Bestellt ab`, 'date')}
      {text('to', t`Bestellt bis`, 'date')}
      {!isOrderRangeValid(draft) && (
        <p className="staff-warning" role="alert">
          <Trans>Das Ende des Zeitraums liegt vor seinem Anfang.</Trans>
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!canApply}>
          <Trans>Filtern</Trans>
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'list.reset' })}>
          <Trans>Zurücksetzen</Trans>
        </button>
      </div>
    </form>
  )
}

function OrderRow({ order }: { order: StaffOrderListEntry }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  return (
    <tr>
      <td>
        <Link
          to="/{-$locale}/staff/orders/$orderId"
          params={{ locale: localeParam(locale), orderId: order._id }}
        >
          {order.orderNumber}
        </Link>
      </td>
      <td>{formatDateTime(order.createdAt, i18n.locale)}</td>
      <td>{order.email}</td>
      <td>
        {i18n._(staffOrderStatusTexts[order.orderStatus])} <code>{order.orderStatus}</code>
      </td>
      <td>
        {i18n._(staffPaymentStatusTexts[order.paymentStatus])}
        <br />
        <small>{i18n._(staffPaymentMethodTexts[order.paymentMethod])}</small>
      </td>
      <td className="staff-number">{formatMoney(order.amountTotal, locale)}</td>
    </tr>
  )
}

function OrderTable({ actor }: { actor: OrderListActor }) {
  const result = useSelector(actor, (snapshot) => snapshot.context.result)
  const page = useSelector(actor, (snapshot) => snapshot.context.page)
  const pages = orderPageCountOf(result)
  const total = result?.total ?? 0
  return (
    <>
      <p role="status">
        <Trans>{total} Bestellungen gefunden</Trans>
      </p>
      <div className="staff-panel">
        <table className="sheet-grid staff-order-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Bestellnummer</Trans>
              </th>
              <th scope="col">
                <Trans>Bestellt am</Trans>
              </th>
              <th scope="col">
                <Trans>E-Mail</Trans>
              </th>
              <th scope="col">
                <Trans>Bestellstatus</Trans>
              </th>
              <th scope="col">
                <Trans>Zahlung</Trans>
              </th>
              <th scope="col">
                <Trans>Summe</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {result?.orders.map((order) => (
              <OrderRow key={order._id} order={order} />
            ))}
          </tbody>
        </table>
      </div>
      <StaffPager
        page={page}
        pages={pages}
        onPage={(next) => actor.send({ type: 'list.goToPage', page: next })}
      />
    </>
  )
}

/** The back office's order list (issue 17) in the machine's state. */
export function OrderListView({ actor }: { actor: OrderListActor }) {
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.hasTag('load-failed')
        ? 'loadFailed'
        : snapshot.hasTag('empty')
          ? 'empty'
          : 'list',
  )
  return (
    <section className="staff-page" aria-labelledby="staff-orders-title">
      <h1 id="staff-orders-title">
        <Trans>Bestellungen</Trans>
      </h1>
      <OrderFilters actor={actor} />
      {mode === 'loading' && <StaffLoading />}
      {mode === 'loadFailed' && <StaffLoadFailed onRetry={() => actor.send({ type: 'list.reload' })} />}
      {mode === 'empty' && (
        <p role="status">
          <Trans>Keine Bestellungen für diese Filter.</Trans>
        </p>
      )}
      {mode === 'list' && <OrderTable actor={actor} />}
    </section>
  )
}
