import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  AuditLogQuerySchema,
  AuditLogResponseSchema,
  STAFF_AUDIT_LOG_PATH,
} from '#shared/contracts/staff-audit.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { AuditLogRepo } from '#server/modules/catalogue/staff/audit-log.repo.ts'

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

/** `GET /api/staff/audit-log`: the audit log with filters and paging (staff only). */
export function createAuditLogRoutes(deps: {
  log: AuditLogRepo
  requireStaff: PreHandler
}): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', deps.requireStaff)
    app.get(STAFF_AUDIT_LOG_PATH, async (request) => {
      const query = AuditLogQuerySchema.parse(request.query)
      const page = await deps.log.page(query)
      return parseResponse(AuditLogResponseSchema, { ...page, page: query.page, pageSize: query.pageSize })
    })
  }
}
