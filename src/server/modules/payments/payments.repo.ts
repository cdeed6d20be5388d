import type { Db } from '#server/db/db.ts'

/** The payments and webhook_events tables (migration 010). One statement per call, no transaction spans a call. */

export type PaymentStatus = 'created' | 'approved' | 'captured' | 'failed'

export interface PaymentRow {
  id: string
  orderId: string
  provider: 'paypal' | 'test'
  attempt: number
  providerOrderId: string | null
  approveUrl: string | null
  amountCents: number
  currency: string
  status: PaymentStatus
  captureId: string | null
  paypalRequestId: string
  captureAttempt: number
  reviewReason: string | null
  raw: Record<string, unknown> | null
}

interface DbRow {
  id: string
  order_id: string
  provider: 'paypal' | 'test'
  attempt: number
  provider_order_id: string | null
  approve_url: string | null
  amount_cents: number
  currency: string
  status: PaymentStatus
  capture_id: string | null
  paypal_request_id: string
  capture_attempt: number
  review_reason: string | null
  raw_response: Record<string, unknown> | null
}

const COLUMNS = `id, order_id, provider, attempt, provider_order_id, approve_url, amount_cents, currency, status,
  capture_id, paypal_request_id, capture_attempt, review_reason, raw_response`

function toRow(row: DbRow): PaymentRow {
  return {
    id: row.id,
    orderId: row.order_id,
    provider: row.provider,
    attempt: row.attempt,
    providerOrderId: row.provider_order_id,
    approveUrl: row.approve_url,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    captureId: row.capture_id,
    paypalRequestId: row.paypal_request_id,
    captureAttempt: row.capture_attempt,
    reviewReason: row.review_reason,
    raw: row.raw_response,
  }
}

export interface NewAttempt {
  id: string
  orderId: string
  provider: 'paypal' | 'test'
  attempt: number
  amountCents: number
  currency: string
  paypalRequestId: string
}

export interface CaptureRecord {
  status: PaymentStatus
  captureId: string | null
  reviewReason: string | null
  raw: Record<string, unknown> | null
  /** A decline moves on to the next capture request id (the buyer may approve again with other funds). */
  nextCaptureAttempt: boolean
}

type One = (sql: string, params: readonly unknown[]) => Promise<PaymentRow | undefined>

/** The settle lease: one settle of a payment at a time, across processes. */
function createLeases(db: Db, one: One) {
  return {
    /** Takes the settle lease; undefined when the payment is captured or another settle holds it. */
    claim: (id: string, leaseMs: number) =>
      one(
        `UPDATE payments SET settle_lease_until = now() + ($2::int * interval '1 millisecond'), updated_at = now()
         WHERE id = $1 AND status <> 'captured'
           AND (settle_lease_until IS NULL OR settle_lease_until < now())
         RETURNING ${COLUMNS}`,
        [id, leaseMs],
      ),
    async release(id: string): Promise<void> {
      await db.query(`UPDATE payments SET settle_lease_until = NULL WHERE id = $1`, [id])
    },
    /** True while a settle holds the lease. */
    async leased(id: string): Promise<boolean> {
      const { rows } = await db.query<{ leased: boolean }>(
        `SELECT coalesce(settle_lease_until > now(), false) AS leased FROM payments WHERE id = $1`,
        [id],
      )
      return rows[0]?.leased ?? false
    },
  }
}

