import { useSelector } from '@xstate/react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { VoucherForm } from '#client/features/voucher/voucher-form.tsx'

/**
 * The voucher form in the review page's voucher slot (issue 16): the order flow's voucher child, compared with the
 * items' net total before any discount. The review's server preview has that total; until it arrives the cart's
 * lines give it (the same server prices).
 */
export function ReviewVoucher() {
  const { voucher, checkout, cart } = useAppActors()
  const previewNet = useSelector(
    checkout,
    (snapshot) => snapshot.context.preview?.amounts.beforeDiscount.netCents ?? null,
  )
  const cartNet = useSelector(cart, (snapshot) =>
    snapshot.context.items.reduce((sum, item) => sum + item.pricing.netPrice, 0),
  )
  return <VoucherForm actor={voucher} itemNetCents={previewNet ?? cartNet} />
}
