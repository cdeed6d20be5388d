import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { useIsBusinessCustomer } from '#client/common/price-texts.tsx'
import { priceFor } from '#client/common/catalogue.ts'
import { PriceBox, priceViewOf } from './price-box.tsx'
import { printabilityViewOf } from './printability.ts'
import { PrintabilityMessage } from './printability-message.tsx'
import { QuantityInput } from '#client/common/quantity-input.tsx'
import { useCatalogue } from '#client/common/use-catalogue.ts'
import { type Selection } from './use-configure.ts'

/** Quantity, price and the printability message under steps 1 and 2. */
export function OrderSummary({ session, selection }: { session: ConfigureSession; selection: Selection }) {
  const { t } = useLingui()
  const { configure, pricing } = session
  const isBusiness = useIsBusinessCustomer()
  const catalogue = useCatalogue()
  const quantity = useSelector(configure, (snapshot) => snapshot.context.quantity)
  const quantityError = useSelector(configure, (snapshot) => snapshot.context.quantityError)
  const scale = useSelector(configure, (snapshot) => snapshot.context.scale)
  const hasRefusedField = useSelector(
    configure,
    (snapshot) => snapshot.context.quantityError !== null || snapshot.context.scaleError !== null,
  )
  const file = useSelector(configure, (snapshot) => snapshot.context.file)
  const canSetQuantity = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.setQuantity', quantity: snapshot.context.quantity }),
  )
  const isCalculating =
    useSelector(pricing, (snapshot) => snapshot.hasTag('calculating')) || catalogue.isLoading
  const hasFailed = useSelector(pricing, (snapshot) => snapshot.hasTag('error'))
  const printabilityForAll = useSelector(pricing, (snapshot) => snapshot.context.printabilityForAll)
  const selectedPrice = useSelector(pricing, (snapshot) =>
    selection.printModeId === null
      ? undefined
      : priceFor(
          snapshot.context.pricesByPrintMode[selection.printModeId],
          selection.surfaceFinishId,
          selection.colorId,
        ),
  )

  return (
    <div className="order-summary">
      <QuantityInput
        label={t`Menge`}
        value={quantity}
        error={quantityError}
        disabled={!canSetQuantity}
        onChange={(value) => configure.send({ type: 'configure.setQuantity', quantity: value })}
      />
      <PriceBox
        quantity={quantity}
        isBusiness={isBusiness}
        view={priceViewOf({
          scale,
          printModeId: selection.printModeId,
          isCalculating,
          hasFailed,
          selectedPrice,
          hasRefusedField,
        })}
      />
      <PrintabilityMessage
        view={printabilityViewOf({
          scale,
          isCalculating,
          printModeId: selection.printModeId,
          selectedPrice,
          printabilityForAll,
          file,
        })}
      />
    </div>
  )
}
