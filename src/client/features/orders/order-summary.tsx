import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode } from 'react'
import { type Order, type OrderLine } from '#shared/contracts/checkout.contract.ts'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { apiAssetUrl } from '#client/actors/api-paths.ts'
import { findColour, findFinish, findPrintMode } from '#client/common/catalogue.ts'
import { formatMoney, formatRate } from '#client/common/money.ts'
import { useCatalogue } from '#client/common/use-catalogue.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formatDate, orderStatusTexts, paymentMethodTexts, paymentStatusTexts } from './order-texts.ts'

/** Production time is the maximum across the items (spec part 2 §2); the order's estimate when it has none. */
export const productionDaysOf = (order: Order): number =>
  order.items.reduce((days, item) => Math.max(days, item.productionTimeDays), 0) ||
  order.estimatedProductionTimeDays

/** The line's print mode, finish and colour in the page's language while the catalogue has them, else as frozen. */
function lineNames(line: OrderLine, printModes: readonly PrintMode[]) {
  const printMode = findPrintMode(printModes, line.printModeId)
  return {
    printMode: printMode?.name ?? line.printModeName,
    finish: findFinish(printMode, line.surfaceFinishId)?.properties.name ?? line.surfaceFinishName,
    colour: findColour(printMode, line.colorId)?.name ?? line.colorName,
  }
}

