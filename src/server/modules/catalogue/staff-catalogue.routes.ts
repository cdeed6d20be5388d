import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { StaffIdParamsSchema } from '#shared/contracts/staff-catalogue.contract.ts'
import { staffUserOf } from '#server/modules/auth/auth.module.ts'
import type { StaffCatalogueService } from '#server/modules/catalogue/staff-catalogue.service.ts'
import {
  registerArchiveRoutes,
  registerColorRoutes,
  registerFinishRoutes,
  registerNamedRoutes,
  registerPrintModeRoutes,
  registerStepRoutes,
  registerWhiteLabelRoutes,
  type StaffRouteContext,
} from '#server/modules/catalogue/staff/staff-entity.routes.ts'
import { registerThumbnailAndKeyRoutes } from '#server/modules/catalogue/staff/thumbnail-and-key.routes.ts'

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

/**
 * `/api/staff/{resource}`: GET lists everything (archived rows too), POST creates (201), PATCH `/{id}` updates,
 * POST `/{id}/archive` and `/{id}/restore` hide and show again. No DELETE: nothing an order may name is deleted.
 * Each entity's routes are in staff/staff-entity.routes.ts, the colour thumbnail upload and the white labels' API
 * keys in staff/thumbnail-and-key.routes.ts; all run behind the staff pre-handler.
 */
export function createStaffCatalogueRoutes(deps: {
  staff: StaffCatalogueService
  requireStaff: PreHandler
}): FastifyPluginAsync {
  const context: StaffRouteContext = {
    staff: deps.staff,
    userOf: (request) => staffUserOf(request).id,
    idOf: (request) => StaffIdParamsSchema.parse(request.params).id,
  }
  return async (app) => {
    app.addHook('preHandler', deps.requireStaff)
    registerWhiteLabelRoutes(app, context)
    registerNamedRoutes(app, context)
    registerFinishRoutes(app, context)
    registerColorRoutes(app, context)
    registerStepRoutes(app, context)
    registerPrintModeRoutes(app, context)
    registerArchiveRoutes(app, context)
    await registerThumbnailAndKeyRoutes(app, context)
  }
}
