import type { OrderAmounts } from '#shared/contracts/checkout.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import type { OrderStatus, PaymentStatus } from '#shared/domain/order-status.ts'
import type { PaymentMethodId } from '#shared/domain/payment-methods.ts'
import type { Queryable } from '#server/db/db.ts'
import type { VoucherRow } from '#server/modules/orders/order-amounts.ts'
import type { OrderMailKind, OrderStatusMail } from '#server/modules/orders/order-ports.ts'

/** Orders, their lines, status history and outbox, and the vouchers they count (migration 009). */

/** An address as the order keeps it: the customer's fields plus the country's name and code. */
export type StoredAddress = Record<string, string>

export interface OrderRow {
  id: string
  order_number: string
  invoice_number: string | null
  cart_id: string
  white_label_id: string
  user_id: string | null
  access_token_hash: string
  status: OrderStatus
  payment_status: PaymentStatus
  payment_method: PaymentMethodId
  is_quote: boolean
  legacy_order: boolean
  locale: Locale
  email: string
  phone: string
  reference_number: string
  is_business: boolean
  newsletter: boolean
  billing_address: StoredAddress
  shipping_address: StoredAddress
  shipping_method_id: string
  shipping_method_name: string
  shipping_time_days: number
  production_time_days: number
  /** The amounts as computed at placement (the contract's OrderAmounts). */
  amounts: OrderAmounts
  total_gross_cents: number
  voucher_id: string | null
  terms_of_payment_days: number | null
  payment_capture_id: string | null
  created_at: Date | string
}

export interface OrderLineRow {
  id: string
  position: number
  model_file_id: string
  model_name: string
  unit_of_length: 'mm' | 'cm' | 'inch'
  scale: number
  quantity: number
  dimensions: { x: number; y: number; z: number }
  print_mode_id: string
  print_mode_name: string
  surface_finish_id: string | null
  surface_finish_name: string | null
  color_id: string | null
  color_name: string | null
  thumbnail_name: string | null
  unit_net_cents: number
  unit_tax_cents: number
  line_net_cents: number
  line_tax_cents: number
  production_time_days: number
  sheet_version: string
  file_sha256: string
  repaired: boolean
  attachments: { _id: string; fileName: string }[]
}

/** Everything an order is written with (the row minus what the database assigns). */
export type NewOrder = Omit<
  OrderRow,
  | 'order_number'
  | 'invoice_number'
  | 'created_at'
  | 'legacy_order'
  | 'total_gross_cents'
  | 'payment_capture_id'
> & { with_invoice_number: boolean; voucher_code: string | null }

export const ORDER_COLUMNS = `o.id, o.order_number, o.invoice_number, o.cart_id, o.white_label_id, o.user_id,
  o.access_token_hash, o.status, o.payment_status, o.payment_method, o.is_quote, o.legacy_order, o.locale, o.email,
  o.phone, o.reference_number, o.is_business, o.newsletter, o.billing_address, o.shipping_address,
  o.shipping_method_id, o.shipping_method_name, o.shipping_time_days, o.production_time_days, o.voucher_id,
  o.terms_of_payment_days, o.payment_capture_id, o.created_at, o.total_gross_cents::int AS total_gross_cents,
  o.amounts`

const LINE_COLUMNS = `id, position, model_file_id, model_name, unit_of_length, scale, quantity, dimensions,
  print_mode_id, print_mode_name, surface_finish_id, surface_finish_name, color_id, color_name, thumbnail_name,
  unit_net_cents::int AS unit_net_cents, unit_tax_cents::int AS unit_tax_cents,
  line_net_cents::int AS line_net_cents, line_tax_cents::int AS line_tax_cents, production_time_days,
  sheet_version, file_sha256, repaired, attachments`

const VOUCHER_COLUMNS = `id, code, name, type, value, free_shipping, min_value_cents, max_usage, login_required,
  used_count, is_active`

const json = (value: unknown) => JSON.stringify(value)

/** The amount columns of an order, in the order of the INSERT below. */
function amountParams(a: OrderAmounts): unknown[] {
  return [
    a.taxRatePercent,
    a.beforeDiscount.netCents,
    a.beforeDiscount.taxCents,
    a.items.netCents,
    a.items.taxCents,
    a.discount?.discountCents ?? 0,
    a.smallOrderSurcharge.netCents,
    a.smallOrderSurcharge.taxCents,
    a.shipping.netCents,
    a.shipping.taxCents,
    a.total.netCents,
    a.total.taxCents,
    a.total.totalCents,
  ]
}

