import type {
  Discount,
  OrderPreviewRequest,
  OrderPreviewResponse,
  PaymentEligibility,
} from '#shared/contracts/checkout.contract.ts'
import type { ShippingCountry, ShippingMethod } from '#shared/contracts/shipping.contract.ts'
import { countryOf } from '#shared/domain/forms/address.ts'
import type { Locale } from '#shared/domain/limits.ts'
import {
  PAYMENT_METHOD_ORDER,
  paymentRefusal,
  type PaymentSituation,
} from '#shared/domain/payment-methods.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { CartCheckout, CartOrderSnapshot } from '#server/modules/cart/cart.module.ts'
import {
  type ComputedAmounts,
  computeAmounts,
  orderTaxRatePercent,
  type VoucherRow,
} from '#server/modules/orders/order-amounts.ts'
import type { OrderRepo } from '#server/modules/orders/order.repo.ts'

/**
 * Pricing a checkout from server data only (issue 16): the cart priced now, the shipping country's rate and
 * method, the voucher's rules, the payment methods of part 2 §4. Preview and placement run the same function, so the
 * review page's total is the order's total to the cent.
 */

export interface OrderPricingDeps {
  repo: OrderRepo
  cart: CartCheckout
  countries(locale: Locale): Promise<readonly ShippingCountry[]>
  paypalAvailable(): boolean
}

export interface Shopper {
  /** The signed-in customer, if any. */
  userId: string | null
  /** Business customer: the request's switch or a company verified by staff. */
  isBusinessCustomer: boolean
  locale: Locale
}

export interface PricedCheckout {
  snapshot: CartOrderSnapshot
  billingCountry: ShippingCountry
  shippingCountry: ShippingCountry
  shippingMethod: ShippingMethod
  voucher: VoucherRow | null
  computed: ComputedAmounts
  paymentMethods: PaymentEligibility[]
  situation: PaymentSituation
  productionTimeDays: number
}

const voucherInvalid = () => new AppError(ErrorCode.VoucherInvalid, 'Unknown or inactive voucher')

/** The voucher may be used by this shopper now (part 2 §8 voucher errors). */
export function checkVoucher(voucher: VoucherRow | undefined, loggedIn: boolean): VoucherRow {
  if (voucher === undefined || !voucher.is_active) throw voucherInvalid()
  if (voucher.login_required && !loggedIn)
    throw new AppError(ErrorCode.VoucherLoginRequired, 'This voucher needs a signed-in customer')
  if (voucher.max_usage !== null && voucher.used_count >= voucher.max_usage)
    throw new AppError(ErrorCode.VoucherMaxUsage, 'This voucher has been used up')
  return voucher
}

export function discountAnswer(voucher: VoucherRow): Discount {
  return {
    _id: voucher.id,
    code: voucher.code,
    name: voucher.name,
    type: voucher.type,
    value: voucher.value,
    rules: {
      freeShipping: voucher.free_shipping,
      minValue: voucher.min_value_cents,
      maxUsage: voucher.max_usage,
    },
    loginRequired: voucher.login_required,
  }
}

const invalidField = (path: (string | number)[], code: string, message: string) =>
  new AppError(ErrorCode.ValidationFailed, message, { issues: [{ path, code, message }] })

function countryOrFail(countries: readonly ShippingCountry[], countryId: string, path: string[]) {
  const country = countryOf(countries, countryId)
  if (country === undefined) throw invalidField(path, 'invalid_choice', 'Unknown country')
  return country
}

/** The chosen method of the shipping country; a preview falls back to the country's first (the country changed). */
function shippingMethodOf(country: ShippingCountry, methodId: string, strict: boolean): ShippingMethod {
  const chosen = country.shippingMethods.find((method) => method.shippingMethodId === methodId)
  if (chosen !== undefined) return chosen
  const first = country.shippingMethods[0]
  if (strict || first === undefined)
    throw invalidField(
      ['paymentDetails', 'shippingMethodId'],
      'invalid_choice',
      'Not a shipping method of the country',
    )
  return first
}

export function paymentMethodsOf(situation: PaymentSituation): PaymentEligibility[] {
  return PAYMENT_METHOD_ORDER.map((method) => {
    const reason = paymentRefusal(method, situation)
    return { method, allowed: reason === null, reason }
  })
}

export function createOrderPricing(deps: OrderPricingDeps) {
  async function voucherOf(discountId: string | null, shopper: Shopper, method: string) {
    // A quote uses no voucher (decision 0094): it is not a sale yet, and ordering it later keeps its prices.
    if (discountId === null || method === 'quote') return null
    return checkVoucher(await deps.repo.findVoucherById(discountId), shopper.userId !== null)
  }

  return {
    /** Throws 404 for an unknown cart; an ordered cart comes back with `snapshot.ordered` and no lines. */
    async price(request: OrderPreviewRequest, shopper: Shopper, strict: boolean): Promise<PricedCheckout> {
      const details = request.paymentDetails
      const countries = await deps.countries(shopper.locale)
      const billing = details.billingAddress
      const billingCountry = countryOrFail(countries, billing.countryId, [
        'paymentDetails',
        'billingAddress',
        'countryId',
      ])
      const shippingAddress = details.shippingAddress ?? billing
      const shippingCountry = countryOrFail(countries, shippingAddress.countryId, [
        'paymentDetails',
        'shippingAddress',
        'countryId',
      ])
      const shippingMethod = shippingMethodOf(shippingCountry, details.shippingMethodId, strict)
      const voucher = await voucherOf(request.discountId, shopper, details.billingPaymentMethod)
      const snapshot = await deps.cart.snapshot(request.cartId, shopper.locale)
      if (snapshot === undefined)
        throw new AppError(ErrorCode.NotFound, 'Unknown cart', { details: { resource: 'cart' } })
      const situation: PaymentSituation = {
        loggedIn: shopper.userId !== null,
        billingCountryCode: billingCountry.countryCode,
        hasDrawings: snapshot.lines.some((line) => line.attachments.length > 0),
        paypalAvailable: deps.paypalAvailable(),
      }
      const taxRatePercent = orderTaxRatePercent({
        shippingCountry: {
          countryCode: shippingCountry.countryCode,
          isEU: shippingCountry.isEU,
          taxRatePercent: shippingCountry.taxRate,
        },
        billingCountryCode: billingCountry.countryCode,
        isBusinessCustomer: shopper.isBusinessCustomer,
        company: billing.company,
        vatId: billing.vatRegistrationNumber,
      })
      const computed = computeAmounts({
        lineNetCents: snapshot.lines.map((line) => line.lineNetCents),
        taxRatePercent,
        voucher,
        shipping: { name: shippingMethod.shippingMethod, priceCents: shippingMethod.priceCents },
      })
      return {
        snapshot,
        billingCountry,
        shippingCountry,
        shippingMethod,
        voucher,
        computed,
        paymentMethods: paymentMethodsOf(situation),
        situation,
        productionTimeDays: Math.max(0, ...snapshot.lines.map((line) => line.productionTimeDays)),
      }
    },
  }
}
export type OrderPricing = ReturnType<typeof createOrderPricing>

export function previewAnswer(priced: PricedCheckout): OrderPreviewResponse {
  const method = priced.shippingMethod
  return {
    amounts: priced.computed.amounts,
    paymentMethods: priced.paymentMethods,
    shippingMethod: {
      id: method.shippingMethodId,
      name: method.shippingMethod,
      priceCents: priced.computed.amounts.shipping.netCents,
      shippingTimeDays: method.shippingTimeDays,
    },
    estimatedProductionTimeDays: priced.productionTimeDays,
  }
}
