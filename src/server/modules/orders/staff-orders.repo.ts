import type { z } from 'zod'
import type { StaffOrderListQuerySchema } from '#shared/contracts/staff-orders.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import { ORDER_COLUMNS, type OrderRow } from '#server/modules/orders/order.repo.ts'

/**
 * The back office's reads of the orders module's tables (issue 17): the filtered order list, an order's status
 * history and its outbox mails, and the staff audit entry each back-office change writes (migration 004's
 * `staff_audit_log`, read by the workspace's audit view).
 */

type ListFilter = z.output<typeof StaffOrderListQuerySchema>

export interface HistoryRow {
  kind: 'order' | 'payment' | 'printability_note'
  from_status: string | null
  to_status: string
  at: Date | string
  by: string
  note: string
}

export interface OutboxMailRow {
  kind: string
  created_at: Date | string
  done_at: Date | string | null
}

/** `%`, `_` and the escape character itself match literally in an ILIKE pattern. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** The WHERE clause and its parameters; each filter adds one placeholder. */
function whereOf(filter: ListFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = []
  const params: unknown[] = []
  const add = (clause: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    clauses.push(clause(`$${params.length}`))
  }
  if (filter.status !== undefined) add((p) => `o.status = ${p}`, filter.status)
  if (filter.paymentStatus !== undefined) add((p) => `o.payment_status = ${p}`, filter.paymentStatus)
  // Whole UTC days: `to` includes its own day.
  if (filter.from !== undefined) add((p) => `o.created_at >= (${p}::date)::timestamptz`, filter.from)
  if (filter.to !== undefined) add((p) => `o.created_at < (${p}::date + 1)::timestamptz`, filter.to)
  if (filter.customer !== undefined)
    add(
      (p) =>
        `(lower(o.email) = lower(${p}) OR o.user_id IN (SELECT id FROM users WHERE lower(username) = lower(${p})))`,
      filter.customer,
    )
  if (filter.q !== undefined)
    add(
      (p) => `(o.order_number ILIKE ${p} ESCAPE '\\' OR o.email ILIKE ${p} ESCAPE '\\')`,
      `%${likeEscaped(filter.q)}%`,
    )
  return { sql: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, params }
}

export function createStaffOrdersRepo(db: Queryable) {
  return {
    /** One page, newest first (the order number breaks ties of the same instant). */
    async page(filter: ListFilter): Promise<{ rows: OrderRow[]; total: number }> {
      const where = whereOf(filter)
      const { rows } = await db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders o ${where.sql}
         ORDER BY o.created_at DESC, o.order_number DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`,
        where.params,
      )
      const counted = await db.query<{ total: string }>(
        `SELECT count(*)::text AS total FROM orders o ${where.sql}`,
        where.params,
      )
      return { rows, total: Number(counted.rows[0]?.total ?? 0) }
    },

    async history(orderId: string): Promise<HistoryRow[]> {
      const { rows } = await db.query<HistoryRow>(
        `SELECT kind, from_status, to_status, at, by, note FROM order_status_history
          WHERE order_id = $1 ORDER BY at, id`,
        [orderId],
      )
      return rows
    },

    async mails(orderId: string): Promise<OutboxMailRow[]> {
      const { rows } = await db.query<OutboxMailRow>(
        'SELECT kind, created_at, done_at FROM order_outbox WHERE order_id = $1 ORDER BY created_at, id',
        [orderId],
      )
      return rows
    },

    /** A printability note's mail (migration 013): the message, the line and its picture as drawn now. */
    async queuePrintabilityNote(
      q: Queryable,
      mail: { id: string; orderId: string; lineId: string; message: string; picture: Uint8Array | null },
    ): Promise<void> {
      await q.query(
        `INSERT INTO order_outbox (id, order_id, kind, note, line_id, picture)
         VALUES ($1, $2, 'printability_note', $3, $4, $5)`,
        [mail.id, mail.orderId, mail.message, mail.lineId, mail.picture],
      )
    },

    async audit(
      q: Queryable,
      entry: { userId: string; entity: 'order' | 'customer'; entityId: string; details: unknown },
    ): Promise<void> {
      // The audit log's actions are a closed set (staff-audit.contract.ts): a back-office change is an update.
      await q.query(
        `INSERT INTO staff_audit_log (user_id, action, entity, entity_id, details)
         VALUES ($1, 'update', $2, $3, $4::jsonb)`,
        [entry.userId, entry.entity, entry.entityId, JSON.stringify(entry.details)],
      )
    },
  }
}
export type StaffOrdersRepo = ReturnType<typeof createStaffOrdersRepo>
