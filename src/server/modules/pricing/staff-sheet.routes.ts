import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { PriceSheetParamsSchema, SheetVersionParamsSchema } from '#shared/contracts/price-sheet.contract.ts'
import {
  EvaluateSheetRequestSchema,
  EvaluateSheetResponseSchema,
  ReplaySheetRequestSchema,
  ReplaySheetResponseSchema,
  RestoreSheetResponseSchema,
  SheetDiffQuerySchema,
  SheetDiffResponseSchema,
  staffSheetPaths,
  StaffUploadListQuerySchema,
  StaffUploadListResponseSchema,
  STAFF_UPLOADS_PATH,
} from '#shared/contracts/staff-sheet.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import { staffUserOf } from '#server/modules/auth/auth.module.ts'
import type { StaffSheetService } from '#server/modules/pricing/staff-sheet.service.ts'

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

/** Fastify's `:name` placeholder in a path built by staffSheetPaths (which encodes its arguments). */
const withParam = (path: string, name: string) => path.replace(`%3A${name}`, `:${name}`)

/** The sheet editor's routes of staff-sheet.contract.ts; every one needs a staff session. */
export function createStaffSheetRoutes(deps: {
  sheets: StaffSheetService
  requireStaff: PreHandler
}): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', deps.requireStaff)
    const printModeId = (request: FastifyRequest) => PriceSheetParamsSchema.parse(request.params).id
    const versionId = (request: FastifyRequest) => SheetVersionParamsSchema.parse(request.params).versionId

    app.post(withParam(staffSheetPaths.evaluate(':id'), 'id'), async (request) =>
      parseResponse(
        EvaluateSheetResponseSchema,
        await deps.sheets.evaluate(printModeId(request), EvaluateSheetRequestSchema.parse(request.body)),
      ),
    )
    app.post(withParam(staffSheetPaths.replay(':id'), 'id'), async (request) =>
      parseResponse(
        ReplaySheetResponseSchema,
        await deps.sheets.replay(printModeId(request), ReplaySheetRequestSchema.parse(request.body)),
      ),
    )
    app.get(withParam(staffSheetPaths.diff(':versionId', '').split('?')[0]!, 'versionId'), async (request) =>
      parseResponse(
        SheetDiffResponseSchema,
        await deps.sheets.diff(versionId(request), SheetDiffQuerySchema.parse(request.query).against),
      ),
    )
    app.get(STAFF_UPLOADS_PATH, async (request) =>
      parseResponse(
        StaffUploadListResponseSchema,
        await deps.sheets.uploads(StaffUploadListQuerySchema.parse(request.query)),
      ),
    )
    app.post(withParam(staffSheetPaths.restore(':versionId'), 'versionId'), async (request, reply) => {
      const version = await deps.sheets.restore(staffUserOf(request).id, versionId(request))
      return reply.code(201).send(parseResponse(RestoreSheetResponseSchema, { version }))
    })
  }
}
