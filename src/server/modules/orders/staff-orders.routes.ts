import { createReadStream } from 'node:fs'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  ChangeOrderStatusRequestSchema,
  PrintabilityNoteRequestSchema,
  PrintabilityNoteResponseSchema,
  StaffCustomerParamsSchema,
  StaffOrderDetailResponseSchema,
  StaffOrderListQuerySchema,
  StaffOrderListResponseSchema,
  StaffOrderLineParamsSchema,
  StaffOrderParamsSchema,
  VerifyCompanyResponseSchema,
} from '#shared/contracts/staff-orders.contract.ts'
import { attachmentDisposition } from '#shared/contracts/content-disposition.ts'
import { parseResponse } from '#server/http/respond.ts'
import { staffUserOf } from '#server/modules/auth/auth.module.ts'
import type { StaffOrdersService } from '#server/modules/orders/staff-orders.service.ts'

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

/**
 * The order back office (issue 17): `/api/staff/orders` (list, one order, a line's file, status change, mark paid,
 * printability note) and
 * `/api/staff/customers/{userId}/verify-company`. All behind the staff pre-handler (cross-origin 403, visitor 401,
 * customer 403), which runs before any parameter or body is read.
 */
export function createStaffOrdersRoutes(deps: {
  staff: StaffOrdersService
  requireStaff: PreHandler
}): FastifyPluginAsync {
  const { staff } = deps
  const orderIdOf = (request: FastifyRequest) => StaffOrderParamsSchema.parse(request.params).orderId
  return async (app) => {
    app.addHook('preHandler', deps.requireStaff)

    app.get('/api/staff/orders', async (request) =>
      parseResponse(
        StaffOrderListResponseSchema,
        await staff.list(StaffOrderListQuerySchema.parse(request.query)),
      ),
    )

    app.get('/api/staff/orders/:orderId', async (request) =>
      parseResponse(StaffOrderDetailResponseSchema, await staff.detail(orderIdOf(request))),
    )

    app.post('/api/staff/orders/:orderId/status', async (request) => {
      const orderId = orderIdOf(request)
      const body = ChangeOrderStatusRequestSchema.parse(request.body)
      await staff.changeStatus(orderId, body.to, staffUserOf(request).id, body.note)
      return parseResponse(StaffOrderDetailResponseSchema, await staff.detail(orderId))
    })

    app.post('/api/staff/orders/:orderId/mark-paid', async (request) => {
      const orderId = orderIdOf(request)
      await staff.markPaid(orderId, staffUserOf(request).id)
      return parseResponse(StaffOrderDetailResponseSchema, await staff.detail(orderId))
    })

    app.post('/api/staff/orders/:orderId/printability-note', async (request) => {
      const orderId = orderIdOf(request)
      const body = PrintabilityNoteRequestSchema.parse(request.body)
      const sent = await staff.printabilityNote(orderId, body.lineId, body.message, staffUserOf(request).id)
      return parseResponse(PrintabilityNoteResponseSchema, { ...(await staff.detail(orderId)), ...sent })
    })

    app.get('/api/staff/orders/:orderId/lines/:lineId/file', async (request, reply) => {
      const { orderId, lineId } = StaffOrderLineParamsSchema.parse(request.params)
      const file = await staff.lineFile(orderId, lineId)
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path))
    })

    app.post('/api/staff/customers/:userId/verify-company', async (request) => {
      const { userId } = StaffCustomerParamsSchema.parse(request.params)
      await staff.verifyCompany(userId, staffUserOf(request).id)
      return parseResponse(VerifyCompanyResponseSchema, { userId, isVerifiedCompany: true })
    })
  }
}