export function createPaymentsRepo(db: Db) {
  const one: One = async (sql: string, params: readonly unknown[]): Promise<PaymentRow | undefined> => {
    const { rows } = await db.query<DbRow>(sql, params)
    return rows[0] === undefined ? undefined : toRow(rows[0])
  }
  return {
    latestForOrder: (orderId: string) =>
      one(`SELECT ${COLUMNS} FROM payments WHERE order_id = $1 ORDER BY attempt DESC LIMIT 1`, [orderId]),
    findByProviderOrderId: (providerOrderId: string) =>
      one(`SELECT ${COLUMNS} FROM payments WHERE provider_order_id = $1`, [providerOrderId]),
    findById: (id: string) => one(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id]),
    /** The attempt's row, or the one a concurrent start wrote first for the same attempt. */
    async insertAttempt(attempt: NewAttempt): Promise<PaymentRow> {
      const inserted = await one(
        `INSERT INTO payments (id, order_id, provider, attempt, amount_cents, currency, paypal_request_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id, attempt) DO NOTHING RETURNING ${COLUMNS}`,
        [
          attempt.id,
          attempt.orderId,
          attempt.provider,
          attempt.attempt,
          attempt.amountCents,
          attempt.currency,
          attempt.paypalRequestId,
        ],
      )
      if (inserted !== undefined) return inserted
      const existing = await one(`SELECT ${COLUMNS} FROM payments WHERE order_id = $1 AND attempt = $2`, [
        attempt.orderId,
        attempt.attempt,
      ])
      if (existing === undefined) throw new Error('payment attempt vanished')
      return existing
    },
    async recordCreated(id: string, providerOrderId: string, approveUrl: string, raw: object): Promise<void> {
      await db.query(
        `UPDATE payments SET provider_order_id = $2, approve_url = $3, raw_response = $4::jsonb, updated_at = now()
         WHERE id = $1`,
        [id, providerOrderId, approveUrl, JSON.stringify(raw)],
      )
    },
    /** An attempt for an amount the order no longer has is closed before a new one starts. */
    async supersede(id: string): Promise<void> {
      await db.query(
        `UPDATE payments SET status = 'failed', review_reason = 'superseded', updated_at = now()
         WHERE id = $1 AND status IN ('created', 'approved') AND capture_id IS NULL`,
        [id],
      )
    },
    ...createLeases(db, one),
    /** Writes what a capture said and releases the lease. */
    async recordCapture(id: string, record: CaptureRecord): Promise<void> {
      await db.query(
        `UPDATE payments SET status = $2, capture_id = coalesce($3, capture_id), review_reason = $4,
           raw_response = coalesce($5::jsonb, raw_response),
           capture_attempt = capture_attempt + CASE WHEN $6 THEN 1 ELSE 0 END,
           settle_lease_until = NULL, updated_at = now()
         WHERE id = $1`,
        [
          id,
          record.status,
          record.captureId,
          record.reviewReason,
          record.raw === null ? null : JSON.stringify(record.raw),
          record.nextCaptureAttempt,
        ],
      )
    },
    /** The buyer cancelled: only an open payment that no settle is working on and that holds no capture. */
    cancel: (id: string) =>
      one(
        `UPDATE payments SET status = 'failed', review_reason = 'cancelled', updated_at = now()
         WHERE id = $1 AND status IN ('created', 'approved') AND capture_id IS NULL
           AND (settle_lease_until IS NULL OR settle_lease_until < now())
         RETURNING ${COLUMNS}`,
        [id],
      ),
  }
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>

/** The webhook deliveries seen (replay defence). */
export function createWebhookEventsRepo(db: Db) {
  return {
    /** False when this transmission was seen before (a replay). */
    async recordWebhookEvent(transmissionId: string, eventId: string, eventType: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `INSERT INTO webhook_events (transmission_id, provider, event_id, event_type) VALUES ($1, 'paypal', $2, $3)
         ON CONFLICT (transmission_id) DO NOTHING`,
        [transmissionId, eventId, eventType],
      )
      return rowCount === 1
    },
    /** Forgets a delivery that could not be processed, so PayPal's retry of it acts. */
    async forgetWebhookEvent(transmissionId: string): Promise<void> {
      await db.query(`DELETE FROM webhook_events WHERE transmission_id = $1`, [transmissionId])
    },
  }
}
export type WebhookEventsRepo = ReturnType<typeof createWebhookEventsRepo>
