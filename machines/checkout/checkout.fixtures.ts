import type { UserDetails } from '#shared/contracts/account.contract.ts'
import type {
  CheckoutResponse,
  Discount,
  Order,
  OrderAmounts,
  OrderPreviewResponse,
} from '#shared/contracts/checkout.contract.ts'
import type { ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import type { CheckoutSetup, PaymentDetailsDraft } from './checkout-form.ts'

/** Plain data the checkout's paths, tests and stories share (ids are 22-character base64url like the server's). */

export const DE_ID = 'Q291bnRyeURFAAAAAAAAAA'
export const AT_ID = 'Q291bnRyeUFUAAAAAAAAAA'
export const STANDARD_ID = 'U2hpcFN0YW5kYXJkQUFBQQ'
export const EXPRESS_ID = 'U2hpcEV4cHJlc3NBQUFBQQ'
export const CART_ID = 'Q2FydEFBQUFBQUFBQUFBQQ'
export const ORDER_ID = 'T3JkZXJBQUFBQUFBQUFBQQ'
export const ACCESS_TOKEN = 'a'.repeat(43)

export const checkoutCountries: readonly ShippingCountry[] = [
  {
    _id: DE_ID,
    country: 'Deutschland',
    countryCode: 'DE',
    isEU: true,
    taxRate: 19,
    postalCodeRegex: '^\\d{5}$',
    shippingMethods: [
      {
        shippingMethodId: STANDARD_ID,
        shippingMethod: 'Standard-Versand',
        priceCents: 590,
        shippingTimeDays: 3,
      },
      {
        shippingMethodId: EXPRESS_ID,
        shippingMethod: 'Express-Versand',
        priceCents: 1490,
        shippingTimeDays: 1,
      },
    ],
  },
  {
    _id: AT_ID,
    country: 'Österreich',
    countryCode: 'AT',
    isEU: true,
    taxRate: 20,
    postalCodeRegex: '^\\d{4}$',
    shippingMethods: [
      {
        shippingMethodId: STANDARD_ID,
        shippingMethod: 'Standard-Versand',
        priceCents: 1290,
        shippingTimeDays: 5,
      },
    ],
  },
]

const address = {
  title: '',
  firstname: 'Erika',
  lastname: 'Mustermann',
  company: '',
  street: 'Heidestraße 17',
  addressSuffix: '',
  postalCode: '51147',
  city: 'Köln',
  countryId: DE_ID,
  vatRegistrationNumber: '',
  email: '',
}

export const checkoutUser: UserDetails = {
  userId: 'VXNlckFBQUFBQUFBQUFBQQ',
  username: 'erika',
  email: 'erika@example.com',
  phone: '030123456',
  billingInformation: address,
  shippingInformation: null,
  termsOfPayment: 10,
  billingPaymentMethod: 'prepaid',
  isBusinessCustomer: false,
  isVerifiedCompany: false,
}

export const guestSetup: CheckoutSetup = {
  countries: checkoutCountries,
  user: null,
  isBusinessCustomer: false,
  cartId: CART_ID,
  itemCount: 2,
  hasDrawings: false,
  paypalAvailable: true,
  savedDraft: null,
  order: null,
}

export const memberSetup: CheckoutSetup = { ...guestSetup, user: checkoutUser }

/** A guest's complete draft (what a guest types, or a reload finds in sessionStorage). */
export const filledDraft: PaymentDetailsDraft = {
  email: 'max@example.com',
  phone: '',
  referenceNumber: '',
  billing: { ...address, firstname: 'Max' },
  shippingDiffers: false,
  shipping: {
    ...address,
    countryId: DE_ID,
    firstname: '',
    lastname: '',
    street: '',
    postalCode: '',
    city: '',
  },
  separateInvoiceMail: false,
  paymentMethod: 'prepaid',
  saveNewAddress: false,
  signUpToNewsletter: false,
}

export const filledGuestSetup: CheckoutSetup = { ...guestSetup, savedDraft: filledDraft }
export const foreignGuestSetup: CheckoutSetup = {
  ...guestSetup,
  savedDraft: {
    ...filledDraft,
    billing: { ...filledDraft.billing, countryId: AT_ID, postalCode: '1010', city: 'Wien' },
  },
}
export const drawingsSetup: CheckoutSetup = { ...memberSetup, hasDrawings: true }
export const emptyCartSetup: CheckoutSetup = { ...guestSetup, itemCount: 0 }

const amount = (netCents: number, rate = 19) => {
  const taxCents = Math.round((netCents * rate) / 100)
  return { netCents, taxCents, totalCents: netCents + taxCents }
}

export const previewAmounts: OrderAmounts = {
  taxRatePercent: 19,
  beforeDiscount: amount(4200),
  discount: null,
  items: amount(4200),
  smallOrderSurcharge: amount(0),
  shipping: amount(590),
  total: amount(4790),
  belowMinimum: false,
}

export const previewResponse: OrderPreviewResponse = {
  amounts: previewAmounts,
  paymentMethods: [
    { method: 'prepaid', allowed: true, reason: null },
    { method: 'paypal', allowed: true, reason: null },
    { method: 'billing', allowed: false, reason: 'login_required' },
    { method: 'quote', allowed: false, reason: 'login_required' },
  ],
  shippingMethod: { id: STANDARD_ID, name: 'Standard-Versand', priceCents: 590, shippingTimeDays: 3 },
  estimatedProductionTimeDays: 5,
}

/** Below the minimum order value: the surcharge line is there. */
export const belowMinimumPreview: OrderPreviewResponse = {
  ...previewResponse,
  amounts: {
    ...previewAmounts,
    beforeDiscount: amount(1200),
    items: amount(1200),
    smallOrderSurcharge: amount(1321),
    total: amount(3111),
    belowMinimum: true,
  },
}

const placed = (orderStatus: CheckoutResponse['order']['orderStatus']): CheckoutResponse['order'] => ({
  _id: ORDER_ID,
  orderNumber: 'SW-2026-000042',
  accessToken: ACCESS_TOKEN,
  orderStatus,
  paymentStatus: 'PAYMENT_PENDING',
})

export const placedOrder: CheckoutResponse = { order: placed('ORDER_RECEIVED'), payment: null }
export const placedQuote: CheckoutResponse = { order: placed('QUOTE_GENERATED'), payment: null }
export const placedPaypal: CheckoutResponse = {
  order: placed('ORDER_RECEIVED'),
  payment: { approveUrl: 'https://provider.example/approve?token=PP-1' },
}

export const checkoutDiscount: Discount = {
  _id: 'RGlzY291bnRBQUFBQUFBQQ',
  code: 'WELCOME10',
  name: 'Willkommen',
  type: 'percentage',
  value: 10,
  rules: { freeShipping: false, minValue: null, maxUsage: null },
  loginRequired: false,
}

/** An order as `GET ORDER_PATH` reads it (existing-order mode). */
export const existingOrder: Order = {
  _id: ORDER_ID,
  orderNumber: 'SW-2026-000041',
  createdAt: '2026-11-20T10:00:00.000Z',
  orderStatus: 'QUOTE_GENERATED',
  paymentStatus: 'PAYMENT_PENDING',
  paymentMethod: 'quote',
  legacyOrder: false,
  isQuote: true,
  isBusinessCustomer: false,
  email: checkoutUser.email,
  phone: checkoutUser.phone,
  locale: 'de',
  items: [],
  billingInformation: { ...address, countryName: 'Deutschland', countryCode: 'DE' },
  shippingInformation: { ...address, countryName: 'Deutschland', countryCode: 'DE' },
  shippingMethod: { id: STANDARD_ID, name: 'Standard-Versand', shippingTimeDays: 3 },
  amounts: previewAmounts,
  estimatedProductionTimeDays: 5,
  customerRemarks: { referenceNumber: 'PO-7' },
  termsOfPaymentDays: null,
  bankDetails: null,
  actions: { reorder: false, payNow: false, orderNow: true },
}

export const existingQuoteSetup: CheckoutSetup = { ...memberSetup, order: existingOrder }
export const existingPaypalSetup: CheckoutSetup = {
  ...memberSetup,
  order: { ...existingOrder, isQuote: false, paymentMethod: 'paypal', orderStatus: 'ORDER_RECEIVED' },
}
