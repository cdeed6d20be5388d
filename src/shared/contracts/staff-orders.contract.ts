import { z } from 'zod'
import { OrderListEntrySchema, OrderSchema } from '#shared/contracts/checkout.contract.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '#shared/domain/order-status.ts'

/**
 * The order back office of the staff workspace (issue 17, decision 0105): the order list with filters, one order
 * with its history, mails and allowed next statuses, the status change, "mark paid" and the company verification.
 */

export const STAFF_ORDERS_PATH = '/api/staff/orders'
export const staffOrderPaths = {
  list: STAFF_ORDERS_PATH,
  one: (orderId: string) => `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}`,
  status: (orderId: string) => `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}/status`,
  markPaid: (orderId: string) => `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}/mark-paid`,
  verifyCompany: (userId: string) => `/api/staff/customers/${encodeURIComponent(userId)}/verify-company`,
}

export const STAFF_ORDERS_PAGE_SIZE_MAX = 100
export const STAFF_ORDERS_PAGE_SIZE_DEFAULT = 25
export const STATUS_NOTE_MAX = 1000

const day = z.iso.date()

export const StaffOrderListQuerySchema = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  /** First and last day of the order's creation (inclusive, UTC). */
  from: day.optional(),
  to: day.optional(),
  /** The customer: the order's e-mail or the account's username, exact (case-insensitive). */
  customer: z.string().trim().min(1).max(200).optional(),
  /** Part of the order number or of the order's e-mail. */
  q: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(STAFF_ORDERS_PAGE_SIZE_MAX)
    .default(STAFF_ORDERS_PAGE_SIZE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type StaffOrderListQuery = z.input<typeof StaffOrderListQuerySchema>

export const StaffOrderListEntrySchema = OrderListEntrySchema.extend({
  email: z.string(),
  paymentMethod: OrderSchema.shape.paymentMethod,
  userId: IdSchema.nullable(),
})
export type StaffOrderListEntry = z.infer<typeof StaffOrderListEntrySchema>

export const StaffOrderListResponseSchema = z.object({
  orders: z.array(StaffOrderListEntrySchema),
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
  offset: z.number().int().min(0),
})
export type StaffOrderListResponse = z.infer<typeof StaffOrderListResponseSchema>

export const StaffOrderParamsSchema = z.object({ orderId: IdSchema })
export const StaffCustomerParamsSchema = z.object({ userId: IdSchema })

export const StaffOrderHistoryEntrySchema = z.object({
  kind: z.enum(['order', 'payment']),
  from: z.string().nullable(),
  to: z.string(),
  at: z.string(),
  /** customer, payments, system, or the staff member's user id. */
  by: z.string(),
  note: z.string(),
})

export const StaffOrderMailSchema = z.object({
  kind: z.string(),
  createdAt: z.string(),
  /** null while the mail waits in the outbox. */
  doneAt: z.string().nullable(),
})

export const StaffOrderDetailResponseSchema = z.object({
  order: OrderSchema,
  userId: IdSchema.nullable(),
  history: z.array(StaffOrderHistoryEntrySchema),
  mails: z.array(StaffOrderMailSchema),
  /** The statuses this order may move to now (ORDER_TRANSITIONS and the payment rules). */
  allowedNextStatuses: z.array(z.enum(ORDER_STATUSES)),
})
export type StaffOrderDetailResponse = z.infer<typeof StaffOrderDetailResponseSchema>

export const ChangeOrderStatusRequestSchema = z.strictObject({
  to: z.enum(ORDER_STATUSES),
  note: z.string().max(STATUS_NOTE_MAX).optional(),
})
export type ChangeOrderStatusRequest = z.infer<typeof ChangeOrderStatusRequestSchema>

export const VerifyCompanyResponseSchema = z.object({ userId: IdSchema, isVerifiedCompany: z.literal(true) })
