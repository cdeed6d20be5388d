import type { z } from 'zod'
import type { AuditEntry, AuditLogQuerySchema } from '#shared/contracts/staff-audit.contract.ts'
import type { Queryable } from '#server/db/db.ts'

/**
 * Reads `staff_audit_log` (migration 004), newest first, with the filters of the workspace's audit view. The
 * catalogue writes the log (staff-catalogue.repo.ts `audit`), so the catalogue reads it too.
 */

interface AuditRow {
  id: string
  created_at: Date
  user_id: string
  username: string
  action: AuditEntry['action']
  entity: string
  entity_id: string
  details: unknown
  total: string
}

type AuditFilter = z.output<typeof AuditLogQuerySchema>

/** The WHERE clause and its parameters; each filter adds one placeholder. */
function whereOf(filter: AuditFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = []
  const params: unknown[] = []
  const add = (clause: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    clauses.push(clause(`$${params.length}`))
  }
  if (filter.actor !== undefined) add((p) => `(u.id = ${p} OR u.username = ${p})`, filter.actor)
  if (filter.entity !== undefined) add((p) => `a.entity = ${p}`, filter.entity)
  if (filter.entityId !== undefined) add((p) => `a.entity_id = ${p}`, filter.entityId)
  // Whole UTC days: `to` includes its own day.
  if (filter.from !== undefined) add((p) => `a.created_at >= (${p}::date)::timestamptz`, filter.from)
  if (filter.to !== undefined) add((p) => `a.created_at < (${p}::date + 1)::timestamptz`, filter.to)
  return { sql: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, params }
}

export function createAuditLogRepo(db: Queryable) {
  return {
    async page(filter: AuditFilter): Promise<{ entries: AuditEntry[]; total: number }> {
      const where = whereOf(filter)
      const offset = (filter.page - 1) * filter.pageSize
      const { rows } = await db.query<AuditRow>(
        `SELECT a.id::text AS id, a.created_at, a.user_id, u.username, a.action, a.entity, a.entity_id, a.details,
                count(*) OVER ()::text AS total
         FROM staff_audit_log a JOIN users u ON u.id = a.user_id
         ${where.sql}
         ORDER BY a.created_at DESC, a.id DESC
         LIMIT ${filter.pageSize} OFFSET ${offset}`,
        where.params,
      )
      const total = rows[0] === undefined ? await countOf(db, where) : Number(rows[0].total)
      return {
        entries: rows.map((row) => ({
          id: row.id,
          at: new Date(row.created_at).toISOString(),
          actor: { id: row.user_id, username: row.username },
          action: row.action,
          entity: row.entity,
          entityId: row.entity_id,
          details: row.details ?? null,
        })),
        total,
      }
    },
  }
}
export type AuditLogRepo = ReturnType<typeof createAuditLogRepo>

/** A page past the end has no row to carry the window count: count on its own. */
async function countOf(db: Queryable, where: { sql: string; params: unknown[] }): Promise<number> {
  const { rows } = await db.query<{ total: string }>(
    `SELECT count(*)::text AS total FROM staff_audit_log a JOIN users u ON u.id = a.user_id ${where.sql}`,
    where.params,
  )
  return Number(rows[0]?.total ?? 0)
}
