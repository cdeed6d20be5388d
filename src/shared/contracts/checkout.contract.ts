import { z } from 'zod'
import {
  AddressSchema,
  BillingAddressSchema,
  PaymentMethodSchema,
} from '#shared/contracts/account.contract.ts'
import { UnitOfLengthSchema } from '#shared/contracts/analysis.contract.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import { mailField, oneLineText, phoneField } from '#shared/domain/forms/form-fields.ts'
import { VOUCHER_CODE } from '#shared/domain/limits.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '#shared/domain/order-status.ts'

/**
 * Checkout and orders (spec part 2 §2–§4, §7, §9; issue 16). The client sends choices, never an amount the server
 * believes: the only number it sends is `expectedTotalCents`, the total it showed, which the server compares with
 * its own (a difference is 409 `cart_changed` with the new totals). Money is integer euro cents.
 */

export const VALIDATE_DISCOUNT_PATH = '/api/checkout/order/validate-discount'
/** The review page's totals: the same computation placement runs, without placing anything. */
export const ORDER_PREVIEW_PATH = '/api/checkout/order/preview'
export const CHECKOUT_PATH = '/api/checkout/order/checkout'
export const CHECKOUT_CALLBACK_PATH = '/api/checkout/order/checkout/callback'
export const USER_ORDERS_PATH = '/api/checkout/order/user'
/** GET (tracking info), POST (re-order); `{orderId}` in OpenAPI form. */
export const ORDER_PATH = '/api/checkout/order/{orderId}'
/** PUT: new payment details for an existing order (pay now, order a quote). */
export const ORDER_PAYMENT_DETAILS_PATH = '/api/checkout/order/{orderId}/payment-details'
/** GET: the confirmation or quote as a PDF (same access rules as the order). */
export const ORDER_PDF_PATH = '/api/checkout/order/{orderId}/document.pdf'
/** PayPal's webhook (signature verified with PayPal before anything acts). */
export const PAYPAL_WEBHOOK_PATH = '/api/payments/paypal/webhook'
/** The local test provider's approval page (only with PAYMENT_TEST_PROVIDER=1). */
export const TEST_PROVIDER_PATH = '/api/payments/test-provider/{providerOrderId}'
/** GET: which provider-backed payment methods the server offers (the payment-details page hides the others). */
export const PAYMENT_AVAILABILITY_PATH = '/api/payments/availability'
export const POSTAL_CODE_LOOKUP_PATH = '/api/shipping/postal-codes/{country}/{code}'
export const LEGACY_PROFILE_ORDERS_PATH = '/api/ProfileOrdersGet.php'
export const LEGACY_TRACK_ORDER_PATH = '/api/rest_api/trackorder.php'

/** The request header that makes a placement retry-safe (IETF idempotency-key draft). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
/** Local-storage keys of the checkout (cleared with the order, part 2 §4). */
export const DISCOUNT_STORAGE_KEY = 'discount'
export const PAYMENT_DETAILS_STORAGE_KEY = 'paymentDetails'

const cents = z.number().int().min(0)

