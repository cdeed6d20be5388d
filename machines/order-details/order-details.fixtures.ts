import type { Order, OrderLine, OrderListEntry } from '#shared/contracts/checkout.contract.ts'

/**
 * Plain orders as `GET /api/checkout/order/{orderId}` answers them (part 2 §3 "Order tracking info"), shared by the
 * order machines' paths and tests, the order stories and DOM tests; every id is valid for the contract, so the
 * answers parse with `OrderSchema`. The story catalogue does not know these print modes: the views show the names
 * frozen at placement.
 */

export const ORDER_ID = 'T3JkZXIxAAAAAAAAAAAAAA'
export const REORDERED_ID = 'T3JkZXIyAAAAAAAAAAAAAA'
export const ACCESS_TOKEN = 'a'.repeat(43)

const amount = (netCents: number, taxRate = 19) => {
  const taxCents = Math.round((netCents * taxRate) / 100)
  return { netCents, taxCents, totalCents: netCents + taxCents }
}

const line = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  _id: 'TGluZTFBQUFBQUFBQUFBQU',
  objectId: 'T2JqZWN0MUFBQUFBQUFBQU',
  modelName: 'Halterung',
  unit: 'mm',
  scale: 1,
  quantity: 2,
  dimensions: { x: 40, y: 20, z: 10 },
  printModeId: 'PrintMode1AAAAAAAAAAAA',
  surfaceFinishId: 'SurfaceFinish1AAAAAAAA',
  colorId: 'Colour1AAAAAAAAAAAAAAA',
  printModeName: 'PA12 – Lasersintern',
  surfaceFinishName: 'Gestrahlt',
  colorName: 'Weiß',
  thumbnail: null,
  unitPrice: amount(1_250),
  linePrice: amount(2_500),
  productionTimeDays: 5,
  sheetVersion: '2026-11-01',
  fileSha256: 'f'.repeat(64),
  repaired: false,
  attachments: [],
  ...overrides,
})

const address = {
  title: '',
  firstname: 'Erika',
  lastname: 'Mustermann',
  company: '',
  street: 'Domplatz 1',
  addressSuffix: '',
  postalCode: '50667',
  city: 'Köln',
  countryId: 'Q291bnRyeURFAAAAAAAAAA',
  vatRegistrationNumber: '',
  email: '',
  countryName: 'Deutschland',
  countryCode: 'DE',
}

const items = [
  line(),
  line({
    _id: 'TGluZTJBQUFBQUFBQUFBQU',
    modelName: 'Kabelclip',
    quantity: 10,
    printModeId: 'PrintMode2AAAAAAAAAAAA',
    surfaceFinishId: null,
    colorId: 'Colour4AAAAAAAAAAAAAAA',
    printModeName: 'Resin – Stereolithografie',
    surfaceFinishName: null,
    colorName: 'Grau',
    unitPrice: amount(150),
    linePrice: amount(1_500),
    productionTimeDays: 7,
    repaired: true,
  }),
]

/** A paid prepaid order of a signed-in customer: re-order allowed. */
export const paidOrder: Order = {
  _id: ORDER_ID,
  orderNumber: 'SW-2026-000123',
  createdAt: '2026-11-20T09:30:00.000Z',
  orderStatus: 'IN_PRODUCTION',
  paymentStatus: 'PAYMENT_RECEIVED',
  paymentMethod: 'prepaid',
  legacyOrder: false,
  isQuote: false,
  isBusinessCustomer: false,
  email: 'erika@example.com',
  phone: '0221 123456',
  locale: 'de',
  items,
  billingInformation: address,
  shippingInformation: { ...address, street: 'Ring 2' },
  shippingMethod: { id: 'U2hpcHBpbmcxQUFBQUFBQU', name: 'Standard-Versand', shippingTimeDays: 3 },
  amounts: {
    taxRatePercent: 19,
    beforeDiscount: amount(4_000),
    discount: null,
    items: amount(4_000),
    smallOrderSurcharge: amount(0),
    shipping: amount(490),
    total: amount(4_490),
    belowMinimum: false,
  },
  estimatedProductionTimeDays: 7,
  customerRemarks: { referenceNumber: 'PO-4711' },
  termsOfPaymentDays: null,
  bankDetails: {
    accountHolder: 'Schichtwerk GmbH',
    iban: 'DE02 1203 0000 0000 2020 51',
    bic: 'BYLADEM1001',
    bank: 'Beispielbank',
  },
  actions: { reorder: true, payNow: false, orderNow: false },
}

