import { OrderSchema, type Order } from '#shared/contracts/checkout.contract.ts'
import type { Db } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'

/**
 * A complete order as the orders module answers it (parsed with OrderSchema, so it stays true to the contract):
 * two lines, a voucher, the small-order surcharge, shipping and 19 % tax, summed to the cent.
 */

const address = {
  title: '',
  firstname: 'Jörg',
  lastname: 'Müller',
  company: 'Müller & Söhne GmbH',
  street: 'Hauptstraße 5',
  addressSuffix: '',
  postalCode: '10115',
  city: 'Berlin',
  countryId: 'AAAAAAAAAAAAAAAAAAAAAA',
  countryName: 'Deutschland',
  countryCode: 'DE',
  vatRegistrationNumber: '',
  email: '',
}

const amount = (netCents: number, taxCents: number) => ({
  netCents,
  taxCents,
  totalCents: netCents + taxCents,
})

const line = (index: number, overrides: Record<string, unknown>) => ({
  _id: `line${String(index).padStart(18, '0')}`,
  objectId: `obj${String(index).padStart(19, '0')}`,
  modelName: `teil-${index}.stl`,
  unit: 'mm',
  scale: 1,
  quantity: 1,
  dimensions: { x: 10, y: 20, z: 30 },
  printModeId: 'pm0000000000000000000A',
  surfaceFinishId: null,
  colorId: null,
  printModeName: 'PA12 (SLS)',
  surfaceFinishName: null,
  colorName: null,
  thumbnail: null,
  productionTimeDays: 5,
  sheetVersion: 'sheet-2026-11-01',
  fileSha256: 'a'.repeat(64),
  repaired: false,
  attachments: [],
  ...overrides,
})

export function sampleOrder(overrides: Partial<Order> = {}): Order {
  return OrderSchema.parse({
    _id: newId(),
    orderNumber: 'SW-2026-000123',
    createdAt: '2026-11-26T08:15:00.000Z',
    orderStatus: 'ORDER_RECEIVED',
    paymentStatus: 'PAYMENT_PENDING',
    paymentMethod: 'prepaid',
    legacyOrder: false,
    isQuote: false,
    isBusinessCustomer: false,
    email: 'kunde@example.com',
    phone: '',
    locale: 'de',
    items: [
      line(1, {
        quantity: 2,
        unitPrice: amount(1000, 190),
        linePrice: amount(2000, 380),
        surfaceFinishName: 'Gestrahlt',
        colorName: 'Schwarz',
      }),
      line(2, {
        fileSha256: 'b'.repeat(64),
        sheetVersion: 'sheet-2026-11-02',
        unitPrice: amount(500, 95),
        linePrice: amount(500, 95),
      }),
    ],
    billingInformation: address,
    shippingInformation: { ...address, street: 'Lagerweg 1' },
    shippingMethod: { id: 'sm0000000000000000000A', name: 'DHL Paket', shippingTimeDays: 2 },
    amounts: {
      taxRatePercent: 19,
      beforeDiscount: amount(2500, 475),
      discount: {
        _id: 'vo0000000000000000000A',
        code: 'HERBST10',
        name: 'Herbst',
        applied: true,
        discountCents: 250,
        missingCents: 0,
        freeShipping: false,
      },
      items: amount(2250, 428),
      smallOrderSurcharge: amount(500, 95),
      shipping: amount(590, 112),
      total: amount(3340, 635),
      belowMinimum: true,
    },
    estimatedProductionTimeDays: 5,
    customerRemarks: { referenceNumber: 'PO-42' },
    termsOfPaymentDays: null,
    bankDetails: {
      accountHolder: 'Schichtwerk GmbH',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      bank: 'DKB',
    },
    actions: { reorder: false, payNow: false, orderNow: false },
    ...overrides,
  })
}

/** A row in `orders` for the payments table's foreign key (the columns 009_orders.sql requires, nothing more). */
export async function insertOrderRow(db: Db, order: Order): Promise<void> {
  const whiteLabel = await db.query<{ id: string }>('SELECT id FROM white_labels LIMIT 1')
  let whiteLabelId = whiteLabel.rows[0]?.id
  if (whiteLabelId === undefined) {
    whiteLabelId = newId()
    await db.query(`INSERT INTO white_labels (id, name, api_key, is_default) VALUES ($1, 'Test', $2, true)`, [
      whiteLabelId,
      newId(),
    ])
  }
  const total = order.amounts.total
  await db.query(
    `INSERT INTO orders (id, order_number, cart_id, white_label_id, access_token_hash, status, payment_status,
       payment_method, is_quote, locale, email, is_business, billing_address, shipping_address, shipping_method_id,
       shipping_method_name, shipping_time_days, production_time_days, tax_rate, items_before_net_cents,
       items_before_tax_cents, items_net_cents, items_tax_cents, surcharge_net_cents, surcharge_tax_cents,
       shipping_net_cents, shipping_tax_cents, total_net_cents, total_tax_cents, total_gross_cents, amounts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, 'de', $9, false, '{}', '{}', 'x', 'x', 2, 5, 19, 0, 0, 0, 0, 0, 0,
       0, 0, $10, $11, $12, '{}')`,
    [
      order._id,
      order.orderNumber,
      newId(),
      whiteLabelId,
      'c'.repeat(64),
      order.orderStatus,
      order.paymentStatus,
      order.paymentMethod,
      order.email,
      total.netCents,
      total.taxCents,
      total.totalCents,
    ],
  )
}
