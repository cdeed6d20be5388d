import { Trans, useLingui } from '@lingui/react/macro'
import { focusOnAppear } from '#client/common/focus.ts'
import { Link, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { MIN_ORDER_VALUE_GROSS_CENTS } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { errorTexts } from '#client/i18n/error-texts.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { pageTitles } from '#client/router/page-titles.ts'
import { findPrintMode } from '#client/common/catalogue.ts'
import { useCatalogue } from '#client/common/use-catalogue.ts'
import { formatNumber } from '#client/common/money.ts'
import { Money, TaxNote, useIsBusinessCustomer } from '#client/common/price-texts.tsx'
import { CartItemCard } from './cart-item-card.tsx'
import { type CartTotals, cartTotalsOf } from './cart-totals.ts'
import './cart.css'

/**
 * The cart (spec part 1 §2 cart view, §9 minimum order value): the items, the sums with the small-order surcharge
 * and its warning below 30 € gross, the tax note, "add another 3D file" and "Weiter" to the customer and payment
 * details; the empty cart says so.
 */
export function CartPage() {
  const { cart } = useAppActors()
  const { i18n } = useLingui()
  const isBusiness = useIsBusinessCustomer()
  const { printModes } = useCatalogue()
  const items = useSelector(cart, (snapshot) => snapshot.context.items)
  const isLoading = useSelector(cart, (snapshot) => snapshot.hasTag('loading'))
  const isBusy = useSelector(cart, (snapshot) => snapshot.hasTag('busy'))
  const error = useSelector(cart, (snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null))
  const totals = cartTotalsOf(items)
  const hasItems = items.length > 0

  return (
    <section
      className="cart-page"
      aria-labelledby="page-title"
      aria-busy={isLoading || isBusy}
      // The server renders a first visit's cart, empty (issue 18); for a visitor with a stored cart
      // `stored-choice.js` hides that text until the SPA has read the real one.
      {...(import.meta.env.SSR ? { 'data-prerendered': '' } : {})}
    >
      {/* After "add to cart" (and any way here) the page's heading has the focus, not <body>. */}
      <h1 id="page-title" tabIndex={-1} ref={focusOnAppear}>
        {i18n._(pageTitles.cart)}
      </h1>
      {isLoading && (
        <div className="cart-page__loading">
          <span className="skeleton skeleton--card" aria-hidden="true" />
          <p>
            <Trans>Warenkorb wird geladen …</Trans>
          </p>
        </div>
      )}
      {error && (
        <div className="notice notice--warning" role="alert">
          <p>{i18n._(errorTexts[error])}</p>
          <button type="button" className="button" onClick={() => cart.send({ type: 'cart.retry' })}>
            <Trans>Erneut laden</Trans>
          </button>
        </div>
      )}
      {!isLoading && !error && !hasItems && (
        <p className="cart-page__empty">
          <Trans>Ihr Warenkorb ist leer.</Trans>
        </p>
      )}
      {hasItems && (
        <ul className="cart-items">
          {items.map((item) => (
            <CartItemCard
              key={item._id}
              item={item}
              printMode={findPrintMode(printModes, item.printModeId)}
              isBusiness={isBusiness}
            />
          ))}
        </ul>
      )}
      {hasItems && <CartSummary totals={totals} isBusiness={isBusiness} />}
      <CartActions hasItems={hasItems} isBusy={isBusy} />
    </section>
  )
}

/** The sums under the items: subtotal, the small-order surcharge and its warning below the minimum, total, tax. */
function CartSummary({ totals, isBusiness }: { totals: CartTotals; isBusiness: boolean }) {
  const locale = useLocale()
  const minimum = formatNumber(MIN_ORDER_VALUE_GROSS_CENTS / 100, locale, { max: 2 })
  return (
    <div className="cart-summary">
      {totals.surcharge && (
        <p className="notice notice--warning" role="status">
          <Trans>Der Mindestbestellwert von {minimum}€ wurde noch nicht erreicht.</Trans>
        </p>
      )}
      <dl className="cart-summary__sums">
        <div>
          <dt>
            <Trans>Zwischensumme</Trans>
          </dt>
          <dd>
            <Money net={totals.goods.net} gross={totals.goods.gross} isBusiness={isBusiness} />
          </dd>
        </div>
        {totals.surcharge && (
          <div>
            <dt>
              <Trans>Mindermengenzuschlag</Trans>
            </dt>
            <dd>
              <Money net={totals.surcharge.net} gross={totals.surcharge.gross} isBusiness={isBusiness} />
            </dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>
            <Trans>Summe</Trans>
          </dt>
          <dd>
            <Money net={totals.total.net} gross={totals.total.gross} isBusiness={isBusiness} />
          </dd>
        </div>
      </dl>
      <p className="cart-summary__tax">
        <TaxNote taxRate={totals.taxRate} isBusiness={isBusiness} />{' '}
        <Trans>Versandkosten werden im nächsten Schritt berechnet.</Trans>
      </p>
    </div>
  )
}

/** "Add another file" always; with items, "get a quote" and "complete the order" (disabled while a change runs). */
function CartActions({ hasItems, isBusy }: { hasItems: boolean; isBusy: boolean }) {
  const { orderProcess } = useAppActors()
  const locale = useLocale()
  const navigate = useNavigate()
  const canAddAnother = useSelector(orderProcess, (snapshot) => snapshot.can({ type: 'cart.addAnotherFile' }))
  const params = { locale: localeParam(locale) }
  const addAnotherFile = () => {
    // The order process scrolls to the top and goes home; without an order it is a plain way home.
    if (canAddAnother) orderProcess.send({ type: 'cart.addAnotherFile' })
    else void navigate({ to: '/{-$locale}', params })
  }
  const proceed = () => {
    if (orderProcess.getSnapshot().can({ type: 'checkout.proceed' }))
      orderProcess.send({ type: 'checkout.proceed' })
  }

  return (
    <div className="cart-page__actions">
      <button type="button" className="button" onClick={addAnotherFile}>
        {hasItems ? <Trans>Weitere 3D-Datei hinzufügen</Trans> : <Trans>Andere 3D-Datei wählen</Trans>}
      </button>
      {hasItems && !isBusy ? (
        // Part 2 §4 "Quote flow": both lead to the payment details; the quote preselects the quote method.
        <>
          <Link
            to="/{-$locale}/payment-details/{-$orderId}"
            params={params}
            search={{ quote: 1 }}
            className="button"
            onClick={proceed}
          >
            <Trans>Angebot einholen</Trans>
          </Link>
          <Link
            to="/{-$locale}/payment-details/{-$orderId}"
            params={params}
            className="button button--primary"
            onClick={proceed}
          >
            <Trans>Bestellung abschließen</Trans>
          </Link>
        </>
      ) : (
        // An empty cart has nothing to go on with: no "Weiter" at all (issue 14); a busy one shows it disabled.
        hasItems && (
          <button type="button" className="button button--primary" disabled>
            <Trans>Bestellung abschließen</Trans>
          </button>
        )
      )}
    </div>
  )
}
