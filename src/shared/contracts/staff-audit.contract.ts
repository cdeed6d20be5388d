import { z } from 'zod'
import { IdSchema } from '#shared/contracts/common.contract.ts'

/**
 * The staff audit log, readable (issue 17 "Security and audit": who, when, what, before → after, with filters).
 * Written by every staff change (migration 004's `staff_audit_log`); read by `GET /api/staff/audit-log`.
 */
export const STAFF_AUDIT_LOG_PATH = '/api/staff/audit-log'

export const AUDIT_ACTIONS = ['create', 'update', 'archive', 'restore', 'save_sheet'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** One page holds at most this many entries. */
export const AUDIT_PAGE_SIZE_MAX = 100
export const AUDIT_PAGE_SIZE_DEFAULT = 25

const day = z.iso.date()

export const AuditLogQuerySchema = z.strictObject({
  /** The staff member: user id or username, exact. */
  actor: z.string().min(1).max(200).optional(),
  /** The API resource name the entry is about (`print-mode`, `colors` …). */
  entity: z.string().min(1).max(100).optional(),
  entityId: z.string().min(1).max(100).optional(),
  /** First and last day (inclusive, UTC). */
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
})
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  actor: z.object({ id: IdSchema, username: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entityId: z.string(),
  /** What changed: the route's own record (before → after, the saved version …); null when nothing was noted. */
  details: z.unknown(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AuditLogResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
})
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>

/** The query string of a filter (empty fields left out), for the client. */
export function auditLogUrl(query: AuditLogQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search === '' ? STAFF_AUDIT_LOG_PATH : `${STAFF_AUDIT_LOG_PATH}?${search}`
}
