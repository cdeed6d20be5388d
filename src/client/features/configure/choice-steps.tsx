import { focusOnAppear } from '#client/common/focus.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { isPriceLoading } from '#machines/pricing/pricing.machine.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { errorTexts } from '#client/i18n/error-texts.ts'
import { notificationTexts } from '#client/i18n/notification-texts.ts'
import { useIsBusinessCustomer } from '#client/common/price-texts.tsx'
import {
  cardPriceFor,
  findPrintMode,
  selectFinishEvent,
  selectPrintModeEvent,
} from '#client/common/catalogue.ts'
import { ColourPicker } from './colour-picker.tsx'
import { OrderSummary } from './order-summary.tsx'
import { PrintModeCard } from './print-mode-card.tsx'
import { useCatalogue } from '#client/common/use-catalogue.ts'
import { useSelection } from './use-configure.ts'

/**
 * Step 1 (spec part 1 §2, §4): the print-mode cards with their prices, the colour, quantity, price and printability,
 * and "choose finishes" (enabled only for a printable selection while nothing is being added).
 */
export function MaterialsStep({ session }: { session: ConfigureSession }) {
  const { configure, pricing } = session
  const id = useId()
  const isBusiness = useIsBusinessCustomer()
  const catalogue = useCatalogue()
  const selection = useSelection(configure)
  const printMode = findPrintMode(catalogue.printModes, selection.printModeId)
  const pricesByPrintMode = useSelector(pricing, (snapshot) => snapshot.context.pricesByPrintMode)
  const loadingFlags = useSelector(pricing, (snapshot) =>
    catalogue.printModes.map((mode) => isPriceLoading(snapshot.context, mode.id)).join(),
  ).split(',')
  const canSelect = useSelector(configure, (snapshot) =>
    snapshot.can({
      type: 'configure.selectPrintMode',
      printModeId: '',
      firstFinishId: null,
      firstColorId: null,
    }),
  )
  const canChooseFinishes = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.chooseFinishes' }),
  )

  return (
    <section className="configure-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={focusOnAppear}>
        <Trans>Material und Druckverfahren</Trans>
      </h2>
      <CatalogueStatus catalogue={catalogue} />
      {catalogue.printModes.length > 0 && (
        <fieldset className="print-modes">
          <legend className="visually-hidden">
            <Trans>Druckverfahren</Trans>
          </legend>
          {catalogue.printModes.map((mode, index) => (
            <PrintModeCard
              key={mode.id}
              name={`${id}-print-mode`}
              printMode={mode}
              isSelected={mode.id === selection.printModeId}
              canSelect={canSelect}
              onSelect={() => configure.send(selectPrintModeEvent(mode))}
              price={cardPriceFor(mode, pricesByPrintMode[mode.id], selection)}
              isPriceLoading={loadingFlags[index] === 'true'}
              isBusiness={isBusiness}
            />
          ))}
        </fieldset>
      )}
      {printMode && <ColourPicker session={session} printMode={printMode} selection={selection} />}
      <OrderSummary session={session} selection={selection} />
      <div className="configure-step__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!canChooseFinishes}
          onClick={() => configure.send({ type: 'configure.chooseFinishes' })}
        >
          <Trans>Oberfläche wählen</Trans>
        </button>
      </div>
    </section>
  )
}

/**
 * Step 2 (spec part 1 §2, §4): the finishes (choosing one selects its first colour), the colours, "go back",
 * quantity, price and "add to cart" (enabled only for a printable selection with the repair agreement, while nothing
 * is being added).
 */
export function FinishesStep({ session }: { session: ConfigureSession }) {
  const { configure } = session
  const { t, i18n } = useLingui()
  const id = useId()
  const catalogue = useCatalogue()
  const selection = useSelection(configure)
  const printMode = findPrintMode(catalogue.printModes, selection.printModeId)
  const finishes = printMode?.surfaceFinishes ?? []
  const isAdding = useSelector(configure, (snapshot) => snapshot.hasTag('adding'))
  const error = useSelector(configure, (snapshot) => snapshot.context.error)
  const canSelectFinish = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.selectFinish', finishId: '', firstColorId: null }),
  )
  const canGoBack = useSelector(configure, (snapshot) => snapshot.can({ type: 'configure.back' }))
  const canAddToCart = useSelector(configure, (snapshot) => snapshot.can({ type: 'configure.addToCart' }))

  return (
    <section className="configure-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={focusOnAppear}>
        <Trans>Oberfläche und Farbe</Trans>
      </h2>
      {printMode && (
        <p className="configure-step__chosen">
          <Trans>Druckverfahren: {printMode.name}</Trans>
        </p>
      )}
      {finishes.length === 0 ? (
        <p>
          <Trans>Für dieses Druckverfahren gibt es keine Oberflächenveredelung.</Trans>
        </p>
      ) : (
        <fieldset className="finishes">
          <legend>
            <Trans>Oberfläche</Trans>
          </legend>
          {finishes.map((finish) => (
            <label key={finish.id} className="finish" data-selected={finish.id === selection.surfaceFinishId}>
              <input
                type="radio"
                name={`${id}-finish`}
                checked={finish.id === selection.surfaceFinishId}
                disabled={!canSelectFinish}
                onChange={() => configure.send(selectFinishEvent(finish))}
              />
              <span>
                <span className="finish__name">{finish.properties.name}</span>
                <span className="finish__description">{finish.properties.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {printMode && <ColourPicker session={session} printMode={printMode} selection={selection} />}
      <OrderSummary session={session} selection={selection} />
      {error === 'add-to-cart-failure' && (
        <p className="notice notice--warning" role="alert">
          {i18n._(notificationTexts['add-to-cart-failure'].body)}
        </p>
      )}
      <div className="configure-step__actions">
        <button
          type="button"
          className="button"
          disabled={!canGoBack}
          onClick={() => configure.send({ type: 'configure.back' })}
        >
          <Trans>Zurück</Trans>
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!canAddToCart}
          aria-busy={isAdding}
          onClick={() => configure.send({ type: 'configure.addToCart' })}
        >
          {isAdding ? t`Wird hinzugefügt …` : t`In den Warenkorb`}
        </button>
      </div>
    </section>
  )
}

/** While the print modes load: placeholders; when they could not be loaded: the warning and a retry. */
function CatalogueStatus({ catalogue }: { catalogue: ReturnType<typeof useCatalogue> }) {
  const { printModes: printModesActor } = useAppActors()
  const { i18n } = useLingui()
  return (
    <>
      {catalogue.isLoading && catalogue.printModes.length === 0 && (
        <div className="print-modes print-modes--loading" aria-busy="true">
          <span className="skeleton skeleton--card" aria-hidden="true" />
          <span className="skeleton skeleton--card" aria-hidden="true" />
          <p>
            <Trans>Druckverfahren werden geladen …</Trans>
          </p>
        </div>
      )}
      {catalogue.hasFailed && (
        <div className="notice notice--warning" role="alert">
          <p>{i18n._(errorTexts.service_unavailable)}</p>
          <button
            type="button"
            className="button"
            onClick={() => printModesActor.send({ type: 'printModes.retry' })}
          >
            <Trans>Erneut laden</Trans>
          </button>
        </div>
      )}
    </>
  )
}
