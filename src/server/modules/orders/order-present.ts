import type { Order, OrderListEntry } from '#shared/contracts/checkout.contract.ts'
import { THUMBNAILS_PATH } from '#shared/contracts/print-modes.contract.ts'
import { CART_THUMBNAILS_FOLDER } from '#server/modules/cart/cart.module.ts'
import type { OrderLineRow, OrderRow, StoredAddress } from '#server/modules/orders/order.repo.ts'

/**
 * An order as the customer reads it (OrderSchema): the frozen rows, the bank details of prepaid orders from the
 * configuration, and what the reader may do now, decided here and nowhere else.
 */

export type BankDetails = NonNullable<Order['bankDetails']>

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString()

function addressOf(stored: StoredAddress): Order['billingInformation'] {
  return {
    title: stored.title ?? '',
    firstname: stored.firstname ?? '',
    lastname: stored.lastname ?? '',
    company: stored.company ?? '',
    street: stored.street ?? '',
    addressSuffix: stored.addressSuffix ?? '',
    postalCode: stored.postalCode ?? '',
    city: stored.city ?? '',
    countryId: stored.countryId ?? '',
    vatRegistrationNumber: stored.vatRegistrationNumber ?? '',
    email: stored.email ?? '',
    countryName: stored.countryName ?? '',
    countryCode: stored.countryCode ?? '',
  }
}

function lineOf(line: OrderLineRow): Order['items'][number] {
  return {
    _id: line.id,
    objectId: line.model_file_id,
    modelName: line.model_name,
    unit: line.unit_of_length,
    scale: line.scale,
    quantity: line.quantity,
    dimensions: line.dimensions,
    printModeId: line.print_mode_id,
    surfaceFinishId: line.surface_finish_id,
    colorId: line.color_id,
    printModeName: line.print_mode_name,
    surfaceFinishName: line.surface_finish_name,
    colorName: line.color_name,
    thumbnail:
      line.thumbnail_name === null
        ? null
        : `${THUMBNAILS_PATH}${CART_THUMBNAILS_FOLDER}/${line.thumbnail_name}`,
    unitPrice: {
      netCents: line.unit_net_cents,
      taxCents: line.unit_tax_cents,
      totalCents: line.unit_net_cents + line.unit_tax_cents,
    },
    linePrice: {
      netCents: line.line_net_cents,
      taxCents: line.line_tax_cents,
      totalCents: line.line_net_cents + line.line_tax_cents,
    },
    productionTimeDays: line.production_time_days,
    sheetVersion: line.sheet_version,
    fileSha256: line.file_sha256,
    repaired: line.repaired,
    attachments: line.attachments,
  }
}

/**
 * Re-order: the owner, a paid non-quote order of this shop. Pay now: a PayPal order not yet paid. Order now: a
 * quote not yet ordered (needs the owner, as quotes need a login).
 */
export function actionsOf(row: OrderRow, owner: boolean): Order['actions'] {
  const unpaid = row.payment_status === 'PAYMENT_PENDING' || row.payment_status === 'PAYMENT_FAILED'
  const open = row.status !== 'ORDER_CANCELLED'
  return {
    reorder: owner && row.payment_status === 'PAYMENT_RECEIVED' && !row.is_quote && !row.legacy_order,
    payNow: open && row.payment_method === 'paypal' && unpaid,
    orderNow: owner && row.is_quote && row.status === 'QUOTE_GENERATED',
  }
}

export function presentOrder(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  context: { owner: boolean; bankDetails: BankDetails },
): Order {
  return {
    _id: row.id,
    orderNumber: row.order_number,
    createdAt: iso(row.created_at),
    orderStatus: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    legacyOrder: row.legacy_order,
    isQuote: row.is_quote,
    isBusinessCustomer: row.is_business,
    email: row.email,
    phone: row.phone,
    locale: row.locale,
    items: lines.map(lineOf),
    billingInformation: addressOf(row.billing_address),
    shippingInformation: addressOf(row.shipping_address),
    shippingMethod: {
      id: row.shipping_method_id,
      name: row.shipping_method_name,
      shippingTimeDays: row.shipping_time_days,
    },
    amounts: row.amounts,
    estimatedProductionTimeDays: row.production_time_days,
    customerRemarks: { referenceNumber: row.reference_number },
    termsOfPaymentDays: row.terms_of_payment_days,
    bankDetails: row.payment_method === 'prepaid' ? context.bankDetails : null,
    actions: actionsOf(row, context.owner),
  }
}

export function listEntryOf(row: OrderRow): OrderListEntry {
  return {
    _id: row.id,
    orderNumber: row.order_number,
    createdAt: iso(row.created_at),
    amountTotal: row.total_gross_cents,
    orderStatus: row.status,
    paymentStatus: row.payment_status,
    isQuote: row.is_quote,
  }
}
