import { useSelector } from '@xstate/react'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { useIsBusinessCustomer } from '#client/common/price-texts.tsx'
import { priceFor } from '#client/common/catalogue.ts'
import { useCatalogue } from '#client/common/use-catalogue.ts'
import { type PriceView, priceViewOf } from './price-box.tsx'
import { type PrintabilityView, printabilityViewOf } from './printability.ts'
import { type Selection } from './use-configure.ts'

export type OrderSummaryState = {
  quantity: number
  isBusiness: boolean
  price: PriceView
  printability: PrintabilityView
}

/**
 * The price and printability of the current selection, read from the configure and pricing machines: one reading
 * for the full summary under the step and the short bar that keeps it in view on phones (issue 14, item 10).
 */
export function useOrderSummary(session: ConfigureSession, selection: Selection): OrderSummaryState {
  const { configure, pricing } = session
  const isBusiness = useIsBusinessCustomer()
  const catalogue = useCatalogue()
  const quantity = useSelector(configure, (snapshot) => snapshot.context.quantity)
  const scale = useSelector(configure, (snapshot) => snapshot.context.scale)
  const hasRefusedField = useSelector(
    configure,
    (snapshot) => snapshot.context.quantityError !== null || snapshot.context.scaleError !== null,
  )
  const file = useSelector(configure, (snapshot) => snapshot.context.file)
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
  return {
    quantity,
    isBusiness,
    price: priceViewOf({
      scale,
      printModeId: selection.printModeId,
      isCalculating,
      hasFailed,
      selectedPrice,
      hasRefusedField,
    }),
    printability: printabilityViewOf({
      scale,
      isCalculating,
      printModeId: selection.printModeId,
      selectedPrice,
      printabilityForAll,
      file,
    }),
  }
}
