import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Money } from '#client/common/price-texts.tsx'
import { type PriceView } from './price-box.tsx'
import { printabilityTexts } from './printability-message.tsx'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { ORDER_SUMMARY_ID } from './order-summary.tsx'
import { useOrderSummary } from './use-order-summary.ts'
import { useSelection } from './use-configure.ts'

/**
 * Phones and tablets (below 1024 px, where the full summary is too tall to stay in view): total, production time and
 * printability in a bar at the bottom of the window on steps 1 and 2, over the 3D view and the print-mode cards alike
 * (issue 14, item 10). It is the configure section's last child and sticks within it, so it rests below the step's
 * buttons at the end and leaves the footer free; while it shows, the page keeps its height free when scrolling a
 * focused element into view (`scroll-padding-bottom`), so it never hides the button a keyboard user reaches. Pressing
 * it brings the full summary into view and moves the focus there.
 */
export function PriceSummaryBar({ session }: { session: ConfigureSession }) {
  const { t, i18n } = useLingui()
  const selection = useSelection(session.configure)
  const { quantity, isBusiness, price, printability } = useOrderSummary(session, selection)
  const pieces = t({ message: plural(quantity, { one: '# Stück', other: '# Stück' }) })

  return (
    <div className="price-summary-bar">
      <button
        type="button"
        className="price-summary-bar__button"
        aria-controls={ORDER_SUMMARY_ID}
        onClick={() => {
          const summary = document.getElementById(ORDER_SUMMARY_ID)
          summary?.scrollIntoView({ block: 'start' })
          summary?.focus({ preventScroll: true })
        }}
      >
        <span className="price-summary-bar__total">
          <Total view={price} isBusiness={isBusiness} />
          {price.kind === 'priced' && <span className="price-summary-bar__pieces"> ({pieces})</span>}
        </span>
        <span className="price-summary-bar__more">
          <Trans>Details</Trans>
        </span>
        {(price.kind === 'priced' || printability.kind === 'message') && (
          <span className="price-summary-bar__facts">
            {price.kind === 'priced' && (
              <span className="price-summary-bar__production">
                {t({
                  message: plural(price.price.productionTimeDays, { one: '# Werktag', other: '# Werktage' }),
                })}
              </span>
            )}
            {printability.kind === 'message' && (
              <span className="price-summary-bar__state" data-severity={printability.severity}>
                {i18n._(printabilityTexts[printability.message].title)}
              </span>
            )}
          </span>
        )}
      </button>
    </div>
  )
}

function Total({ view, isBusiness }: { view: PriceView; isBusiness: boolean }) {
  if (view.kind === 'choosePrintMode') return <Trans>Noch kein Druckverfahren gewählt</Trans>
  if (view.kind === 'calculating') return <Trans>Preis wird berechnet …</Trans>
  if (view.kind === 'failed') return <Trans>Kein Preis verfügbar</Trans>
  if (view.kind === 'placeholder') return <Money placeholder />
  return (
    <Money
      net={view.price.linePrice.netPrice}
      gross={view.price.linePrice.totalPrice}
      isBusiness={isBusiness}
    />
  )
}
