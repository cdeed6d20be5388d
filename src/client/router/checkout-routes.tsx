import { PaymentDetailsPage } from '#client/features/checkout/payment-details-page.tsx'
import { RedirectingPage } from '#client/features/checkout/redirecting-page.tsx'
import { ReviewOrderPage } from '#client/features/checkout/review-order-page.tsx'
import { ReviewVoucher } from './review-voucher.tsx'

/**
 * The checkout's route pages (issue 16), one lazy chunk. The review page's voucher form comes from the voucher
 * feature; features do not import each other, so the composition lives here (`voucherSlot`).
 */
export function PaymentDetailsRoutePage() {
  return <PaymentDetailsPage />
}

export function ReviewOrderRoutePage() {
  return <ReviewOrderPage voucherSlot={<ReviewVoucher />} />
}

export function RedirectingRoutePage() {
  return <RedirectingPage />
}