function Line({ line, isBusiness }: { line: OrderLine; isBusiness: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { printModes } = useCatalogue()
  const names = lineNames(line, printModes)
  const price = isBusiness ? line.linePrice.netCents : line.linePrice.totalCents
  return (
    <li className="order-line">
      {line.thumbnail ? (
        <img
          src={apiAssetUrl(line.thumbnail)}
          alt={t`Vorschau von ${line.modelName}`}
          width={80}
          height={80}
        />
      ) : (
        <span className="order-line__no-picture" aria-hidden="true" />
      )}
      <div className="order-line__text">
        <p className="order-line__name">{line.modelName}</p>
        <p>{[names.printMode, names.finish, names.colour].filter((name) => name !== null).join(' · ')}</p>
        <p>
          <Trans>Anzahl: {line.quantity}</Trans>
        </p>
      </div>
      <p className="order-line__price">{formatMoney(price, locale)}</p>
    </li>
  )
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="order-facts__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Order number, date, status, production and shipping times (and the reference number when there is one). */
export function OrderFacts({ order }: { order: Order }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const productionDays = productionDaysOf(order)
  const shippingDays = order.shippingMethod.shippingTimeDays
  return (
    <dl className="order-facts">
      <Fact label={order.isQuote ? <Trans>Angebotsnummer</Trans> : <Trans>Bestellnummer</Trans>}>
        {order.orderNumber}
      </Fact>
      <Fact label={<Trans>Datum</Trans>}>{formatDate(order.createdAt, locale)}</Fact>
      <Fact label={<Trans>Status</Trans>}>{i18n._(orderStatusTexts[order.orderStatus])}</Fact>
      {order.customerRemarks.referenceNumber !== '' && (
        <Fact label={<Trans>Ihre Referenznummer</Trans>}>{order.customerRemarks.referenceNumber}</Fact>
      )}
      <Fact label={<Trans>Produktionszeit</Trans>}>
        <Trans>{productionDays} Werktage</Trans>
      </Fact>
      <Fact label={<Trans>Versand</Trans>}>
        {order.shippingMethod.name}, <Trans>{shippingDays} Werktage</Trans>
      </Fact>
    </dl>
  )
}

function AddressBlock({ title, address }: { title: ReactNode; address: Order['billingInformation'] }) {
  return (
    <section className="order-address">
      <h3>{title}</h3>
      <address>
        {address.company !== '' && (
          <>
            {address.company}
            <br />
          </>
        )}
        {[address.title, address.firstname, address.lastname].filter((part) => part !== '').join(' ')}
        <br />
        {address.street}
        {address.addressSuffix !== '' && (
          <>
            <br />
            {address.addressSuffix}
          </>
        )}
        <br />
        {address.postalCode} {address.city}
        <br />
        {address.countryName}
      </address>
    </section>
  )
}

/** The payment method; prepaid with the bank details, invoice with its due days (part 2 §3, issue 16). */
function Payment({ order }: { order: Order }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const total = formatMoney(order.amounts.total.totalCents, locale)
  return (
    <section className="order-payment">
      <h3>
        <Trans>Zahlungsart</Trans>
      </h3>
      <p>
        {i18n._(paymentMethodTexts[order.paymentMethod])} – {i18n._(paymentStatusTexts[order.paymentStatus])}
      </p>
      {order.paymentMethod === 'prepaid' &&
        order.bankDetails &&
        order.paymentStatus === 'PAYMENT_PENDING' && (
          <>
            <p>
              <Trans>
                Bitte überweisen Sie {total} mit der Bestellnummer {order.orderNumber} als Verwendungszweck
                auf dieses Konto:
              </Trans>
            </p>
            <dl className="order-facts">
              <Fact label={<Trans>Kontoinhaber</Trans>}>{order.bankDetails.accountHolder}</Fact>
              <Fact label={<Trans>IBAN</Trans>}>{order.bankDetails.iban}</Fact>
              <Fact label={<Trans>BIC</Trans>}>{order.bankDetails.bic}</Fact>
              <Fact label={<Trans>Bank</Trans>}>{order.bankDetails.bank}</Fact>
            </dl>
          </>
        )}
      {order.paymentMethod === 'billing' && order.termsOfPaymentDays !== null && (
        <p>
          <Trans>Zahlbar innerhalb von {order.termsOfPaymentDays} Tagen nach Rechnungsdatum.</Trans>
        </p>
      )}
    </section>
  )
}

function TotalRow({ label, cents, strong = false }: { label: ReactNode; cents: number; strong?: boolean }) {
  const locale = useLocale()
  return (
    <div className={strong ? 'order-totals__row order-totals__row--total' : 'order-totals__row'}>
      <dt>{label}</dt>
      <dd>{formatMoney(cents, locale)}</dd>
    </div>
  )
}

/** The sums (business customers read net amounts, others gross), then net, tax and the total. */
export function OrderTotals({ order }: { order: Order }) {
  const locale = useLocale()
  const { amounts } = order
  const shown = (amount: { netCents: number; totalCents: number }) =>
    order.isBusinessCustomer ? amount.netCents : amount.totalCents
  const discount = amounts.discount?.applied ? amounts.discount : null
  const rate = formatRate(amounts.taxRatePercent, locale)
  return (
    <dl className="order-totals">
      <TotalRow label={<Trans>Warenwert</Trans>} cents={shown(amounts.beforeDiscount)} />
      {discount && (
        <TotalRow
          label={<Trans>Gutschein {discount.code}</Trans>}
          cents={-(shown(amounts.beforeDiscount) - shown(amounts.items))}
        />
      )}
      {amounts.smallOrderSurcharge.netCents > 0 && (
        <TotalRow label={<Trans>Mindermengenzuschlag</Trans>} cents={shown(amounts.smallOrderSurcharge)} />
      )}
      <TotalRow label={<Trans>Versandkosten</Trans>} cents={shown(amounts.shipping)} />
      <TotalRow label={<Trans>Summe netto</Trans>} cents={amounts.total.netCents} />
      <TotalRow
        label={
          amounts.taxRatePercent === 0 ? <Trans>keine MwSt. enthalten</Trans> : <Trans>MwSt. {rate} %</Trans>
        }
        cents={amounts.total.taxCents}
      />
      <TotalRow label={<Trans>Gesamtsumme</Trans>} cents={amounts.total.totalCents} strong />
    </dl>
  )
}

/** Everything an order page shows of the order (spec part 2 §2 "Order complete", "Order details / tracking"). */
export function OrderSummary({ order, itemAction }: { order: Order; itemAction?: ReactNode }) {
  return (
    <div className="order-summary">
      <OrderFacts order={order} />
      <section aria-labelledby="order-items-title">
        <h2 id="order-items-title">
          <Trans>Ihre Objekte</Trans>
        </h2>
        <ul className="order-lines">
          {order.items.map((line) => (
            <Line key={line._id} line={line} isBusiness={order.isBusinessCustomer} />
          ))}
        </ul>
        {itemAction}
      </section>
      <section aria-labelledby="order-addresses-title" className="order-columns">
        <h2 id="order-addresses-title" className="visually-hidden">
          <Trans>Adressen und Zahlung</Trans>
        </h2>
        <AddressBlock title={<Trans>Rechnungsadresse</Trans>} address={order.billingInformation} />
        <AddressBlock title={<Trans>Lieferadresse</Trans>} address={order.shippingInformation} />
        <Payment order={order} />
      </section>
      <section aria-labelledby="order-totals-title">
        <h2 id="order-totals-title">
          <Trans>Summe</Trans>
        </h2>
        <OrderTotals order={order} />
      </section>
    </div>
  )
}
