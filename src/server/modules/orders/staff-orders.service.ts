import type {
  StaffOrderDetailResponse,
  StaffOrderListEntry,
  StaffOrderListQuerySchema,
  StaffOrderListResponse,
} from '#shared/contracts/staff-orders.contract.ts'
import {
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderStatusChange,
  type PaymentStatus,
} from '#shared/domain/order-status.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { z } from 'zod'
import type { Db, Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { type BankDetails, listEntryOf, presentOrder } from '#server/modules/orders/order-present.ts'
import type { OrderRepo, OrderRow } from '#server/modules/orders/order.repo.ts'
import { orderNotFound } from '#server/modules/orders/orders.service.ts'
import type { StaffOrdersRepo } from '#server/modules/orders/staff-orders.repo.ts'
import {
  sendPrintabilityNote,
  type WallThicknessPictureParams,
} from '#server/modules/orders/staff-printability-note.ts'

/**
 * The order back office (issue 17, decision 0105). Each change runs under the order row's lock and writes, in the
 * same transaction, the history row, the staff audit entry (who, before → after) and the customer's mail into the
 * outbox, so a change never exists without its record and its mail.
 */

export interface StaffOrdersDeps {
  db: Db
  repo: OrderRepo
  staffRepo: StaffOrdersRepo
  bankDetails: BankDetails
  wakeOutbox(): void
  /** The auth module's face: marks a customer account as a verified company; false for no such customer. */
  verifyCompany(userId: string): Promise<boolean>
  /** The analysis module's face: an upload's source file, undefined when it is gone. */
  uploadedFile(modelFileId: string): Promise<{ path: string; fileName: string } | undefined>
  /** The auth module's face: the customer's account is a verified company (false for an unknown account). */
  isVerifiedCompany(userId: string): Promise<boolean>
  /** The analysis module's face: a line's wall-thickness picture (PNG), undefined when the object has none. */
  wallThicknessPicture(
    modelFileId: string,
    params: WallThicknessPictureParams,
  ): Promise<Uint8Array | undefined>
}

const iso = (at: Date | string): string => new Date(at).toISOString()

/** The statuses an order may move to now: the table's targets the payment rules allow. */
export function allowedNextStatuses(row: OrderRow): OrderStatus[] {
  const state = { status: row.status, paymentStatus: row.payment_status, paymentMethod: row.payment_method }
  return ORDER_TRANSITIONS[row.status].filter((to) => orderStatusChange(state, to) === null)
}

const entryOf = (row: OrderRow): StaffOrderListEntry => ({
  ...listEntryOf(row),
  email: row.email,
  paymentMethod: row.payment_method,
  userId: row.user_id,
})

/** Prepaid and invoice orders are paid by transfer, which only staff see arrive. */
const MARKABLE_PAID: ReadonlySet<PaymentStatus> = new Set(['PAYMENT_PENDING', 'PAYMENT_FAILED'])

/** One order as the back office reads it. */
async function detailOf(deps: StaffOrdersDeps, orderId: string): Promise<StaffOrderDetailResponse> {
  const { repo, staffRepo } = deps
  const row = await repo.findOrder(orderId)
  if (row === undefined) throw orderNotFound()
  const [lines, history, mails, isVerifiedCompany] = await Promise.all([
    repo.listLines(orderId),
    staffRepo.history(orderId),
    staffRepo.mails(orderId),
    row.user_id === null ? false : deps.isVerifiedCompany(row.user_id),
  ])
  return {
    // Staff read the order as its owner would (the actions say what the customer may do).
    order: presentOrder(row, lines, { owner: row.user_id !== null, bankDetails: deps.bankDetails }),
    userId: row.user_id,
    isVerifiedCompany,
    history: history.map((entry) => ({
      kind: entry.kind,
      from: entry.from_status,
      to: entry.to_status,
      at: iso(entry.at),
      by: entry.by,
      note: entry.note,
    })),
    mails: mails.map((mail) => ({
      kind: mail.kind,
      createdAt: iso(mail.created_at),
      doneAt: mail.done_at === null ? null : iso(mail.done_at),
    })),
    allowedNextStatuses: allowedNextStatuses(row),
  }
}

/** The file a line was ordered with, as uploaded (decision 0107); 404 for another order's line or a gone file. */
async function lineFileOf(
  deps: StaffOrdersDeps,
  orderId: string,
  lineId: string,
): Promise<{ path: string; fileName: string }> {
  if ((await deps.repo.findOrder(orderId)) === undefined) throw orderNotFound()
  const line = (await deps.repo.listLines(orderId)).find((candidate) => candidate.id === lineId)
  const file = line === undefined ? undefined : await deps.uploadedFile(line.model_file_id)
  if (file === undefined)
    throw new AppError(ErrorCode.NotFound, 'No file for this order line', { details: { resource: 'file' } })
  return file
}

/** The auth module marks the account; the audit log keeps who did it. */
async function verifyCompanyOf(deps: StaffOrdersDeps, userId: string, staffId: string): Promise<void> {
  if (!(await deps.verifyCompany(userId)))
    throw new AppError(ErrorCode.NotFound, 'Unknown customer', { details: { resource: 'customer' } })
  await deps.staffRepo.audit(deps.db, {
    userId: staffId,
    entity: 'customer',
    entityId: userId,
    details: { change: 'isVerifiedCompany', after: true },
  })
}

export function createStaffOrdersService(deps: StaffOrdersDeps) {
  const { db, repo, staffRepo } = deps

  async function lockedOrder(tx: Queryable, orderId: string): Promise<OrderRow> {
    const row = await repo.lockOrder(tx, orderId)
    if (row === undefined) throw orderNotFound()
    return row
  }

  return {
    async list(filter: z.output<typeof StaffOrderListQuerySchema>): Promise<StaffOrderListResponse> {
      const page = await staffRepo.page(filter)
      return { orders: page.rows.map(entryOf), total: page.total, limit: filter.limit, offset: filter.offset }
    },

    detail: (orderId: string) => detailOf(deps, orderId),
    lineFile: (orderId: string, lineId: string) => lineFileOf(deps, orderId, lineId),

    /** Along ORDER_TRANSITIONS and the payment rules, else 422 status_change_refused with the refusal. */
    async changeStatus(orderId: string, to: OrderStatus, staffId: string, note = ''): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockedOrder(tx, orderId)
        const refusal = orderStatusChange(
          { status: row.status, paymentStatus: row.payment_status, paymentMethod: row.payment_method },
          to,
        )
        if (refusal !== null)
          throw new AppError(ErrorCode.StatusChangeRefused, 'This status change is not allowed', {
            details: { from: row.status, to, reason: refusal },
          })
        await repo.setStatus(tx, orderId, to)
        await repo.insertHistory(tx, { orderId, kind: 'order', from: row.status, to, by: staffId, note })
        await repo.insertOutbox(tx, newId(), orderId, 'status_changed', { status: to, note })
        await staffRepo.audit(tx, {
          userId: staffId,
          entity: 'order',
          entityId: orderId,
          details: { change: 'status', orderNumber: row.order_number, before: row.status, after: to, note },
        })
      })
      deps.wakeOutbox()
    },

    /** A transfer arrived for a prepaid or invoice order: PAYMENT_RECEIVED and the payment-received mail. */
    async markPaid(orderId: string, staffId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockedOrder(tx, orderId)
        const byTransfer = row.payment_method === 'prepaid' || row.payment_method === 'billing'
        if (!byTransfer || !MARKABLE_PAID.has(row.payment_status))
          throw new AppError(ErrorCode.Conflict, 'This order cannot be marked paid', {
            details: { paymentMethod: row.payment_method, paymentStatus: row.payment_status },
          })
        await repo.setPayment(tx, orderId, { status: 'PAYMENT_RECEIVED' })
        await repo.insertHistory(tx, {
          orderId,
          kind: 'payment',
          from: row.payment_status,
          to: 'PAYMENT_RECEIVED',
          by: staffId,
          note: 'transfer received',
        })
        await repo.insertOutbox(tx, newId(), orderId, 'payment_received')
        await staffRepo.audit(tx, {
          userId: staffId,
          entity: 'order',
          entityId: orderId,
          details: {
            change: 'payment',
            orderNumber: row.order_number,
            before: row.payment_status,
            after: 'PAYMENT_RECEIVED',
          },
        })
      })
      deps.wakeOutbox()
    },

    verifyCompany: (userId: string, staffId: string) => verifyCompanyOf(deps, userId, staffId),

    /** A note about one line's printability, mailed with its wall-thickness picture (decision 0107). */
    printabilityNote: (orderId: string, lineId: string, message: string, staffId: string) =>
      sendPrintabilityNote(deps, { orderId, lineId, message, staffId }),
  }
}
export type StaffOrdersService = ReturnType<typeof createStaffOrdersService>
