import type { Order } from '#shared/contracts/checkout.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import type { OrderStatus } from '#shared/domain/order-status.ts'
import type {
  OrderDocuments,
  OrderMailKind,
  PrintabilityNoteMail,
} from '#server/modules/orders/order-ports.ts'

/**
 * The transactional outbox of order mails (decision 0094; commerce-reliability check 4). A row is written in the
 * transaction that makes the mail due (placement, a quote ordered, a payment settled) and sent after the commit by
 * this dispatcher: right after each commit, at start-up and every 30 s.
 *
 * Delivery is at least once: a row is claimed for a minute (so two processes do not send it at the same time), sent,
 * and only then marked done in its own statement. A crash between the send and the mark sends the mail again after
 * the claim runs out; a crash before the send (the common case: right after the commit) sends it exactly once. The
 * mail carries the outbox row's id as its reference, so a duplicate is recognisable.
 */

const DISPATCH_INTERVAL_MS = 30_000
const CLAIM_MS = 60_000
/** After this many failed sends a row stays for staff to look at (last_error says why). */
const MAX_ATTEMPTS = 10
const BATCH = 20

interface OutboxRow {
  id: string
  order_id: string
  kind: OrderMailKind
  /** status_changed rows: the announced status and the note. */
  status: OrderStatus | null
  /** The status note, or a printability note's message. */
  note: string
  /** printability_note rows: the line and its wall-thickness picture (PGlite answers Uint8Array, pg a Buffer). */
  line_id: string | null
  picture: Uint8Array | null
}

function printabilityNoteOf(row: OutboxRow): PrintabilityNoteMail | undefined {
  if (row.kind !== 'printability_note' || row.line_id === null) return undefined
  return { lineId: row.line_id, message: row.note, picture: row.picture }
}

export interface OutboxDeps {
  db: Queryable
  documents: OrderDocuments
  /** False until the order-documents module is wired: rows wait, nothing is tried. */
  enabled: boolean
  /** The order as the customer reads it (the owner's view: the mail goes to the order's own address). */
  orderOf(orderId: string): Promise<Order | undefined>
  log: { error(object: object, message: string): void }
}

export function createOrderOutbox(deps: OutboxDeps) {
  const { db } = deps
  let running: Promise<void> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined

  async function claim(id: string): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE order_outbox SET claimed_until = now() + $2 * interval '1 millisecond', attempts = attempts + 1
        WHERE id = $1 AND done_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())`,
      [id, CLAIM_MS],
    )
    return rowCount === 1
  }

  async function sendOne(row: OutboxRow): Promise<void> {
    if (!(await claim(row.id))) return
    try {
      const order = await deps.orderOf(row.order_id)
      if (order === undefined) throw new Error(`order ${row.order_id} not found`)
      const statusMail = row.status === null ? undefined : { status: row.status, note: row.note }
      await deps.documents.sendOrderMail(row.kind, order, statusMail, printabilityNoteOf(row))
    } catch (error) {
      deps.log.error({ err: error, outboxId: row.id, kind: row.kind }, 'order mail not sent; retried later')
      await db.query('UPDATE order_outbox SET claimed_until = NULL, last_error = $2 WHERE id = $1', [
        row.id,
        error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      ])
      return
    }
    await db.query('UPDATE order_outbox SET done_at = now(), last_error = NULL WHERE id = $1', [row.id])
  }

  async function drain(): Promise<void> {
    for (;;) {
      const { rows } = await db.query<OutboxRow>(
        `SELECT id, order_id, kind, status, note, line_id, picture FROM order_outbox
          WHERE done_at IS NULL AND attempts < $1 AND (claimed_until IS NULL OR claimed_until < now())
          ORDER BY created_at, id LIMIT $2`,
        [MAX_ATTEMPTS, BATCH],
      )
      for (const row of rows) await sendOne(row)
      if (rows.length < BATCH) return
    }
  }

  /** One dispatch at a time in this process; a wake during a run runs it once more afterwards. */
  function dispatch(): Promise<void> {
    if (!deps.enabled) return Promise.resolve()
    if (running !== undefined) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await drain().catch((error: unknown) =>
          deps.log.error({ err: error }, 'order outbox dispatch failed'),
        )
      } while (again)
    })().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    dispatch,
    /** After a commit: not awaited by the answer. */
    wake(): void {
      void dispatch()
    },
    start(): void {
      if (timer !== undefined) return
      void dispatch()
      timer = setInterval(() => void dispatch(), DISPATCH_INTERVAL_MS)
      timer.unref()
    },
    /** Stops the timer and waits for a running dispatch (shutdown). */
    async stop(): Promise<void> {
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
      await running
    },
  }
}
export type OrderOutbox = ReturnType<typeof createOrderOutbox>