function createVoucherRepo(db: Queryable) {
  return {
    async findVoucherByCode(code: string): Promise<VoucherRow | undefined> {
      const { rows } = await db.query<VoucherRow>(`SELECT ${VOUCHER_COLUMNS} FROM vouchers WHERE code = $1`, [
        code.trim().toUpperCase(),
      ])
      return rows[0]
    },
    async findVoucherById(id: string): Promise<VoucherRow | undefined> {
      const { rows } = await db.query<VoucherRow>(`SELECT ${VOUCHER_COLUMNS} FROM vouchers WHERE id = $1`, [
        id,
      ])
      return rows[0]
    },
    /** Counts one use if the voucher has one left: false when it is used up (or gone inactive meanwhile). */
    async countVoucherUse(tx: Queryable, id: string): Promise<boolean> {
      const { rowCount } = await tx.query(
        `UPDATE vouchers SET used_count = used_count + 1
          WHERE id = $1 AND is_active AND (max_usage IS NULL OR used_count < max_usage)`,
        [id],
      )
      return rowCount === 1
    },
  }
}

/** The order row; its number (and, unless a quote, its invoice number) from the sequences. */
async function insertOrderRow(tx: Queryable, order: NewOrder): Promise<{ order_number: string }> {
  const { rows } = await tx.query<{ order_number: string }>(
    `INSERT INTO orders (tax_rate, items_before_net_cents, items_before_tax_cents, items_net_cents,
       items_tax_cents, discount_cents, surcharge_net_cents, surcharge_tax_cents, shipping_net_cents,
       shipping_tax_cents, total_net_cents, total_tax_cents, total_gross_cents,
       id, order_number, invoice_number, cart_id, white_label_id, user_id, access_token_hash, status,
       payment_status, payment_method, is_quote, locale, email, phone, reference_number, is_business, newsletter,
       billing_address, shipping_address, shipping_method_id, shipping_method_name, shipping_time_days,
       production_time_days, voucher_id, voucher_code, voucher, voucher_usage_counted, terms_of_payment_days,
       amounts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
       $14, 'SW-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('order_numbers')::text, 6, '0'),
       CASE WHEN $15::boolean
         THEN 'RE-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('invoice_numbers')::text, 6, '0') END,
       $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30::jsonb, $31::jsonb, $32, $33,
       $34, $35, $36, $37, $38::jsonb, $39, $40, $41::jsonb)
     RETURNING order_number`,
    [
      ...amountParams(order.amounts),
      order.id,
      order.with_invoice_number,
      order.cart_id,
      order.white_label_id,
      order.user_id,
      order.access_token_hash,
      order.status,
      order.payment_status,
      order.payment_method,
      order.is_quote,
      order.locale,
      order.email,
      order.phone,
      order.reference_number,
      order.is_business,
      order.newsletter,
      json(order.billing_address),
      json(order.shipping_address),
      order.shipping_method_id,
      order.shipping_method_name,
      order.shipping_time_days,
      order.production_time_days,
      order.voucher_id,
      order.voucher_code,
      order.amounts.discount === null ? null : json(order.amounts.discount),
      order.voucher_id !== null,
      order.terms_of_payment_days,
      json(order.amounts),
    ],
  )
  return rows[0]!
}

async function insertLineRow(tx: Queryable, orderId: string, line: OrderLineRow): Promise<void> {
  await tx.query(
    `INSERT INTO order_lines (id, order_id, position, model_file_id, model_name, unit_of_length, scale, quantity,
       dimensions, print_mode_id, print_mode_name, surface_finish_id, surface_finish_name, color_id, color_name,
       thumbnail_name, unit_net_cents, unit_tax_cents, line_net_cents, line_tax_cents, production_time_days,
       sheet_version, file_sha256, repaired, attachments)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
       $21, $22, $23, $24, $25::jsonb)`,
    [
      line.id,
      orderId,
      line.position,
      line.model_file_id,
      line.model_name,
      line.unit_of_length,
      line.scale,
      line.quantity,
      json(line.dimensions),
      line.print_mode_id,
      line.print_mode_name,
      line.surface_finish_id,
      line.surface_finish_name,
      line.color_id,
      line.color_name,
      line.thumbnail_name,
      line.unit_net_cents,
      line.unit_tax_cents,
      line.line_net_cents,
      line.line_tax_cents,
      line.production_time_days,
      line.sheet_version,
      line.file_sha256,
      line.repaired,
      json(line.attachments),
    ],
  )
}

