import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ConfigurationPrice } from '#shared/contracts/pricing.contract.ts'
import { errorTexts } from '#client/i18n/error-texts.ts'
import { Money, TaxNote } from '#client/common/price-texts.tsx'

/** What the price box shows (spec part 1 §2, §4, §8 "non-printable selection", §9). */
export type PriceView =
  | { kind: 'choosePrintMode' }
  | { kind: 'calculating' }
  | { kind: 'failed' }
  /** Not printable (or not priced): the empty-value currency placeholder. */
  | { kind: 'placeholder' }
  | { kind: 'priced'; price: ConfigurationPrice }

export function priceViewOf(input: {
  scale: number
  printModeId: string | null
  isCalculating: boolean
  hasFailed: boolean
  selectedPrice: ConfigurationPrice | undefined
  /** The quantity or scale field holds a refused value: no total of the last valid one (issue 14, item 5). */
  hasRefusedField?: boolean
}): PriceView {
  if (input.printModeId === null) return { kind: 'choosePrintMode' }
  if (!(input.scale > 0) || input.hasRefusedField === true) return { kind: 'placeholder' }
  if (input.isCalculating) return { kind: 'calculating' }
  if (input.hasFailed) return { kind: 'failed' }
  if (!input.selectedPrice || !input.selectedPrice.printable) return { kind: 'placeholder' }
  return { kind: 'priced', price: input.selectedPrice }
}

/**
 * Unit and line price, net for business customers ("zzgl. X % MwSt.") and gross for private ones ("inkl. X %
 * MwSt."), "keine MwSt. enthalten" at 0 %, and the production time; skeletons and "wird berechnet" while
 * calculating, the currency placeholder for a selection that cannot be printed.
 */
export function PriceBox({
  view,
  quantity,
  isBusiness,
}: {
  view: PriceView
  quantity: number
  isBusiness: boolean
}) {
  const { i18n, t } = useLingui()
  if (view.kind === 'choosePrintMode') {
    return (
      <div className="price-box">
        <p className="price-box__hint">
          <Trans>Wählen Sie ein Druckverfahren, um den Preis zu sehen.</Trans>
        </p>
      </div>
    )
  }
  const pieces = t({ message: plural(quantity, { one: '# Stück', other: '# Stück' }) })
  const amount = (line: boolean) => {
    if (view.kind === 'calculating') return <span className="skeleton skeleton--price" aria-hidden="true" />
    if (view.kind !== 'priced') return <Money placeholder />
    const price = line ? view.price.linePrice : view.price.price
    return <Money net={price.netPrice} gross={price.totalPrice} isBusiness={isBusiness} />
  }

  return (
    <div className="price-box" aria-busy={view.kind === 'calculating'}>
      <dl className="price-box__amounts">
        <div>
          <dt>
            <Trans>Stückpreis</Trans>
          </dt>
          <dd>{amount(false)}</dd>
        </div>
        <div className="price-box__total">
          <dt>
            <Trans>Gesamtpreis ({pieces})</Trans>
          </dt>
          <dd>{amount(true)}</dd>
        </div>
      </dl>
      {view.kind === 'calculating' && (
        <p className="price-box__hint">
          <Trans>Preis wird berechnet …</Trans>
        </p>
      )}
      {view.kind === 'failed' && <p className="field-error">{i18n._(errorTexts.pricing_failed)}</p>}
      {view.kind === 'placeholder' && (
        <p className="price-box__hint">
          <Trans>Für diese Auswahl können wir keinen Preis nennen.</Trans>
        </p>
      )}
      {view.kind === 'priced' && (
        <>
          <p className="price-box__tax">
            <TaxNote taxRate={view.price.price.taxRate} isBusiness={isBusiness} />
          </p>
          <p className="price-box__production">
            <Trans>
              Produktionszeit:{' '}
              {plural(view.price.productionTimeDays, { one: '# Werktag', other: '# Werktage' })}
            </Trans>
          </p>
        </>
      )}
    </div>
  )
}
