import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { canMarkPaid, canVerifyCompany } from '#machines/staff-order-detail/staff-order-detail.machine.ts'
import { type Order, type OrderLine } from '#shared/contracts/checkout.contract.ts'
import { staffOrderPaths } from '#shared/contracts/staff-orders.contract.ts'
import { formatMoney } from '#client/common/money.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formatDateTime } from '../staff-format.ts'
import { StaffLoadFailed, StaffLoading } from '../staff-status.tsx'
import { type OrderDetailActor, OrderStatusForm } from './order-status-form.tsx'
import { OrderMails, OrderTimeline } from './order-timeline.tsx'
import { PrintabilityNoteForm } from './printability-note-form.tsx'
import {
  staffOrderFailureText,
  staffOrderStatusTexts,
  staffPaymentMethodTexts,
  staffPaymentStatusTexts,
} from './staff-order-texts.ts'
import { DownloadLink } from '#client/common/download-link.tsx'

function LineRow({ order, line, index }: { order: Order; line: OrderLine; index: number }) {
  const locale = useLocale()
  const { t } = useLingui()
  const { x, y, z } = line.dimensions
  return (
    <tr>
      <td>{index + 1}</td>
      <td>
        {line.thumbnail === null ? (
          '–'
        ) : (
          <img className="staff-thumbnail" src={line.thumbnail} alt={t`Vorschau von ${line.modelName}`} />
        )}
      </td>
      <td>
        <strong>{line.modelName}</strong>
        <br />
        <DownloadLink href={staffOrderPaths.lineFile(order._id, line._id)}>
          <Trans>Datei herunterladen</Trans>
        </DownloadLink>
        {line.repaired && (
          <>
            <br />
            <small>
              <Trans>Datei wurde repariert</Trans>
            </small>
          </>
        )}
      </td>
      <td>
        {line.printModeName}
        {line.surfaceFinishName !== null && <> · {line.surfaceFinishName}</>}
        {line.colorName !== null && <> · {line.colorName}</>}
        <br />
        <small>
          <Trans>
            {x} × {y} × {z} {line.unit}, Maßstab {line.scale}
          </Trans>
        </small>
      </td>
      <td>
        <code>{line.sheetVersion}</code>
      </td>
      <td className="staff-number">{line.quantity}</td>
      <td className="staff-number">{formatMoney(line.linePrice.totalCents, locale)}</td>
    </tr>
  )
}

function OrderItems({ order }: { order: Order }) {
  return (
    <section className="staff-panel" aria-labelledby="items-title">
      <h2 id="items-title">
        <Trans>Positionen</Trans>
      </h2>
      <table className="sheet-grid">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">
              <Trans>Vorschau</Trans>
            </th>
            <th scope="col">
              <Trans>Modell</Trans>
            </th>
            <th scope="col">
              <Trans>Konfiguration</Trans>
            </th>
            <th scope="col">
              <Trans>Preistabelle</Trans>
            </th>
            <th scope="col">
              <Trans>Menge</Trans>
            </th>
            <th scope="col">
              <Trans>Preis</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line, index) => (
            <LineRow key={line._id} order={order} line={line} index={index} />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Address({ title, address }: { title: string; address: Order['billingInformation'] }) {
  return (
    <div>
      <h3>{title}</h3>
      <address>
        {address.company !== '' && (
          <>
            {address.company}
            <br />
          </>
        )}
        {[address.title, address.firstname, address.lastname].filter(Boolean).join(' ')}
        <br />
        {address.street}
        {address.addressSuffix !== '' && `, ${address.addressSuffix}`}
        <br />
        {address.postalCode} {address.city}
        <br />
        {address.countryName}
        {address.vatRegistrationNumber !== '' && (
          <>
            <br />
            <Trans>USt-IdNr.: {address.vatRegistrationNumber}</Trans>
          </>
        )}
      </address>
    </div>
  )
}

function CustomerAndAddresses({ actor }: { actor: OrderDetailActor }) {
  const { t } = useLingui()
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail)
  const verifiable = useSelector(actor, (snapshot) => canVerifyCompany(snapshot.context))
  const verified = useSelector(actor, (snapshot) => snapshot.context.detail?.isVerifiedCompany === true)
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  if (detail === null) return null
  const { order } = detail
  return (
    <section className="staff-panel" aria-labelledby="customer-title">
      <h2 id="customer-title">
        <Trans>Kunde und Adressen</Trans>
      </h2>
      <p>
        {order.email} · {order.phone}
        <br />
        {detail.userId === null ? <Trans>Gastbestellung</Trans> : <Trans>Kundenkonto</Trans>}
        {order.isBusinessCustomer && (
          <>
            {' '}
            · <Trans>Geschäftskunde</Trans>
          </>
        )}
        {verified && (
          <>
            {' '}
            ·{' '}
            <strong className="staff-badge">
              ✓ <Trans>Firma verifiziert</Trans>
            </strong>
          </>
        )}
      </p>
      {verifiable && (
        <div className="staff-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => actor.send({ type: 'order.verifyCompany' })}
          >
            <Trans>Firma als verifiziert markieren</Trans>
          </button>
        </div>
      )}
      <div className="staff-addresses">
        <Address title={t`Rechnungsadresse`} address={order.billingInformation} />
        <Address title={t`Lieferadresse`} address={order.shippingInformation} />
      </div>
    </section>
  )
}

function Payment({ actor }: { actor: OrderDetailActor }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail)
  const markable = useSelector(actor, (snapshot) => canMarkPaid(snapshot.context.detail))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  if (detail === null) return null
  const { order } = detail
  return (
    <section className="staff-panel" aria-labelledby="payment-title">
      <h2 id="payment-title">
        <Trans>Zahlung</Trans>
      </h2>
      <dl className="staff-facts">
        <dt>
          <Trans>Zahlungsart</Trans>
        </dt>
        <dd>{i18n._(staffPaymentMethodTexts[order.paymentMethod])}</dd>
        <dt>
          <Trans>Zahlungsstatus</Trans>
        </dt>
        <dd>
          {i18n._(staffPaymentStatusTexts[order.paymentStatus])} <code>{order.paymentStatus}</code>
        </dd>
        <dt>
          <Trans>Summe (brutto)</Trans>
        </dt>
        <dd>{formatMoney(order.amounts.total.totalCents, locale)}</dd>
        <dt>
          <Trans>Versand</Trans>
        </dt>
        <dd>{order.shippingMethod.name}</dd>
      </dl>
      {markable && (
        <div className="staff-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => actor.send({ type: 'order.markPaid' })}
          >
            <Trans>Zahlung eingegangen markieren</Trans>
          </button>
        </div>
      )}
    </section>
  )
}