function createOrderWriteRepo() {
  return {
    insertOrder: insertOrderRow,
    insertLine: insertLineRow,

    async insertHistory(
      tx: Queryable,
      entry: {
        orderId: string
        /** printability_note: `to` is the line's id, `note` the message (migration 013). */
        kind: 'order' | 'payment' | 'printability_note'
        from: string | null
        to: string
        by: string
        note?: string
      },
    ): Promise<void> {
      await tx.query(
        `INSERT INTO order_status_history (order_id, kind, from_status, to_status, by, note)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [entry.orderId, entry.kind, entry.from, entry.to, entry.by, entry.note ?? ''],
      )
    },

    async insertOutbox(
      tx: Queryable,
      id: string,
      orderId: string,
      kind: OrderMailKind,
      statusMail?: OrderStatusMail,
    ): Promise<void> {
      await tx.query(
        'INSERT INTO order_outbox (id, order_id, kind, status, note) VALUES ($1, $2, $3, $4, $5)',
        [id, orderId, kind, statusMail?.status ?? null, statusMail?.note ?? ''],
      )
    },

    async setStatus(tx: Queryable, orderId: string, status: OrderStatus): Promise<void> {
      await tx.query('UPDATE orders SET status = $2, updated_at = now() WHERE id = $1', [orderId, status])
    },

    async setPayment(
      tx: Queryable,
      orderId: string,
      change: { status: PaymentStatus; provider?: 'paypal' | 'test'; captureId?: string },
    ): Promise<void> {
      await tx.query(
        `UPDATE orders SET payment_status = $2, payment_provider = COALESCE($3, payment_provider),
           payment_capture_id = COALESCE($4, payment_capture_id), updated_at = now()
         WHERE id = $1`,
        [orderId, change.status, change.provider ?? null, change.captureId ?? null],
      )
    },

    /** A quote becomes an order: its method, an invoice number, the terms of payment of invoice orders. */
    async orderQuote(
      tx: Queryable,
      orderId: string,
      change: { method: PaymentMethodId; termsOfPaymentDays: number | null },
    ): Promise<void> {
      await tx.query(
        `UPDATE orders SET payment_method = $2, terms_of_payment_days = $3, is_quote = false,
           status = 'ORDER_RECEIVED', payment_status = 'PAYMENT_PENDING', updated_at = now(),
           invoice_number = 'RE-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('invoice_numbers')::text, 6, '0')
         WHERE id = $1`,
        [orderId, change.method, change.termsOfPaymentDays],
      )
    },
  }
}

function createOrderReadRepo(db: Queryable) {
  return {
    async findOrder(id: string, q: Queryable = db): Promise<OrderRow | undefined> {
      const { rows } = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1`, [id])
      return rows[0]
    },
    async lockOrder(tx: Queryable, id: string): Promise<OrderRow | undefined> {
      const { rows } = await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1 FOR UPDATE`,
        [id],
      )
      return rows[0]
    },
    async findOrderOfCart(cartId: string, q: Queryable = db): Promise<OrderRow | undefined> {
      const { rows } = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.cart_id = $1`, [
        cartId,
      ])
      return rows[0]
    },
    async findByNumberAndEmail(orderNumber: string, email: string): Promise<OrderRow | undefined> {
      const { rows } = await db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.order_number = $1 AND lower(o.email) = lower($2)`,
        [orderNumber.trim().toUpperCase(), email.trim()],
      )
      return rows[0]
    },
    async listLines(orderId: string): Promise<OrderLineRow[]> {
      const { rows } = await db.query<OrderLineRow>(
        `SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = $1 ORDER BY position`,
        [orderId],
      )
      return rows
    },
    async listUserOrders(userId: string): Promise<OrderRow[]> {
      const { rows } = await db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.order_number DESC`,
        [userId],
      )
      return rows
    },
  }
}

export function createOrderRepo(db: Queryable) {
  return { ...createVoucherRepo(db), ...createOrderWriteRepo(), ...createOrderReadRepo(db) }
}
export type OrderRepo = ReturnType<typeof createOrderRepo>