/** A fresh prepaid order with a voucher and the small-order surcharge, as the thank-you page shows it. */
export const receivedOrder: Order = {
  ...paidOrder,
  orderStatus: 'ORDER_RECEIVED',
  paymentStatus: 'PAYMENT_PENDING',
  customerRemarks: { referenceNumber: '' },
  amounts: {
    taxRatePercent: 19,
    beforeDiscount: amount(2_500),
    discount: {
      _id: 'Vm91Y2hlcjFBQUFBQUFBQU',
      code: 'WELCOME10',
      name: 'Willkommensrabatt',
      applied: true,
      discountCents: 250,
      missingCents: 0,
      freeShipping: false,
    },
    items: amount(2_250),
    smallOrderSurcharge: amount(271),
    shipping: amount(490),
    total: amount(3_011),
    belowMinimum: true,
  },
  actions: { reorder: false, payNow: false, orderNow: false },
}

/** A PayPal order whose payment is still open: pay now. */
export const paypalPendingOrder: Order = {
  ...receivedOrder,
  paymentMethod: 'paypal',
  bankDetails: null,
  actions: { reorder: false, payNow: true, orderNow: false },
}

/** The same PayPal order after a verified capture. */
export const paypalPaidOrder: Order = {
  ...paypalPendingOrder,
  paymentStatus: 'PAYMENT_RECEIVED',
  actions: { reorder: true, payNow: false, orderNow: false },
}

/** An invoice order of a business customer (due in 10 days). */
export const invoiceOrder: Order = {
  ...paidOrder,
  paymentMethod: 'billing',
  paymentStatus: 'PAYMENT_PENDING',
  orderStatus: 'ORDER_COMPLETED',
  isBusinessCustomer: true,
  termsOfPaymentDays: 10,
  bankDetails: null,
  actions: { reorder: false, payNow: false, orderNow: false },
}

/** A quote: order now. */
export const quoteOrder: Order = {
  ...paidOrder,
  orderNumber: 'SW-2026-000124',
  orderStatus: 'QUOTE_GENERATED',
  paymentStatus: 'PAYMENT_NOT_DUE',
  paymentMethod: 'quote',
  isQuote: true,
  bankDetails: null,
  actions: { reorder: false, payNow: false, orderNow: true },
}

/** An order of the former system (status UNKNOWN, shown as 'Open'): nothing to do. */
export const legacyOrder: Order = {
  ...paidOrder,
  orderNumber: '2019-0042',
  orderStatus: 'UNKNOWN',
  legacyOrder: true,
  customerRemarks: { referenceNumber: '' },
  actions: { reorder: false, payNow: false, orderNow: false },
}

/** The signed-in customer's order list (part 2 §3 "Order list entry"), newest first. */
export const orderList: OrderListEntry[] = [
  {
    _id: 'T3JkZXIzAAAAAAAAAAAAAA',
    orderNumber: 'SW-2026-000124',
    createdAt: '2026-11-24T15:02:00.000Z',
    amountTotal: 5_343,
    orderStatus: 'QUOTE_GENERATED',
    paymentStatus: 'PAYMENT_NOT_DUE',
    isQuote: true,
  },
  {
    _id: ORDER_ID,
    orderNumber: 'SW-2026-000123',
    createdAt: '2026-11-20T09:30:00.000Z',
    amountTotal: 5_343,
    orderStatus: 'ORDER_COMPLETED',
    paymentStatus: 'PAYMENT_RECEIVED',
    isQuote: false,
  },
]