/** What the last change did, or why it was refused. */
function Outcome({ actor }: { actor: OrderDetailActor }) {
  const { i18n } = useLingui()
  const done = useSelector(actor, (snapshot) => snapshot.context.done)
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure)
  const pictureAttached = useSelector(actor, (snapshot) => snapshot.context.pictureAttached)
  if (failure !== null)
    return (
      <div className="staff-warning" role="alert">
        <p>{i18n._(staffOrderFailureText(failure.code))}</p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'order.reload' })}>
          <Trans>Bestellung neu laden</Trans>
        </button>
      </div>
    )
  if (done === null) return null
  return (
    <p className="staff-success" role="status">
      {done === 'status' && <Trans>Der Status wurde geändert; der Kunde erhält eine E-Mail.</Trans>}
      {done === 'paid' && (
        <Trans>Die Zahlung ist als eingegangen vermerkt; der Kunde erhält eine E-Mail.</Trans>
      )}
      {done === 'company' && <Trans>Die Firma des Kunden ist als verifiziert markiert.</Trans>}
      {done === 'printability' &&
        (pictureAttached === false ? (
          <Trans>
            Der Hinweis zur Druckbarkeit wurde an den Kunden gesendet, ohne Wandstärkenbild: Für diese Datei
            gibt es keine Wandstärkenanalyse.
          </Trans>
        ) : (
          <Trans>Der Hinweis zur Druckbarkeit wurde mit dem Wandstärkenbild an den Kunden gesendet.</Trans>
        ))}
    </p>
  )
}

function OrderHeader({ order }: { order: Order }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  return (
    <header className="staff-order-header">
      <p>
        <Link to="/{-$locale}/staff/orders" params={{ locale: localeParam(locale) }}>
          <Trans>Zur Bestellliste</Trans>
        </Link>
      </p>
      <h1 id="staff-order-title">
        <Trans>Bestellung {order.orderNumber}</Trans>
      </h1>
      <p>
        <strong>{i18n._(staffOrderStatusTexts[order.orderStatus])}</strong> <code>{order.orderStatus}</code> ·{' '}
        <Trans>
          bestellt am {formatDateTime(order.createdAt, i18n.locale)}, Sprache {order.locale.toUpperCase()}
        </Trans>
        {order.customerRemarks.referenceNumber !== '' && (
          <>
            {' '}
            · <Trans>Referenz: {order.customerRemarks.referenceNumber}</Trans>
          </>
        )}
      </p>
    </header>
  )
}

/** One order of the back office (issue 17) in the machine's state. */
export function OrderDetailView({ actor }: { actor: OrderDetailActor }) {
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('load-failed') ? 'loadFailed' : 'ready',
  )
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail)
  const notFound = useSelector(actor, (snapshot) => snapshot.context.error === 'not_found')
  return (
    <section className="staff-page" aria-labelledby="staff-order-title">
      {mode === 'loading' && (
        <>
          <h1 id="staff-order-title">
            <Trans>Bestellung</Trans>
          </h1>
          <StaffLoading />
        </>
      )}
      {mode === 'loadFailed' && (
        <>
          <h1 id="staff-order-title">
            <Trans>Bestellung</Trans>
          </h1>
          {notFound ? (
            <p role="alert">
              <Trans>Diese Bestellung gibt es nicht.</Trans>
            </p>
          ) : (
            <StaffLoadFailed onRetry={() => actor.send({ type: 'order.reload' })} />
          )}
        </>
      )}
      {mode === 'ready' && detail !== null && (
        <>
          <OrderHeader order={detail.order} />
          <Outcome actor={actor} />
          <OrderStatusForm actor={actor} />
          <Payment actor={actor} />
          <OrderItems order={detail.order} />
          <CustomerAndAddresses actor={actor} />
          <OrderTimeline history={detail.history} items={detail.order.items} />
          <OrderMails mails={detail.mails} />
          <PrintabilityNoteForm actor={actor} />
        </>
      )}
    </section>
  )
}
