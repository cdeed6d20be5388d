import { z } from 'zod'
import { OrderListEntrySchema, OrderSchema } from '#shared/contracts/checkout.contract.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '#shared/domain/order-status.ts'

/**
 * The order back office of the staff workspace (issue 17, decision 0105): the order list with filters, one order
 * with its history, mails and allowed next statuses, the status change, "mark paid", the company verification and
 * the printability note.
 */

export const STAFF_ORDERS_PATH = '/api/staff/orders'
export const staffOrderPaths = {
  list: STAFF_ORDERS_PATH,
  one: (orderId: string) => `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}`,
  status: (orderId: string) => `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}/status`,
  markPaid: (orderId: string) => `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}/mark-paid`,
  verifyCompany: (userId: string) => `/api/staff/customers/${encodeURIComponent(userId)}/verify-company`,
  /** The frozen upload of one order line (staff only, decision 0107). */
  lineFile: (orderId: string, lineId: string) =>
    `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}/lines/${encodeURIComponent(lineId)}/file`,
  printabilityNote: (orderId: string) =>
    `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}/printability-note`,
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
  /** printability_note: a note to the customer about one line (`to` is the line's id, `note` the message). */
  kind: z.enum(['order', 'payment', 'printability_note']),
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
  /** The customer's account is a verified company (the auth module's flag); false for a guest order. */
  isVerifiedCompany: z.boolean(),
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

export const StaffOrderLineParamsSchema = z.object({ orderId: IdSchema, lineId: IdSchema })

/** A printability note to the customer about one line, with its wall-thickness picture (decision 0107). */
export const PRINTABILITY_NOTE_MAX = 1000
export const PrintabilityNoteRequestSchema = z.strictObject({
  lineId: IdSchema,
  message: z.string().trim().min(1).max(PRINTABILITY_NOTE_MAX),
})
export type PrintabilityNoteRequest = z.infer<typeof PrintabilityNoteRequestSchema>

/**
 * The order after the note, and whether the line's wall-thickness picture went with the mail (false: the object has
 * no wall-thickness analysis, the mail went without it).
 */
export const PrintabilityNoteResponseSchema = StaffOrderDetailResponseSchema.extend({
  pictureAttached: z.boolean(),
})
export type PrintabilityNoteResponse = z.infer<typeof PrintabilityNoteResponseSchema>

export const VerifyCompanyResponseSchema = z.object({ userId: IdSchema, isVerifiedCompany: z.literal(true) })

// ---------------------------------------------------------------------------------------------------------------
// The back office's list filter as the form and the address bar hold it (decision 0107): every field a string,
// empty meaning "any", so Back restores exactly what the staff member saw.

export type StaffOrderFilter = {
  status: '' | (typeof ORDER_STATUSES)[number]
  paymentStatus: '' | (typeof PAYMENT_STATUSES)[number]
  from: string
  to: string
  customer: string
  q: string
}

export const EMPTY_STAFF_ORDER_FILTER: StaffOrderFilter = {
  status: '',
  paymentStatus: '',
  from: '',
  to: '',
  customer: '',
  q: '',
}

/** `/staff/orders?status=…&page=…`: the fields that are set, and the page when it is not the first. */
export type StaffOrderListSearch = Partial<Omit<StaffOrderFilter, 'status' | 'paymentStatus'>> & {
  status?: (typeof ORDER_STATUSES)[number]
  paymentStatus?: (typeof PAYMENT_STATUSES)[number]
  page?: number
}

const textParam = z.string().trim().min(1).max(200)
const StaffOrderListSearchSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  customer: textParam.optional().catch(undefined),
  q: textParam.optional().catch(undefined),
  page: z.coerce.number().int().min(2).max(40_000).optional().catch(undefined),
})

/** The address bar's search as the list reads it: unknown or broken values are dropped, never an error page. */
export function staffOrderListSearchOf(search: Record<string, unknown>): StaffOrderListSearch {
  const parsed = StaffOrderListSearchSchema.parse(search)
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as StaffOrderListSearch
}

export const filterOfSearch = (search: StaffOrderListSearch): StaffOrderFilter => ({
  status: search.status ?? '',
  paymentStatus: search.paymentStatus ?? '',
  from: search.from ?? '',
  to: search.to ?? '',
  customer: search.customer ?? '',
  q: search.q ?? '',
})

export function searchOfFilter(filter: StaffOrderFilter, page: number): StaffOrderListSearch {
  const search: StaffOrderListSearch = {}
  if (filter.status !== '') search.status = filter.status
  if (filter.paymentStatus !== '') search.paymentStatus = filter.paymentStatus
  for (const field of ['from', 'to', 'customer', 'q'] as const) {
    const value = filter[field].trim()
    if (value !== '') search[field] = value
  }
  if (page > 1) search.page = page
  return search
}
