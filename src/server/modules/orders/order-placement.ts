import type { Address, BillingAddress } from '#shared/contracts/account.contract.ts'
import type {
  CheckoutRequest,
  CheckoutResponse,
  PaymentDetails,
} from '#shared/contracts/checkout.contract.ts'
import type { ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import { addressIssues } from '#shared/domain/forms/address.ts'
import { initialOrderStatus, initialPaymentStatus } from '#shared/domain/order-status.ts'
import { paymentRefusal, type PaymentMethodId } from '#shared/domain/payment-methods.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode, type ErrorIssue } from '#shared/errors/error-codes.ts'
import type { Db, Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { CartCheckout } from '#server/modules/cart/cart.module.ts'
import { unitAmount } from '#server/modules/orders/order-amounts.ts'
import type { OrderAccess } from '#server/modules/orders/order-access.ts'
import type { PaymentStarter } from '#server/modules/orders/order-ports.ts'
import type { OrderPricing, PricedCheckout, Shopper } from '#server/modules/orders/order-pricing.ts'
import type {
  NewOrder,
  OrderLineRow,
  OrderRepo,
  OrderRow,
  StoredAddress,
} from '#server/modules/orders/order.repo.ts'

/**
 * Placing an order (issue 16; decision 0094). Everything slow happens before the one transaction: the cart priced
 * from server data, the addresses and the payment method checked, the client's expected total compared. The
 * transaction then only locks the cart row, returns the cart's order if it has one, compares the cart's version
 * with the priced snapshot, counts the voucher and writes. Mails leave through the outbox and the payment provider
 * is called after the commit, never inside the transaction (on PGlite a transaction holds the whole database).
 */

/** What the orders module needs of the accounts (the auth module's face, wired in app.ts). */
export interface OrderAccounts {
  account(userId: string): Promise<{ termsOfPaymentDays: number; isVerifiedCompany: boolean } | undefined>
  /** Keeps the checkout's addresses on the account (the customer asked to, `saveNewAddress`). */
  saveAddresses(
    userId: string,
    input: { phone: string; billingAddress: BillingAddress; shippingAddress: Address | null },
  ): Promise<void>
}

export interface PlacementDeps {
  db: Db
  repo: OrderRepo
  pricing: OrderPricing
  cart: CartCheckout
  accounts: OrderAccounts
  payments: PaymentStarter
  access: OrderAccess
  countries(locale: Shopper['locale']): Promise<readonly ShippingCountry[]>
  /** The outbox sends what a commit queued (never awaited by the answer). */
  wakeOutbox(): void
  /** Test fault hook: runs right after the order's commit (tests kill the process there). */
  afterCommit?: (() => void) | undefined
  log: { error(object: object, message: string): void }
}

/** The placement's answer for a committed order; a PayPal order still to be paid gets its approval link. */
export function createOrderAnswers(deps: Pick<PlacementDeps, 'repo' | 'access' | 'payments' | 'log'>) {
  const { repo, access } = deps
  /** The answer for an order: a PayPal order still to be paid gets its approval link (found again if it exists). */
  async function answerFor(row: OrderRow): Promise<CheckoutResponse> {
    const accessToken = access.tokenOf(row.id)
    const order = {
      _id: row.id,
      orderNumber: row.order_number,
      accessToken,
      orderStatus: row.status,
      paymentStatus: row.payment_status,
    }
    const unpaid = row.payment_status === 'PAYMENT_PENDING' || row.payment_status === 'PAYMENT_FAILED'
    if (row.payment_method !== 'paypal' || !unpaid) return { order, payment: null }
    try {
      const payment = await deps.payments.startPayment({
        orderId: row.id,
        orderNumber: row.order_number,
        amountCents: row.total_gross_cents,
        locale: row.locale,
        accessToken,
      })
      return { order, payment }
    } catch (error) {
      deps.log.error({ err: error, orderId: row.id }, 'payment could not be started')
      // The order stands (PAYMENT_PENDING): the customer pays later from the order page ("pay now").
      throw new AppError(ErrorCode.PaymentFailed, 'The payment provider failed; the order is kept', {
        details: { orderId: row.id, accessToken },
      })
    }
  }

  async function committedOrder(orderId: string): Promise<OrderRow> {
    const row = await repo.findOrder(orderId)
    if (row === undefined) throw new Error(`order ${orderId} vanished after its commit`)
    return row
  }

  return { answerFor, committedOrder }
}

/** The cart changed between its snapshot and its lock this often in a row: the client looks again. */
const PLACEMENT_ATTEMPTS = 3

const cartChanged = (priced: PricedCheckout) =>
  new AppError(ErrorCode.CartChanged, 'The cart or its prices changed', {
    details: { amounts: priced.computed.amounts },
  })

function addressProblems(
  details: PaymentDetails,
  countries: readonly ShippingCountry[],
  isBusiness: boolean,
) {
  const issues: ErrorIssue[] = []
  const collect = (kind: 'billing' | 'shipping', address: PaymentDetails['billingAddress']) => {
    const found = addressIssues(address, { countries, isBusinessCustomer: isBusiness, kind })
    for (const [field, code] of Object.entries(found))
      issues.push({ path: ['paymentDetails', `${kind}Address`, field], code: String(code) })
  }
  collect('billing', details.billingAddress)
  if (details.shippingAddress !== null)
    collect('shipping', { ...details.shippingAddress, vatRegistrationNumber: '', email: '' })
  return issues
}

function storedAddress(address: Address | BillingAddress, country: ShippingCountry): StoredAddress {
  return { ...address, countryName: country.country, countryCode: country.countryCode }
}

/** The order's lines: the cart's items frozen, amounts before the discount at the order's rate. */
export function orderLinesOf(priced: PricedCheckout): OrderLineRow[] {
  const rate = priced.computed.amounts.taxRatePercent
  return priced.snapshot.lines.map((line, position) => {
    const unit = unitAmount(line.unitNetCents, rate)
    const total = priced.computed.totals.beforeDiscount[position]!
    return {
      id: newId(),
      position,
      model_file_id: line.modelFileId,
      model_name: line.modelName,
      unit_of_length: line.unit,
      scale: line.scale,
      quantity: line.quantity,
      dimensions: line.dimensions,
      print_mode_id: line.printModeId,
      print_mode_name: line.printModeName,
      surface_finish_id: line.surfaceFinishId,
      surface_finish_name: line.surfaceFinishName,
      color_id: line.colorId,
      color_name: line.colorName,
      thumbnail_name: line.thumbnailName,
      unit_net_cents: unit.netCents,
      unit_tax_cents: unit.taxCents,
      line_net_cents: total.netCents,
      line_tax_cents: total.taxCents,
      production_time_days: line.productionTimeDays,
      sheet_version: line.sheetVersion,
      file_sha256: line.fileSha256,
      repaired: line.repaired,
      attachments: line.attachments,
    }
  })
}

async function newOrderOf(
  deps: PlacementDeps,
  request: CheckoutRequest,
  shopper: Shopper,
  priced: PricedCheckout,
): Promise<NewOrder> {
  const { access } = deps
  const details = request.paymentDetails
  const method = details.billingPaymentMethod
  const id = newId()
  const account = shopper.userId === null ? undefined : await deps.accounts.account(shopper.userId)
  const shippingAddress = details.shippingAddress ?? details.billingAddress
  return {
    id,
    cart_id: request.cartId,
    white_label_id: priced.snapshot.whiteLabelId,
    user_id: shopper.userId,
    access_token_hash: access.hashOf(access.tokenOf(id)),
    status: initialOrderStatus(method),
    payment_status: initialPaymentStatus(method),
    payment_method: method,
    is_quote: method === 'quote',
    with_invoice_number: method !== 'quote',
    locale: shopper.locale,
    email: details.email,
    phone: details.phone,
    reference_number: details.customerRemarks.referenceNumber,
    is_business: shopper.isBusinessCustomer,
    newsletter: details.signUpToNewsletter,
    billing_address: storedAddress(details.billingAddress, priced.billingCountry),
    shipping_address: storedAddress(shippingAddress, priced.shippingCountry),
    shipping_method_id: priced.shippingMethod.shippingMethodId,
    shipping_method_name: priced.shippingMethod.shippingMethod,
    shipping_time_days: priced.shippingMethod.shippingTimeDays,
    production_time_days: priced.productionTimeDays,
    amounts: priced.computed.amounts,
    voucher_id: priced.voucher?.id ?? null,
    voucher_code: priced.voucher?.code ?? null,
    terms_of_payment_days: method === 'billing' ? (account?.termsOfPaymentDays ?? 10) : null,
  }
}

/** The one transaction: lock, existing order, version, voucher, rows. */
async function write(deps: PlacementDeps, priced: PricedCheckout, order: NewOrder) {
  const { db, repo } = deps
  return db.transaction(async (tx): Promise<{ orderId: string } | 'retry'> => {
    const lock = await deps.cart.lockForOrder(tx, order.cart_id)
    if (lock === undefined) throw new AppError(ErrorCode.NotFound, 'Unknown cart')
    const existing = await repo.findOrderOfCart(order.cart_id, tx)
    if (existing !== undefined) return { orderId: existing.id }
    if (lock.version !== priced.snapshot.version) return 'retry'
    if (order.voucher_id !== null && !(await repo.countVoucherUse(tx, order.voucher_id)))
      throw new AppError(ErrorCode.VoucherMaxUsage, 'This voucher has been used up')
    await insertOrder(repo, tx, order, orderLinesOf(priced))
    await deps.cart.markOrdered(tx, order.cart_id)
    return { orderId: order.id }
  })
}

async function insertOrder(
  repo: PlacementDeps['repo'],
  tx: Queryable,
  order: NewOrder,
  lines: readonly OrderLineRow[],
) {
  await repo.insertOrder(tx, order)
  for (const line of lines) await repo.insertLine(tx, order.id, line)
  await repo.insertHistory(tx, {
    orderId: order.id,
    kind: 'order',
    from: null,
    to: order.status,
    by: 'customer',
  })
  await repo.insertOutbox(tx, newId(), order.id, order.is_quote ? 'quote' : 'order_confirmation')
}

function checkRequest(request: CheckoutRequest, priced: PricedCheckout) {
  const method: PaymentMethodId = request.paymentDetails.billingPaymentMethod
  const refusal = paymentRefusal(method, priced.situation)
  if (refusal !== null)
    throw new AppError(ErrorCode.PaymentMethodNotAllowed, 'This payment method is not available here', {
      details: { method, reason: refusal },
    })
  if (priced.snapshot.lines.length === 0)
    throw new AppError(ErrorCode.ValidationFailed, 'The cart is empty', {
      issues: [{ path: ['cartId'], code: 'cart_empty' }],
    })
  if (priced.computed.amounts.total.totalCents !== request.expectedTotalCents) throw cartChanged(priced)
}

async function saveAddresses(deps: PlacementDeps, request: CheckoutRequest, shopper: Shopper): Promise<void> {
  const details = request.paymentDetails
  if (!details.saveNewAddress || shopper.userId === null) return
  try {
    await deps.accounts.saveAddresses(shopper.userId, {
      phone: details.phone,
      billingAddress: details.billingAddress,
      shippingAddress: details.shippingAddress,
    })
  } catch (error) {
    // The order stands; the account keeps its old addresses (logged, not answered).
    deps.log.error({ err: error }, 'checkout addresses not saved to the account')
  }
}

export function createOrderPlacement(deps: PlacementDeps) {
  const { repo } = deps
  const { answerFor, committedOrder } = createOrderAnswers(deps)

  return {
    answerFor,

    async place(request: CheckoutRequest, shopper: Shopper): Promise<CheckoutResponse> {
      const countries = await deps.countries(shopper.locale)
      const issues = addressProblems(request.paymentDetails, countries, shopper.isBusinessCustomer)
      if (issues.length > 0) throw new AppError(ErrorCode.ValidationFailed, 'Invalid address', { issues })
      for (let attempt = 0; attempt < PLACEMENT_ATTEMPTS; attempt++) {
        // A cart that is an order answers that order (a double click, a retry after a lost answer): first, so a
        // voucher it used up or a price changed since does not turn the replay into an error.
        const existing = await repo.findOrderOfCart(request.cartId)
        if (existing !== undefined) return answerFor(existing)
        const priced = await deps.pricing.price(request, shopper, true)
        if (priced.snapshot.ordered) continue
        checkRequest(request, priced)
        const outcome = await write(deps, priced, await newOrderOf(deps, request, shopper, priced))
        if (outcome === 'retry') {
          if (attempt === PLACEMENT_ATTEMPTS - 1) throw cartChanged(priced)
          continue
        }
        deps.afterCommit?.()
        deps.wakeOutbox()
        await saveAddresses(deps, request, shopper)
        return answerFor(await committedOrder(outcome.orderId))
      }
      throw new AppError(ErrorCode.OrderInProgress, 'The cart is being ordered; retry in a moment')
    },

    /** Writes an order priced elsewhere (a re-order): the same transaction as a placement. */
    async placePriced(request: CheckoutRequest, shopper: Shopper, priced: PricedCheckout) {
      const outcome = await write(deps, priced, await newOrderOf(deps, request, shopper, priced))
      if (outcome === 'retry') throw cartChanged(priced)
      deps.wakeOutbox()
      return answerFor(await committedOrder(outcome.orderId))
    },
  }
}
export type OrderPlacement = ReturnType<typeof createOrderPlacement>
