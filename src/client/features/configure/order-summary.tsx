import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { PriceBox } from './price-box.tsx'
import { PrintabilityMessage } from './printability-message.tsx'
import { QuantityInput } from '#client/common/quantity-input.tsx'
import { useOrderSummary } from './use-order-summary.ts'
import { type Selection } from './use-configure.ts'

/** The full summary's id: the short summary bar on phones brings it into view (one step, so one summary, at a time). */
export const ORDER_SUMMARY_ID = 'configure-order-summary'

/**
 * Quantity, price and the printability message under steps 1 and 2. On phones and tablets the short summary bar
 * (`price-summary-bar.tsx`) brings it into view and focuses it (tabIndex −1), so a screen reader continues here.
 */
export function OrderSummary({ session, selection }: { session: ConfigureSession; selection: Selection }) {
  const { t } = useLingui()
  const { configure } = session
  const summary = useOrderSummary(session, selection)
  const quantityError = useSelector(configure, (snapshot) => snapshot.context.quantityError)
  const canSetQuantity = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.setQuantity', quantity: snapshot.context.quantity }),
  )

  return (
    <div className="order-summary" id={ORDER_SUMMARY_ID} tabIndex={-1}>
      <QuantityInput
        label={t`Menge`}
        value={summary.quantity}
        error={quantityError}
        disabled={!canSetQuantity}
        onChange={(value) => configure.send({ type: 'configure.setQuantity', quantity: value })}
      />
      <PriceBox quantity={summary.quantity} isBusiness={summary.isBusiness} view={summary.price} />
      <PrintabilityMessage view={summary.printability} />
    </div>
  )
}
