import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  PriceSheetParamsSchema,
  priceSheetPaths,
  SaveSheetRequestSchema,
  SheetVersionListResponseSchema,
  SheetVersionParamsSchema,
  SheetVersionResponseSchema,
  SheetWhiteLabelQuerySchema,
  TestSheetRequestSchema,
  TestSheetResponseSchema,
} from '#shared/contracts/price-sheet.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import { staffUserOf } from '#server/modules/auth/auth.module.ts'
import type { PriceSheetService } from '#server/modules/pricing/price-sheet.service.ts'

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

/** The price sheet routes (price-sheet.contract.ts); every one needs a staff session. */
export function createPriceSheetRoutes(deps: {
  sheets: PriceSheetService
  requireStaff: PreHandler
}): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', deps.requireStaff)
    const printModeId = (request: FastifyRequest) => PriceSheetParamsSchema.parse(request.params).id
    const whiteLabelId = (request: FastifyRequest) =>
      SheetWhiteLabelQuerySchema.parse(request.query).whiteLabelId

    app.get(priceSheetPaths.current(':id').replace('%3Aid', ':id'), async (request) =>
      parseResponse(SheetVersionResponseSchema, {
        version: await deps.sheets.current(printModeId(request), whiteLabelId(request)),
      }),
    )
    app.get(priceSheetPaths.versions(':id').replace('%3Aid', ':id'), async (request) =>
      parseResponse(SheetVersionListResponseSchema, {
        versions: await deps.sheets.versions(printModeId(request), whiteLabelId(request)),
      }),
    )
    app.get(priceSheetPaths.version(':versionId').replace('%3AversionId', ':versionId'), async (request) =>
      parseResponse(SheetVersionResponseSchema, {
        version: await deps.sheets.version(SheetVersionParamsSchema.parse(request.params).versionId),
      }),
    )
    app.put(priceSheetPaths.current(':id').replace('%3Aid', ':id'), async (request, reply) => {
      const version = await deps.sheets.save(
        staffUserOf(request).id,
        printModeId(request),
        SaveSheetRequestSchema.parse(request.body),
      )
      return reply.code(201).send(parseResponse(SheetVersionResponseSchema, { version }))
    })
    app.post(priceSheetPaths.test(':id').replace('%3Aid', ':id'), async (request) =>
      parseResponse(
        TestSheetResponseSchema,
        await deps.sheets.test(printModeId(request), TestSheetRequestSchema.parse(request.body)),
      ),
    )
  }
}
