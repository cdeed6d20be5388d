import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { coloursFor, priceFor, selectColourEvent } from '#client/common/catalogue.ts'
import { type Selection } from './use-configure.ts'

/**
 * The colours of the chosen finish (or of the print mode without finishes). A colour is selectable only if it
 * supports the current finish (`snapshot.can`); one the last prices call not printable has a warning style and the
 * title "Nicht druckbar" (spec part 1 §8).
 */
export function ColourPicker({
  session,
  printMode,
  selection,
}: {
  session: ConfigureSession
  printMode: PrintMode
  selection: Selection
}) {
  const { t } = useLingui()
  const name = useId()
  const { configure, pricing } = session
  const colours = coloursFor(printMode, selection.surfaceFinishId)
  const prices = useSelector(pricing, (snapshot) => snapshot.context.pricesByPrintMode[printMode.id])
  const selectable = useSelector(configure, (snapshot) =>
    colours.map((colour) => snapshot.can(selectColourEvent(colour))).join(),
  ).split(',')
  if (colours.length === 0) return null

  return (
    <fieldset className="colours">
      <legend>
        <Trans>Farbe</Trans>
      </legend>
      <div className="colours__list">
        {colours.map((colour, index) => {
          const notPrintable = priceFor(prices, selection.surfaceFinishId, colour.id)?.printable === false
          const isSelected = colour.id === selection.colorId
          return (
            <label
              key={colour.id}
              className="swatch"
              data-selected={isSelected}
              data-printable={!notPrintable}
              title={notPrintable ? t`Nicht druckbar` : colour.name}
            >
              <input
                type="radio"
                name={name}
                checked={isSelected}
                disabled={selectable[index] !== 'true'}
                onChange={() => configure.send(selectColourEvent(colour))}
              />
              <span className="swatch__chip" style={{ background: colour.hex }} aria-hidden="true" />
              <span className="swatch__name">{colour.name}</span>
              {notPrintable && (
                <span className="swatch__warning">
                  <Trans>Nicht druckbar</Trans>
                </span>
              )}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