export const OrderParamsSchema = z.object({ orderId: IdSchema })
/** Guests read their order with the access token returned at placement; signed-in owners need none. */
export const OrderAccessQuerySchema = z.object({
  access: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Vouchers

export const voucherCodeField = () =>
  z.string().trim().min(VOUCHER_CODE.min, { error: 'too_short' }).max(VOUCHER_CODE.max, { error: 'too_long' })

/** POST validate-discount: `userId` is the spec's and ignored (the session decides). */
export const ValidateDiscountRequestSchema = z.strictObject({
  code: voucherCodeField(),
  userId: z.string().optional(),
})

/** A voucher as the shop shows it (part 2 §3 "Discount/voucher"). Percent is whole percent, absolute is cents. */
export const DiscountSchema = z.object({
  _id: IdSchema,
  code: z.string(),
  name: z.string(),
  type: z.enum(['percentage', 'absolute']),
  value: z.number().int().min(0),
  rules: z.object({
    freeShipping: z.boolean(),
    /** Net item total the voucher needs (cents), null for none. */
    minValue: cents.nullable(),
    maxUsage: z.number().int().positive().nullable(),
  }),
  loginRequired: z.boolean(),
})
export type Discount = z.infer<typeof DiscountSchema>
export const ValidateDiscountResponseSchema = z.object({ discount: DiscountSchema })

// ---------------------------------------------------------------------------------------------------------------
// Payment details (part 2 §3) and the checkout request

export const PaymentDetailsSchema = z.strictObject({
  email: mailField(),
  phone: phoneField().default(''),
  billingPaymentMethod: PaymentMethodSchema.default('prepaid'),
  shippingMethodId: IdSchema,
  signUpToNewsletter: z.boolean().default(false),
  customerRemarks: z
    .strictObject({ referenceNumber: oneLineText(50).default('') })
    .default({ referenceNumber: '' }),
  billingAddress: BillingAddressSchema,
  /** null: shipping goes to the billing address. */
  shippingAddress: AddressSchema.nullable().default(null),
  /** A signed-in customer's choice to keep these addresses on the account. */
  saveNewAddress: z.boolean().default(false),
})
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>
export type PaymentDetailsInput = z.input<typeof PaymentDetailsSchema>

/** POST preview: what the review page shows, computed like placement. */
export const OrderPreviewRequestSchema = z.strictObject({
  cartId: IdSchema,
  paymentDetails: PaymentDetailsSchema,
  isBusinessCustomer: z.boolean(),
  discountId: IdSchema.nullable().default(null),
})
export type OrderPreviewRequest = z.infer<typeof OrderPreviewRequestSchema>
export type OrderPreviewRequestInput = z.input<typeof OrderPreviewRequestSchema>

/** POST checkout; send an `Idempotency-Key` header (a retry with the same key answers the same order). */
export const CheckoutRequestSchema = OrderPreviewRequestSchema.extend({
  termsAccepted: z.literal(true, { error: 'must_confirm' }),
  /** The total the review page showed; the server compares and answers 409 `cart_changed` when it differs. */
  expectedTotalCents: cents,
})
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>
export type CheckoutRequestInput = z.input<typeof CheckoutRequestSchema>

// ---------------------------------------------------------------------------------------------------------------
// Money of an order (the one computation, src/shared/domain/order-totals.ts)

export const AmountSchema = z.object({ netCents: cents, taxCents: cents, totalCents: cents })
export type Amount = z.infer<typeof AmountSchema>

export const OrderAmountsSchema = z.object({
  taxRatePercent: z.number().min(0).max(100),
  /** The items before the discount. */
  beforeDiscount: AmountSchema,
  discount: z
    .object({
      _id: IdSchema,
      code: z.string(),
      name: z.string(),
      applied: z.boolean(),
      /** Net cents taken off (0 when not applied). */
      discountCents: cents,
      /** Net item total still needed to reach the voucher's minimum (0 when applied). */
      missingCents: cents,
      freeShipping: z.boolean(),
    })
    .nullable(),
  /** The items after the discount. */
  items: AmountSchema,
  smallOrderSurcharge: AmountSchema,
  shipping: AmountSchema,
  total: AmountSchema,
  /** The goods are below the minimum order value (30 EUR gross): the surcharge line is shown with the notice. */
  belowMinimum: z.boolean(),
})
export type OrderAmounts = z.infer<typeof OrderAmountsSchema>

export const PaymentEligibilitySchema = z.object({
  method: PaymentMethodSchema,
  allowed: z.boolean(),
  /** Why not: the view's label ('members only', 'only for customers from Germany', drawings attached). */
  reason: z.enum(['login_required', 'only_germany', 'drawings_attached', 'not_configured']).nullable(),
})
export type PaymentEligibility = z.infer<typeof PaymentEligibilitySchema>

export const OrderPreviewResponseSchema = z.object({
  amounts: OrderAmountsSchema,
  paymentMethods: z.array(PaymentEligibilitySchema),
  shippingMethod: z.object({
    id: IdSchema,
    name: z.string(),
    priceCents: cents,
    shippingTimeDays: z.number().int(),
  }),
  estimatedProductionTimeDays: z.number().int().min(0),
})
export type OrderPreviewResponse = z.infer<typeof OrderPreviewResponseSchema>

export const CheckoutResponseSchema = z.object({
  order: z.object({
    _id: IdSchema,
    orderNumber: z.string(),
    /** Guests keep this to read their order (`?access=`); 43 characters base64url. */
    accessToken: z.string(),
    orderStatus: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
  }),
  /** PayPal (or the test provider): where the browser goes to approve; null for the other methods. */
  payment: z.object({ approveUrl: z.string().url() }).nullable(),
})
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>

/** The body of a 409 `cart_changed` (in the error's details): the totals the server computed now. */
export const CartChangedDetailsSchema = z.object({ amounts: OrderAmountsSchema })

/** POST callback: the provider's return (`token` = the provider's order id). A return alone never marks paid. */
export const CheckoutCallbackRequestSchema = z.strictObject({
  token: z.string().min(1).max(64),
  PayerID: z.string().max(64).optional(),
  success: z.boolean(),
})
/**
 * No access token in the answer: the provider's token travels in URLs (referrers, logs), so holding it must not be
 * enough to read the order. The return and cancel URLs carry the guest's `?access=` already (decision 0096).
 */
export const CheckoutCallbackResponseSchema = z.object({
  order: z.object({
    _id: IdSchema,
    paymentStatus: z.enum(PAYMENT_STATUSES),
    orderStatus: z.enum(ORDER_STATUSES),
  }),
})

/** PUT payment-details of an existing order: a quote ordered, or a PayPal order paid again. */
export const UpdateOrderPaymentRequestSchema = z.strictObject({
  billingPaymentMethod: PaymentMethodSchema,
  termsAccepted: z.literal(true, { error: 'must_confirm' }),
  expectedTotalCents: cents,
})

// ---------------------------------------------------------------------------------------------------------------
// An order as the customer reads it (part 2 §3 "Order tracking info")

export const OrderLineSchema = z.object({
  _id: IdSchema,
  objectId: IdSchema,
  modelName: z.string(),
  unit: UnitOfLengthSchema,
  scale: z.number().positive(),
  quantity: z.number().int().min(1),
  dimensions: z.object({ x: z.number(), y: z.number(), z: z.number() }),
  printModeId: IdSchema,
  surfaceFinishId: IdSchema.nullable(),
  colorId: IdSchema.nullable(),
  /** Names as they were at placement, in the order's language (the view may translate by id while the catalogue has it). */
  printModeName: z.string(),
  surfaceFinishName: z.string().nullable(),
  colorName: z.string().nullable(),
  thumbnail: z.string().nullable(),
  unitPrice: AmountSchema,
  linePrice: AmountSchema,
  productionTimeDays: z.number().int().min(0),
  sheetVersion: z.string(),
  fileSha256: z.string(),
  /** The file needed repair (the repair-info modal). */
  repaired: z.boolean(),
  attachments: z.array(z.object({ _id: IdSchema, fileName: z.string() })),
})
export type OrderLine = z.infer<typeof OrderLineSchema>

export const OrderAddressSchema = BillingAddressSchema.extend({
  countryName: z.string(),
  countryCode: z.string(),
})

export const OrderSchema = z.object({
  _id: IdSchema,
  orderNumber: z.string(),
  createdAt: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: PaymentMethodSchema,
  legacyOrder: z.boolean(),
  isQuote: z.boolean(),
  isBusinessCustomer: z.boolean(),
  email: z.string(),
  phone: z.string(),
  locale: z.enum(['de', 'en', 'fr']),
  items: z.array(OrderLineSchema),
  billingInformation: OrderAddressSchema,
  shippingInformation: OrderAddressSchema,
  shippingMethod: z.object({ id: IdSchema, name: z.string(), shippingTimeDays: z.number().int().min(0) }),
  amounts: OrderAmountsSchema,
  estimatedProductionTimeDays: z.number().int().min(0),
  customerRemarks: z.object({ referenceNumber: z.string() }),
  /** Invoice orders: days until due. */
  termsOfPaymentDays: z.number().int().min(0).nullable(),
  /** Prepaid orders: where to transfer the money (from the shop's configuration). */
  bankDetails: z
    .object({ accountHolder: z.string(), iban: z.string(), bic: z.string(), bank: z.string() })
    .nullable(),
  /** What the customer may do now (decided by the server from status, method and owner). */
  actions: z.object({ reorder: z.boolean(), payNow: z.boolean(), orderNow: z.boolean() }),
})
export type Order = z.infer<typeof OrderSchema>

export const OrderResponseSchema = z.object({ order: OrderSchema })

/** GET user: the signed-in customer's orders, newest first (part 2 §3 "Order list entry"). */
export const OrderListEntrySchema = z.object({
  _id: IdSchema,
  orderNumber: z.string(),
  createdAt: z.string(),
  amountTotal: cents,
  orderStatus: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  isQuote: z.boolean(),
})
export type OrderListEntry = z.infer<typeof OrderListEntrySchema>
export const UserOrdersResponseSchema = z.object({ orders: z.array(OrderListEntrySchema) })

/** POST re-order: a new order with the same lines, priced now, same payment method and addresses. */
export const ReorderResponseSchema = CheckoutResponseSchema

// ---------------------------------------------------------------------------------------------------------------
// Postal-code lookup (server proxy to POSTAL_LOOKUP_URL; fails soft with `city: null`)

export const PostalCodeParamsSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/),
  code: z.string().regex(/^[A-Za-z0-9 -]{2,10}$/),
})
export const PostalCodeResponseSchema = z.object({ city: z.string().nullable() })

// ---------------------------------------------------------------------------------------------------------------
// PayPal's webhook (the server passes the raw body to PayPal's verify-webhook-signature before anything acts)

export const PaypalWebhookEventSchema = z.looseObject({
  id: z.string(),
  event_type: z.string(),
  resource: z.looseObject({}).optional(),
})
export const PaypalWebhookAnswerSchema = z.object({ status: z.literal('ok') })

/** PayPal (or the test provider) is configured: without it the page does not offer PayPal (part 2 §4). */
export const PaymentAvailabilitySchema = z.object({ paypal: z.boolean() })
export type PaymentAvailability = z.infer<typeof PaymentAvailabilitySchema>
