import type { BillingAddress } from '#shared/contracts/account.contract.ts'
import type {
  CheckoutRequest,
  CheckoutResponse,
  Order,
  OrderListEntry,
  OrderPreviewRequest,
  OrderPreviewResponse,
} from '#shared/contracts/checkout.contract.ts'
import type { Discount } from '#shared/contracts/checkout.contract.ts'
import type { PaymentMethodId } from '#shared/domain/payment-methods.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { CartCheckout } from '#server/modules/cart/cart.module.ts'
import type { OrderAccess } from '#server/modules/orders/order-access.ts'
import type { OrderPayments } from '#server/modules/orders/order-payments.ts'
import type { OrderPlacement } from '#server/modules/orders/order-placement.ts'
import { type BankDetails, listEntryOf, presentOrder } from '#server/modules/orders/order-present.ts'
import {
  checkVoucher,
  discountAnswer,
  type OrderPricing,
  previewAnswer,
  type Shopper,
} from '#server/modules/orders/order-pricing.ts'
import type { OrderRepo, OrderRow, StoredAddress } from '#server/modules/orders/order.repo.ts'

/**
 * The orders module's operations as the routes call them: vouchers, preview, placement, the reads with their
 * access rule, re-order and new payment details. Access: the owner's session, or the guest access token; anything
 * else is the same 404 as an unknown order (commerce-reliability check 38).
 */

export interface Viewer {
  userId: string | null
  /** The `?access=` token, if any. */
  token: string | undefined
}

export interface OrdersServiceDeps {
  repo: OrderRepo
  access: OrderAccess
  pricing: OrderPricing
  placement: OrderPlacement
  payments: OrderPayments
  cart: Pick<CartCheckout, 'createCartWith'>
  bankDetails: BankDetails
}

export const orderNotFound = () =>
  new AppError(ErrorCode.NotFound, 'Unknown order', { details: { resource: 'order' } })

const BILLING_FIELDS = [
  'title',
  'firstname',
  'lastname',
  'company',
  'street',
  'addressSuffix',
  'postalCode',
  'city',
  'countryId',
  'vatRegistrationNumber',
  'email',
] as const

/** The customer's address fields of a stored address (without the country's name and code). */
function billingOf(stored: StoredAddress): BillingAddress {
  const entries = BILLING_FIELDS.map((field) => [field, stored[field] ?? ''])
  return Object.fromEntries(entries) as BillingAddress
}

/** A re-order's request: the old order's addresses, method and shipping method, no voucher. */
function reorderRequest(row: OrderRow, cartId: string): CheckoutRequest {
  const { vatRegistrationNumber: _vat, email: _email, ...shipping } = billingOf(row.shipping_address)
  return {
    cartId,
    isBusinessCustomer: row.is_business,
    discountId: null,
    termsAccepted: true,
    expectedTotalCents: 0,
    paymentDetails: {
      email: row.email,
      phone: row.phone,
      billingPaymentMethod: row.payment_method,
      shippingMethodId: row.shipping_method_id,
      signUpToNewsletter: false,
      customerRemarks: { referenceNumber: row.reference_number },
      billingAddress: billingOf(row.billing_address),
      shippingAddress: shipping,
      saveNewAddress: false,
    },
  }
}

export function createOrdersService(deps: OrdersServiceDeps) {
  const { repo, access } = deps

  async function present(row: OrderRow, owner: boolean): Promise<Order> {
    return presentOrder(row, await repo.listLines(row.id), { owner, bankDetails: deps.bankDetails })
  }

  /** The order if the viewer may read it, and whether the viewer is its owner; else 404. */
  async function readable(orderId: string, viewer: Viewer): Promise<{ row: OrderRow; owner: boolean }> {
    const row = await repo.findOrder(orderId)
    if (row === undefined) throw orderNotFound()
    const owner = row.user_id !== null && row.user_id === viewer.userId
    if (!owner && !access.matches(row.access_token_hash, viewer.token)) throw orderNotFound()
    return { row, owner }
  }

  return {
    async validateDiscount(code: string, loggedIn: boolean): Promise<Discount> {
      return discountAnswer(checkVoucher(await repo.findVoucherByCode(code), loggedIn))
    },

    async preview(request: OrderPreviewRequest, shopper: Shopper): Promise<OrderPreviewResponse> {
      return previewAnswer(await deps.pricing.price(request, shopper, false))
    },

    place: (request: CheckoutRequest, shopper: Shopper): Promise<CheckoutResponse> =>
      deps.placement.place(request, shopper),

    /** The cart's order, answered as its placement was (undefined while the cart is no order). */
    async existingOrder(cartId: string): Promise<CheckoutResponse | undefined> {
      const row = await repo.findOrderOfCart(cartId)
      return row === undefined ? undefined : deps.placement.answerFor(row)
    },

    async order(orderId: string, viewer: Viewer): Promise<Order> {
      const { row, owner } = await readable(orderId, viewer)
      return present(row, owner)
    },

    /** The order the payments port and the outbox hand on (the owner's view). */
    async orderForPayments(orderId: string): Promise<{ order: Order; accessToken: string } | undefined> {
      const row = await repo.findOrder(orderId)
      if (row === undefined) return undefined
      return { order: await present(row, true), accessToken: access.tokenOf(row.id) }
    },

    async userOrders(userId: string): Promise<OrderListEntry[]> {
      return (await repo.listUserOrders(userId)).map(listEntryOf)
    },

    /** The legacy tracking link: the order number and the order's e-mail together (no token, no actions). */
    async trackOrder(orderNumber: string, email: string): Promise<Order> {
      const row = await repo.findByNumberAndEmail(orderNumber, email)
      if (row === undefined) throw orderNotFound()
      return present(row, false)
    },

    /** The same lines in a new cart, priced now, placed with the old order's addresses and method. */
    async reorder(orderId: string, shopper: Shopper): Promise<CheckoutResponse> {
      const { row, owner } = await readable(orderId, { userId: shopper.userId, token: undefined })
      if (!owner) throw orderNotFound()
      if (!(await present(row, owner)).actions.reorder)
        throw new AppError(ErrorCode.Conflict, 'Only a paid order can be ordered again')
      const lines = await repo.listLines(row.id)
      const cartId = await deps.cart.createCartWith(
        row.white_label_id,
        shopper.locale,
        lines.map((line) => ({
          objectId: line.model_file_id,
          quantity: line.quantity,
          scale: line.scale,
          printModeId: line.print_mode_id,
          surfaceFinishId: line.surface_finish_id,
          colorId: line.color_id,
        })),
      )
      const request = reorderRequest(row, cartId)
      const priced = await deps.pricing.price(request, shopper, true)
      request.expectedTotalCents = priced.computed.amounts.total.totalCents
      return deps.placement.place(request, shopper)
    },

    async updatePayment(
      orderId: string,
      viewer: Viewer,
      request: { method: PaymentMethodId; expectedTotalCents: number },
    ): Promise<CheckoutResponse> {
      const { row } = await readable(orderId, viewer)
      return deps.payments.updatePayment(row, { ...request, loggedIn: viewer.userId !== null })
    },

    async pdfOf(orderId: string, viewer: Viewer): Promise<{ order: Order }> {
      const { row, owner } = await readable(orderId, viewer)
      return { order: await present(row, owner) }
    },
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>
