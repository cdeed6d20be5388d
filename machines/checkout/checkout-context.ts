import type { OrderPreviewRequestInput } from '#shared/contracts/checkout.contract.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, httpStatusOf } from '#machines/api-call/api-error.ts'
import { SYSTEM_IDS, tell } from '#machines/order-flow/system-ids.ts'
import { emptyDraft, paymentDetailsOf, selectedPaymentMethod } from './checkout-form.ts'
import type { CheckoutReport, Context, Event, PlaceOrderInput } from './checkout.types.ts'

// The checkout machine's named parts that read or build its context: the empty context, the calls' inputs, the
// action helpers (checkout.machine.ts wires them into its states).

/** A checkout before it is opened, and what `checkout.open` starts from. */
export const EMPTY_CONTEXT: Context = {
  orderId: null,
  access: null,
  step: 'details',
  wantsQuote: false,
  setup: null,
  draft: emptyDraft([]),
  addressChanged: false,
  showIssues: false,
  shippingMethodId: null,
  preview: null,
  termsAccepted: false,
  discount: null,
  idempotencyKey: null,
  attempts: 0,
  notice: null,
  error: null,
  result: null,
}

/** The preview request for the context (the guards let only a complete form through). */
export function previewRequestOf(context: Context): OrderPreviewRequestInput {
  const paymentDetails = paymentDetailsOf(context)
  const cartId = context.setup?.cartId
  if (paymentDetails === null || !cartId) throw new Error('checkout: no complete payment details')
  return {
    cartId,
    paymentDetails,
    isBusinessCustomer: context.setup?.isBusinessCustomer ?? false,
    discountId: context.discount?._id ?? null,
  }
}

/** The placement call for the context: the total the review showed is the one the server must confirm. */
export function placeOrderInputOf(context: Context): PlaceOrderInput {
  const expectedTotalCents = context.preview?.amounts.total.totalCents ?? 0
  if (context.orderId !== null) {
    const method = selectedPaymentMethod(context)
    if (method === null) throw new Error('checkout: no payment method')
    return {
      kind: 'existing',
      orderId: context.orderId,
      access: context.access,
      request: { billingPaymentMethod: method, termsAccepted: true, expectedTotalCents },
    }
  }
  if (context.idempotencyKey === null) throw new Error('checkout: placing without an idempotency key')
  return {
    kind: 'new',
    request: { ...previewRequestOf(context), termsAccepted: true, expectedTotalCents },
    idempotencyKey: context.idempotencyKey,
  }
}

/** No answer, a server failure or a placement still running: the same attempt may be tried again with its key. */
export const isRetryable = (error: unknown): boolean => {
  const status = httpStatusOf(error)
  return status === null || status >= 500 || errorCodeOf(error) === ErrorCode.OrderInProgress
}

export const resultParams = (context: Context) => ({
  orderId: context.result?.order._id ?? '',
  accessToken: context.result?.order.accessToken ?? '',
})

export const reportCompleted = ({
  context,
  system,
}: {
  context: Context
  system: Parameters<typeof tell>[0]
}) => {
  const orderId = context.result?.order._id
  if (!orderId) return
  const report: CheckoutReport = { type: 'checkout.completed', orderId }
  tell(system, SYSTEM_IDS.orderFlow, report)
}

/** Which checkout page to show: an existing order's keeps a guest's access token in its URL. */
export type PageTarget = { orderId: string | null; access: string | null }
export const pageTargetOf = ({ context }: { context: Context }): PageTarget => ({
  orderId: context.orderId,
  access: context.access,
})

type OpenEvent = Extract<Event, { type: 'checkout.open' }>
export const openedParams = (event: OpenEvent) => ({
  orderId: event.orderId,
  access: event.access ?? null,
  step: event.step,
  quote: event.quote ?? false,
})

export const editStored = [
  'markEdited',
  { type: 'storeDraft', params: ({ context }: { context: Context }) => ({ draft: context.draft }) },
] as const
